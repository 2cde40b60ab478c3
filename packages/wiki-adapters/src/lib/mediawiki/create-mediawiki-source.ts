import { WikiSourceError } from '../wiki-source-error.js'
import {
  ApiClient,
  isObject,
  upstream,
  type ApiBody,
  type ApiCall,
  type MediaWikiRequestEvent,
} from './api-client.js'
import { isNonNegativeInteger, isPositiveInteger } from './api-values.js'
import { backlinks, type Backlinks, type BacklinksOptions } from './backlinks.js'
import {
  categoryMembers,
  type CategoryMembers,
  type CategoryMembersOptions,
} from './category-members.js'
import { FALLBACK_LINK_PREFIXES, linkPrefixesFromSiteInfo } from './link-prefixes.js'
import { ListReader } from './list-reader.js'
import { pageCategories, type PageCategories } from './page-categories.js'
import { fromToMap } from './query-title.js'
import { prefixSearch, type PrefixSearchHit } from './prefix-search.js'
import { recentChanges, type RecentChanges, type RecentChangesOptions } from './recent-changes.js'
import { siteInfoFrom, type SiteInfo } from './site-info.js'
import { LruCache, TtlCache } from './lru-cache.js'
import { fetchPageHistory, type HistoryOptions, type MediaWikiHistory } from './page-history.js'
import type { RecordingStore } from './recording-store.js'
import { resolveTitle, type ResolvedTitle } from './resolve-title.js'
import {
  canonicalTemplateName,
  compareCodePoints,
  selfAttestingType,
  type AdmonitionType,
} from './template-name.js'

export interface MediaWikiSourceOptions {
  /** The wiki's `api.php`, e.g. `https://wiki.archlinux.org/api.php`. */
  readonly apiUrl: string
  /** Sends every request; default `globalThis.fetch`. Tests inject one and assert the requests. */
  readonly fetch?: typeof globalThis.fetch | undefined
  /** Sent on every request, e.g. `arch-wiki-mcp/1.0.0 (+https://github.com/…)`. */
  readonly userAgent?: string | undefined
  /** Per request, in ms (default 30 000). */
  readonly timeout?: number | undefined
  /** Largest response body accepted, in bytes (default 32 MiB); a larger one is upstream. */
  readonly maxResponseBytes?: number | undefined
  /** Extra attempts for HTTP 429/503 and `maxlag` (default 2). Other failures are not retried. */
  readonly retries?: number | undefined
  /** First backoff in ms, doubled per attempt, unless the wiki sends `Retry-After` (default 1000). */
  readonly retryDelay?: number | undefined
  /** TTL in ms of title → revision, alias and siteinfo entries; 0 disables them (default 60 000). */
  readonly cacheTtl?: number | undefined
  /** Bound of the revision cache, in bytes of wikitext (UTF-16) (default 64 MiB). */
  readonly cacheMaxBytes?: number | undefined
  /** Replay: read every call from this store instead of the network. */
  readonly offline?: RecordingStore | undefined
  /** Record: write every live answer to this store (existing files kept unless `force`). */
  readonly record?: { readonly store: RecordingStore; readonly force?: boolean } | undefined
  /** Observes each request (a fetch attempt or a replay read). */
  readonly onRequest?: ((event: MediaWikiRequestEvent) => void) | undefined
  /** API `warnings` and degraded answers are reported here, never thrown. */
  readonly onWarning?: ((message: string) => void) | undefined
  /** Clock for the TTL caches (default `Date.now`). */
  readonly now?: (() => number) | undefined
  /** Waits between retries (default `setTimeout`); tests pass a fake. */
  readonly sleep?: ((ms: number) => Promise<void>) | undefined
  /**
   * The admonition a template name (without `Template:`) stands for by itself on this wiki, or
   * `null`: such names are not looked up, and a redirect counts as an alias only when its target
   * is one. Default {@link selfAttestingType}, the Arch Wiki's Note, Warning, Tip and Caution.
   */
  readonly admonitionType?: ((templateName: string) => AdmonitionType | null) | undefined
}

/** One section of a parse, with the API's values and types (`linkAnchor` as the API names it). */
export interface MediaWikiSection {
  readonly toclevel: number
  readonly level: string
  readonly line: string
  readonly number: string
  readonly index: string
  readonly fromtitle: string | false | null
  /** Code-point offset, or `null` for a transcluded section. */
  readonly byteoffset: number | null
  readonly anchor: string
  readonly linkAnchor: string
}

/** A parsed revision: never changes, so it is cached by revid. */
export interface MediaWikiRevision {
  /** The title the wiki served (cite this one). */
  readonly title: string
  readonly pageid: number
  readonly revid: number
  readonly wikitext: string
  readonly sections: readonly MediaWikiSection[]
}

/** The current revision of a page fetched by title. */
export interface MediaWikiPage extends MediaWikiRevision {
  /** The title MediaWiki redirected from (`redirects[0].from`), or `null`. */
  readonly redirectedFrom: string | null
}

export interface MediaWikiSearchHit {
  readonly ns: number
  readonly title: string
  readonly pageid: number
  /** As the wiki sent it: may hold highlight HTML and wikitext. */
  readonly snippet: string
}

export interface MediaWikiSearchResults {
  /** The exact-title hit (`srwhat=nearmatch`, `srlimit=1`): zero or one. */
  readonly nearmatch: readonly MediaWikiSearchHit[]
  /** Full-text hits (`srwhat=text`) in the wiki's order. */
  readonly text: readonly MediaWikiSearchHit[]
}

export interface LinkPrefixes {
  /** Lower-cased namespace names, aliases and interwiki prefixes. */
  readonly prefixes: ReadonlySet<string>
  /** `fallback` when siteinfo could not be read; such a set is never cached. */
  readonly from: 'siteinfo' | 'fallback'
}

/** What a template name means, as resolved against the wiki. */
export type TemplateAlias =
  | {
      readonly kind: 'admonition'
      readonly type: AdmonitionType
      /** The redirect's title without namespace, e.g. `Attention`. */
      readonly alias: string
      /** The target's full title, e.g. `Template:Warning (Français)`. */
      readonly aliasTarget: string
      /** The revision of the redirect page itself. */
      readonly aliasRevid: number
    }
  | { readonly kind: 'none' }
  /** An admonition that cannot be attested (multi-hop, or an unreadable redirect revision). */
  | { readonly kind: 'unresolvable'; readonly reason: string }

export interface GetPageOptions {
  /** Skip the title → revision TTL entry (recheck). The revid cache still applies. */
  readonly fresh?: boolean | undefined
}

export interface MediaWikiSource {
  /** The `api.php` URL every request goes to. */
  readonly apiUrl: string
  /** The current revision of `title`, following redirects. */
  getPage(title: string, options?: Readonly<GetPageOptions> | null): Promise<MediaWikiPage>
  /** A revision by id, with its sections. */
  getRevision(revid: number): Promise<MediaWikiRevision>
  /**
   * A revision's wikitext with exactly the request of `revision_wikitext_url`
   * (`prop=wikitext`), unless the revision is cached.
   */
  getRevisionWikitext(
    revid: number,
  ): Promise<{ readonly title: string; readonly revid: number; readonly wikitext: string }>
  /** One page of a page's history, newest first: one request. */
  history(title: string, options: Readonly<HistoryOptions>): Promise<MediaWikiHistory>
  /** The page a title names now (normalised, one redirect followed): one request. */
  resolveTitle(title: string): Promise<ResolvedTitle>
  /** Exact-title search, then full-text search: two requests, in that order. */
  search(query: string, limit: number): Promise<MediaWikiSearchResults>
  /** The link prefixes to exclude, from siteinfo or, on an outage, the static fallback. */
  linkPrefixes(): Promise<LinkPrefixes>
  /**
   * Resolves the template names used on the page `servedTitle` (names as written; self-attesting
   * and unsendable names are skipped). Keys of the result are {@link canonicalTemplateName}s.
   * Throws the original error when the wiki cannot answer: never a partial map.
   */
  resolveTemplateAliases(
    servedTitle: string,
    names: Iterable<string>,
  ): Promise<ReadonlyMap<string, TemplateAlias>>
  /** The categories of a page (hidden ones marked), following redirects. */
  pageCategories(title: string): Promise<PageCategories>
  /** One page of a category's members, with the category's counts. */
  categoryMembers(options: Readonly<CategoryMembersOptions>): Promise<CategoryMembers>
  /** One page of the links, redirects and transclusions pointing at a page. */
  backlinks(options: Readonly<BacklinksOptions>): Promise<Backlinks>
  /** One page of the wiki's recent changes, newest first. */
  recentChanges(options: Readonly<RecentChangesOptions>): Promise<RecentChanges>
  /** Titles starting with a prefix (the wiki's completion search). */
  prefixSearch(prefix: string, limit: number): Promise<readonly PrefixSearchHit[]>
  /** Site name, language, title case and namespaces (with aliases) from siteinfo. */
  siteInfo(): Promise<SiteInfo>
}

const DEFAULT_USER_AGENT = 'wiki-mcp/0.0.0 (+https://github.com/wiki-mcp/wiki-mcp)'
const BATCH = 50

interface TitleEntry {
  readonly revid: number
  readonly redirectedFrom: string | null
}

/**
 * A MediaWiki API client for citation tools: parse by title and revid,
 * search, siteinfo link prefixes and template aliases, with caching, single-flight, retries for
 * idempotent requests, offline replay and recording.
 */
export function createMediaWikiSource(options: Readonly<MediaWikiSourceOptions>): MediaWikiSource {
  const apiUrl = options.apiUrl
  try {
    const parsed = new URL(apiUrl)
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('scheme')
  } catch {
    throw new WikiSourceError(
      'invalid_arguments',
      `apiUrl ${JSON.stringify(apiUrl)} is not an absolute http(s) URL of api.php.`,
    )
  }
  if (options.offline !== undefined && options.record !== undefined) {
    throw new WikiSourceError('invalid_arguments', 'offline and record cannot be combined.')
  }
  const now = options.now ?? Date.now
  const admonitionType = options.admonitionType ?? selfAttestingType
  const ttl = options.cacheTtl ?? 60_000
  const client = new ApiClient({
    apiUrl,
    fetch: options.fetch ?? globalThis.fetch.bind(globalThis),
    userAgent: options.userAgent ?? DEFAULT_USER_AGENT,
    timeout: options.timeout ?? 30_000,
    maxBytes: options.maxResponseBytes ?? 32 * 1024 * 1024,
    retries: options.retries ?? 2,
    retryDelay: options.retryDelay ?? 1000,
    sleep: options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
    offline: options.offline,
    record:
      options.record === undefined
        ? undefined
        : { store: options.record.store, force: options.record.force ?? false },
    onRequest: options.onRequest,
    onWarning: options.onWarning,
  })
  const revisions = new LruCache<number, MediaWikiRevision>(
    options.cacheMaxBytes ?? 64 * 1024 * 1024,
  )
  const titles = new TtlCache<string, TitleEntry>(ttl, now)
  const aliases = new TtlCache<string, TemplateAlias>(ttl, now)
  const prefixCache = new TtlCache<'siteinfo', ReadonlySet<string>>(ttl, now)
  // Search answers change only as the wiki's index does; a short TTL spares the two requests
  // an agent's repeated or paged-over query would cost.
  const searches = new TtlCache<string, MediaWikiSearchResults>(ttl, now, 1000)

  // Lists change with every edit: kept for the title TTL, within 8 MiB.
  const lists = new ListReader(client, { ttl, now, maxBytes: 8 * 1024 * 1024 })
  const checkLimit = (limit: number): void => {
    if (!Number.isSafeInteger(limit) || limit < 1 || limit > 500) {
      throw new WikiSourceError(
        'invalid_arguments',
        `limit must be an integer from 1 to 500, got ${String(limit)}.`,
      )
    }
  }

  const remember = (revision: MediaWikiRevision): void => {
    revisions.set(revision.revid, revision, revision.wikitext.length * 2)
  }

  const getPage = async (
    title: string,
    pageOptions?: Readonly<GetPageOptions> | null,
  ): Promise<MediaWikiPage> => {
    if (pageOptions?.fresh !== true) {
      const entry = titles.get(title)
      const revision = entry === undefined ? undefined : revisions.get(entry.revid)
      if (entry !== undefined && revision !== undefined) {
        return { ...revision, redirectedFrom: entry.redirectedFrom }
      }
    }
    const body = await client.call({
      action: 'parse',
      params: [
        ['page', title],
        ['prop', 'wikitext|sections|revid'],
        ['redirects', '1'],
      ],
      key: title,
      subject: JSON.stringify(title),
    })
    const revision = readParse(body, title)
    const parse = body.parse as Record<string, unknown>
    const redirects = Array.isArray(parse.redirects) ? (parse.redirects as unknown[]) : []
    const first = redirects[0]
    const redirectedFrom = isObject(first) && typeof first.from === 'string' ? first.from : null
    remember(revision)
    titles.set(title, { revid: revision.revid, redirectedFrom })
    return { ...revision, redirectedFrom }
  }

  const revisionCall = (revid: number, prop: string): ApiCall => {
    if (!Number.isSafeInteger(revid) || revid <= 0) {
      throw new WikiSourceError(
        'invalid_arguments',
        `revid must be a positive integer, got ${String(revid)}.`,
      )
    }
    return {
      action: 'parse',
      params: [
        ['oldid', String(revid)],
        ['prop', prop],
      ],
      key: `oldid_${revid}`,
      revid,
      subject: `revision ${revid}`,
    }
  }

  // A revision whose text revision deletion hid answers `permissiondenied`: not an outage, so it
  // gets its own code instead of the retryable upstream one.
  const callRevision = async (revid: number, prop: string): Promise<ApiBody> => {
    try {
      return await client.call(revisionCall(revid, prop))
    } catch (error) {
      if (error instanceof WikiSourceError && error.data?.apiCode === 'permissiondenied') {
        throw new WikiSourceError(
          'permission_denied',
          `Revision ${revid} is hidden on this wiki (revision deletion): its text cannot be read.`,
          { cause: error, data: { apiCode: 'permissiondenied' } },
        )
      }
      throw error
    }
  }

  const getRevision = async (revid: number): Promise<MediaWikiRevision> => {
    const cached = revisions.get(revid)
    if (cached !== undefined) return cached
    const body = await callRevision(revid, 'wikitext|sections|revid')
    const revision = readParse(body, `revision ${revid}`)
    if (revision.revid !== revid) {
      throw upstream(`asked for revision ${revid}, the wiki served revision ${revision.revid}`)
    }
    remember(revision)
    return revision
  }

  const getRevisionWikitext: MediaWikiSource['getRevisionWikitext'] = async (revid) => {
    const cached = revisions.get(revid)
    if (cached !== undefined) {
      return { title: cached.title, revid, wikitext: cached.wikitext }
    }
    const body = await callRevision(revid, 'wikitext')
    const parse = body.parse
    if (!isObject(parse)) throw upstream(`no "parse" in the answer for revision ${revid}`)
    const wikitext = readWikitext(parse.wikitext)
    if (wikitext === undefined || typeof parse.title !== 'string') {
      throw upstream(`no wikitext or title in the answer for revision ${revid}`)
    }
    // A replayed full parse knows its revid; a live prop=wikitext answer may omit it.
    if (parse.revid !== undefined && parse.revid !== revid) {
      throw upstream(
        `asked for revision ${revid}, the wiki served revision ${JSON.stringify(parse.revid)}`,
      )
    }
    return { title: parse.title, revid, wikitext }
  }

  const searchOnce = async (
    query: string,
    what: 'nearmatch' | 'text',
    limit: number,
  ): Promise<MediaWikiSearchHit[]> => {
    const body = await client.call({
      action: 'query',
      params: [
        ['list', 'search'],
        ['srsearch', query],
        ['srlimit', String(limit)],
        ['srwhat', what],
      ],
      key: what === 'nearmatch' ? `nearmatch_${query}` : query,
      subject: JSON.stringify(query),
    })
    const search = isObject(body.query) ? body.query.search : undefined
    if (!Array.isArray(search)) {
      throw upstream(
        `no "query.search" in the answer to the ${what} search for ${JSON.stringify(query)}`,
      )
    }
    return search.flatMap((hit: unknown): MediaWikiSearchHit[] =>
      isObject(hit) && typeof hit.title === 'string' && typeof hit.pageid === 'number'
        ? [
            {
              ns: typeof hit.ns === 'number' ? hit.ns : 0,
              title: hit.title,
              pageid: hit.pageid,
              snippet: typeof hit.snippet === 'string' ? hit.snippet : '',
            },
          ]
        : [],
    )
  }

  const search = async (query: string, limit: number): Promise<MediaWikiSearchResults> => {
    if (!Number.isSafeInteger(limit) || limit < 1 || limit > 500) {
      throw new WikiSourceError(
        'invalid_arguments',
        `limit must be an integer from 1 to 500, got ${String(limit)}.`,
      )
    }
    const key = `${limit}\u0000${query}`
    const cached = searches.get(key)
    if (cached !== undefined) return cached
    // srwhat has no default on some wikis (titles only), so both kinds are always explicit.
    const nearmatch = await searchOnce(query, 'nearmatch', 1)
    const text = await searchOnce(query, 'text', limit)
    const results = { nearmatch, text }
    searches.set(key, results)
    return results
  }

  const linkPrefixes = async (): Promise<LinkPrefixes> => {
    const cached = prefixCache.get('siteinfo')
    if (cached !== undefined) return { prefixes: cached, from: 'siteinfo' }
    let reason: string
    try {
      const body = await client.call({
        action: 'query',
        params: [
          ['meta', 'siteinfo'],
          ['siprop', 'namespaces|namespacealiases|interwikimap'],
        ],
        key: 'siteinfo',
        subject: 'siteinfo',
      })
      const prefixes = isObject(body.query)
        ? linkPrefixesFromSiteInfo(body.query)
        : new Set<string>()
      if (prefixes.size > 0) {
        prefixCache.set('siteinfo', prefixes)
        return { prefixes, from: 'siteinfo' }
      }
      reason = 'siteinfo listed no namespaces or interwiki prefixes'
    } catch (error) {
      // An outage degrades to the fallback; a missing recording or a bug stays loud.
      if (!(error instanceof WikiSourceError) || error.code !== 'upstream_api_error') throw error
      reason = error.message
    }
    options.onWarning?.(`Using the static link-prefix fallback: ${reason}`)
    return { prefixes: new Set(FALLBACK_LINK_PREFIXES), from: 'fallback' }
  }

  const resolveTemplateAliases: MediaWikiSource['resolveTemplateAliases'] = async (
    servedTitle,
    names,
  ) => {
    const result = new Map<string, TemplateAlias>()
    const toSend = new Set<string>()
    for (const name of names) {
      if (admonitionType(name) !== null) continue
      const canonical = canonicalTemplateName(name)
      if (canonical === null || result.has(canonical)) continue
      const cached = aliases.get(canonical)
      if (cached !== undefined) result.set(canonical, cached)
      else toSend.add(canonical)
    }
    const sorted = [...toSend].sort(compareCodePoints)
    const batches = chunk(sorted, BATCH)

    // Step 2: one query per batch of 50, following normalisation and redirects.
    const oneHop = new Map<string, { redirect: string; target: string; type: AdmonitionType }>()
    const fresh = new Map<string, TemplateAlias>()
    for (const [index, batch] of batches.entries()) {
      const body = await client.call({
        action: 'query',
        params: [
          ['titles', batch.map((name) => `Template:${name}`).join('|')],
          ['redirects', '1'],
        ],
        key: `aliases_${servedTitle}${batches.length > 1 ? `_${index + 1}` : ''}`,
        subject: JSON.stringify(servedTitle),
      })
      if (!isObject(body.query)) {
        throw upstream(
          `no "query" in the answer to the template alias query for ${JSON.stringify(servedTitle)}`,
        )
      }
      const normalized = fromToMap(body.query.normalized)
      const redirects = fromToMap(body.query.redirects)
      for (const name of batch) {
        const sent = `Template:${name}`
        const title = normalized.get(sent) ?? sent
        const chain: string[] = []
        for (
          let at = redirects.get(title);
          at !== undefined && chain.length < 10;
          at = redirects.get(at)
        ) {
          if (chain.includes(at)) break
          chain.push(at)
        }
        const final = chain.at(-1)
        const type = final === undefined ? null : admonitionType(withoutNamespace(final))
        if (final === undefined || type === null) {
          fresh.set(name, { kind: 'none' })
        } else if (chain.length > 1) {
          fresh.set(name, {
            kind: 'unresolvable',
            reason: `${title} reaches ${final} through ${chain.length} redirects; one alias revision cannot attest the middle hop.`,
          })
        } else {
          oneHop.set(name, { redirect: title, target: final, type })
        }
      }
    }

    // Step 3: only when a one-hop alias exists, read the revisions of the redirect pages
    // themselves (no `redirects`, which would answer with the target's revid).
    if (oneHop.size > 0) {
      const redirectTitles = [...new Set([...oneHop.values()].map((hop) => hop.redirect))].sort(
        compareCodePoints,
      )
      const revids = new Map<string, number>()
      const revBatches = chunk(redirectTitles, BATCH)
      for (const [index, batch] of revBatches.entries()) {
        const body = await client.call({
          action: 'query',
          params: [
            ['titles', batch.join('|')],
            ['prop', 'revisions'],
            ['rvprop', 'ids'],
          ],
          key: `aliasrevs_${servedTitle}${revBatches.length > 1 ? `_${index + 1}` : ''}`,
          subject: JSON.stringify(servedTitle),
        })
        if (!isObject(body.query)) {
          throw upstream(
            `no "query" in the answer to the alias revision query for ${JSON.stringify(servedTitle)}`,
          )
        }
        const pages = body.query.pages
        for (const page of Array.isArray(pages)
          ? pages
          : isObject(pages)
            ? Object.values(pages)
            : []) {
          if (!isObject(page) || typeof page.title !== 'string' || !Array.isArray(page.revisions))
            continue
          const revision: unknown = page.revisions[0]
          if (isObject(revision) && typeof revision.revid === 'number') {
            revids.set(page.title, revision.revid)
          }
        }
      }
      for (const [name, hop] of oneHop) {
        const revid = revids.get(hop.redirect)
        fresh.set(
          name,
          revid === undefined
            ? {
                kind: 'unresolvable',
                reason: `No revision for redirect '${hop.redirect}': cannot attest that it denotes ${hop.type}.`,
              }
            : {
                kind: 'admonition',
                type: hop.type,
                alias: withoutNamespace(hop.redirect),
                aliasTarget: hop.target,
                aliasRevid: revid,
              },
        )
      }
    }

    for (const [name, alias] of fresh) {
      result.set(name, alias)
      // Only answers are cached; an unattestable alias is asked again next time.
      if (alias.kind !== 'unresolvable') aliases.set(name, alias)
    }
    return result
  }

  return {
    apiUrl,
    getPage,
    getRevision,
    getRevisionWikitext,
    history: (title, historyOptions) => fetchPageHistory(client, title, historyOptions),
    resolveTitle: (title) => resolveTitle(client, title),
    search,
    linkPrefixes,
    resolveTemplateAliases,
    pageCategories: (title) => pageCategories(lists, title),
    categoryMembers: async (listOptions) => {
      checkLimit(listOptions.limit)
      return categoryMembers(lists, listOptions)
    },
    backlinks: async (listOptions) => {
      checkLimit(listOptions.limit)
      return backlinks(lists, listOptions)
    },
    recentChanges: async (listOptions) => {
      checkLimit(listOptions.limit)
      return recentChanges(lists, listOptions)
    },
    prefixSearch: async (prefix, limit) => {
      checkLimit(limit)
      return prefixSearch(lists, prefix, limit)
    },
    siteInfo: () =>
      lists.read(
        {
          action: 'query',
          params: [
            ['meta', 'siteinfo'],
            ['siprop', 'general|namespaces|namespacealiases'],
            ['formatversion', '2'],
          ],
          key: 'siteinfo_general',
          subject: 'siteinfo',
        },
        (body) => siteInfoFrom(body.query),
      ),
  }
}

function readWikitext(value: unknown): string | undefined {
  if (typeof value === 'string') return value
  if (isObject(value) && typeof value['*'] === 'string') return value['*']
  return undefined
}

function readParse(body: ApiBody, subject: string): MediaWikiRevision {
  const parse = body.parse
  if (!isObject(parse)) throw upstream(`no "parse" in the answer for ${subject}`)
  const wikitext = readWikitext(parse.wikitext)
  if (parse.revid === undefined || typeof parse.title !== 'string' || wikitext === undefined) {
    throw upstream(`the parse of ${subject} lacks "revid", "title" or "wikitext"`)
  }
  if (!isPositiveInteger(parse.revid)) {
    throw upstream(
      `the parse of ${subject} has the revid ${JSON.stringify(parse.revid)}, not a positive integer`,
    )
  }
  if (parse.pageid !== undefined && !isPositiveInteger(parse.pageid)) {
    throw upstream(`the parse of ${subject} has a "pageid" that is not a positive integer`)
  }
  const sections = Array.isArray(parse.sections) ? parse.sections : []
  return {
    title: parse.title,
    pageid: typeof parse.pageid === 'number' ? parse.pageid : 0,
    revid: parse.revid,
    wikitext,
    sections: sections.filter(isObject).map(readSection),
  }
}

function readSection(section: Record<string, unknown>): MediaWikiSection {
  const text = (value: unknown): string =>
    typeof value === 'string' ? value : typeof value === 'number' ? String(value) : ''
  const fromtitle = section.fromtitle
  // A depth, as a number or a digit string; anything else (an object, NaN, a fraction) is not one.
  const toclevel =
    typeof section.toclevel === 'string' && /^\d{1,3}$/.test(section.toclevel)
      ? Number(section.toclevel)
      : (section.toclevel ?? 0)
  if (!isNonNegativeInteger(toclevel)) {
    throw upstream(`a section has the toclevel ${JSON.stringify(section.toclevel)}, not a depth`)
  }
  return {
    toclevel,
    level: text(section.level),
    line: text(section.line),
    number: text(section.number),
    index: text(section.index),
    fromtitle: typeof fromtitle === 'string' || fromtitle === false ? fromtitle : null,
    byteoffset: typeof section.byteoffset === 'number' ? section.byteoffset : null,
    anchor: text(section.anchor),
    linkAnchor: text(section.linkAnchor ?? section.anchor),
  }
}

function withoutNamespace(title: string): string {
  const colon = title.indexOf(':')
  return colon === -1 ? title : title.slice(colon + 1)
}

function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}
