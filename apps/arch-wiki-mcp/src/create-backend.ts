// The Backend of the running server: @wiki/wiki-adapters talks to the wiki, @wiki/wikitext-parser
// extracts, @wiki/provenance builds URLs and hashes. This file only adapts their shapes to the
// tools' seam (backend.ts).
import {
  createWikiSite,
  hashContent,
  pageUrl,
  revisionUrl,
  revisionWikitextUrl,
  unifiedDiff,
  type WikiSite,
} from '@wiki/provenance'
import {
  createMediaWikiSource,
  type MediaWikiSource,
  type MediaWikiSourceOptions,
  WikiSourceError,
} from '@wiki/wiki-adapters/mediawiki'
import {
  admonitionsOf,
  archwiki,
  cleanSnippet,
  codeBlocksOf,
  linksOf,
  roleOf,
  sectionOffsetLanding,
  sectionSliceAt,
  templateNamesOf,
  WikitextParserError,
  defineProfile,
  type AdmonitionType,
  type Profile,
} from '@wiki/wikitext-parser'
import type {
  Admonition,
  AliasResolution,
  ApiSection,
  Backend,
  CodeBlock,
  Link,
  Revision,
  SiteProfile,
} from './backend.js'
import type * as Markdown from '@wiki/wikitext-parser/markdown'
import { WikiFailure } from './backend.js'
import { createByteLru } from './byte-lru.js'
import { createWikiLists } from './create-wiki-lists.js'
import { parsePage } from './parse-page.js'
import { describeMismatches, pathMismatches, siteMisconfigured } from './site-paths.js'
import { IMPLICIT_SITE_NAME } from './sites.js'

/** A site without a template profile: no template is code or an admonition. */
const noTemplates = defineProfile({ name: 'none', templates: {} })
const PROFILES: Record<SiteProfile, Profile> = { archwiki, none: noTemplates }

export interface CreateBackendOptions {
  site: WikiSite
  /** The site's name in the settings (default `default`, the site of the flags). */
  name?: string
  /** Its template profile, built-in or defined (default `archwiki`, as the flags' site always was). */
  profile?: SiteProfile | Profile
  /** Everything but the API URL, which comes from the site. */
  source?: Omit<MediaWikiSourceOptions, 'apiUrl'>
}

const SOURCE_PATTERNS = {
  codeBlock: 'template_bc',
  fileBlock: 'template_hc',
  indented: 'indented_block',
} as const

/**
 * The template names warnings() sends for alias resolution (also used by the record script):
 * every name of the page (the names depend only on the page), whichever templates it holds.
 */
export function templateNames(wikitext: string): string[] {
  return templateNamesOf(parsePage(wikitext))
}

/**
 * Remembers a pure function of a wikitext. Revisions never change, so whatever is extracted from
 * one never changes either: a cached page answers commands, warnings, links and section without
 * parsing again. Keys are the texts themselves (the whole page is the same string object as the
 * revision cache holds, whose hash V8 keeps); the least recently used go first once the values'
 * estimated size passes `maxBytes`.
 */
function memo<T>(
  fn: (text: string) => T,
  maxBytes: number,
  sizeOf: (value: T, text: string) => number,
): (text: string) => T {
  const cache = createByteLru<T>(maxBytes)
  return (text) =>
    cache.through(
      text,
      () => fn(text),
      (value) => sizeOf(value, text),
    )
}

// Estimated sizes. A tree costs about 22 bytes of heap per character of wikitext (measured on the
// recorded GRUB page: 61 KB of text, 1.4 MB of tree); a string two bytes per character.
const TREE_BYTES_PER_CHAR = 24
const MB = 1024 * 1024
const stringBytes = (text: string) => 2 * text.length + 16
const listBytes = (items: readonly object[], strings: (item: never) => string[]) =>
  items.reduce<number>(
    (sum, item) => sum + 64 + strings(item as never).reduce((n, t) => n + stringBytes(t), 0),
    64,
  )

export function createBackend(
  options: CreateBackendOptions,
): Backend & { source: MediaWikiSource } {
  const { site } = options
  const chosen = options.profile ?? 'archwiki'
  const profile = typeof chosen === 'string' ? PROFILES[chosen] : chosen
  const listsAdmonitions = [...profile.templates.values()].some((r) => r.kind === 'admonition')
  // Trees are large (a node per construct) and needed only until a page's blocks, names, links
  // and slices are extracted, which are kept apart: about three 60 KB pages' worth.
  const tree = memo(
    (wikitext: string) => parsePage(wikitext),
    4 * MB,
    (_tree, text) => TREE_BYTES_PER_CHAR * text.length,
  )
  const codeBlocks = memo(
    (wikitext: string) =>
      codeBlocksOf(tree(wikitext), { profile }).map((block) => ({
        sourcePattern: SOURCE_PATTERNS[block.kind],
        raw: block.raw,
        content: block.text,
        placeholders: block.placeholders,
        header: block.header,
        sliceable: block.sliceable,
      })),
    4 * MB,
    (blocks) =>
      listBytes(blocks, (b: CodeBlock) => [
        b.raw,
        b.content,
        b.header ?? '',
        ...(b.placeholders ?? []),
      ]),
  )
  // The Markdown renderer (unified, remark) is loaded on the first section() call only: no other
  // tool renders, and loading it costs as much as the rest of start-up.
  let markdown: Promise<typeof Markdown> | undefined
  const rendered = createByteLru<string>(4 * MB)
  // Each name once: the adapter canonicalises and looks up every name it is given.
  const names = memo(
    (wikitext: string) => [...new Set(templateNamesOf(tree(wikitext)))],
    1 * MB,
    (list) => list.reduce((n, name) => n + stringBytes(name), 64),
  )
  const hashes = createByteLru<string>(2 * MB)
  const slices = createByteLru<Map<string, { start: number; end: number } | string>>(1 * MB)
  const admonitionLists = createByteLru<{ signature: string; list: Admonition[] }>(4 * MB)
  const linkLists = createByteLru<{ prefixes: ReadonlySet<string>; list: Link[] }>(4 * MB)
  const source = createMediaWikiSource({
    ...options.source,
    apiUrl: `${site.base}${site.apiPath}`,
    // A redirect is an admonition when it reaches one of this profile's admonition templates.
    // The Arch Wiki's names are the adapter's default, so its lookups stay as they were.
    admonitionType:
      profile === archwiki
        ? undefined
        : (name) => {
            const role = roleOf(profile, name)
            return role?.kind === 'admonition' ? role.type : null
          },
  })
  const siteName = options.name ?? IMPLICIT_SITE_NAME
  // Every siteinfo read the tools make also checks the configured URLs against the wiki's own
  // (no request of its own); a difference closes the site, since every URL it cites would be wrong.
  let misconfigured: string | null = null
  const checkedSource: MediaWikiSource = {
    ...source,
    async siteInfo() {
      const info = await source.siteInfo()
      const found = pathMismatches(site, info)
      if (found.length > 0) misconfigured ??= describeMismatches(siteName, found)
      if (misconfigured !== null) throw siteMisconfigured(misconfigured)
      return info
    },
  }

  const toRevision = (
    page: Omit<Revision, 'redirectedFrom' | 'sections'> & {
      sections: readonly (Omit<ApiSection, 'fromtitle'> & { fromtitle: string | false | null })[]
      redirectedFrom?: string | null
    },
  ): Revision => ({
    title: page.title,
    pageid: page.pageid,
    revid: page.revid,
    wikitext: page.wikitext,
    sections: page.sections.map((s) => ({ ...s, fromtitle: s.fromtitle ?? false })),
    redirectedFrom: page.redirectedFrom ?? null,
  })

  return {
    ...createWikiLists(checkedSource),
    source,
    site,
    siteName,
    get misconfigured() {
      return misconfigured
    },
    profile: profile.name,
    listsAdmonitions,
    pageUrl: (title, anchor) => pageUrl(site, title, anchor),
    revisionUrl: (revid, anchor) => revisionUrl(site, revid, anchor),
    revisionWikitextUrl: (revid) => revisionWikitextUrl(site, revid),
    // Extracted texts are the same string objects call after call, whose hash V8 keeps: a lookup
    // costs less than SHA-256 of a 60 KB page.
    hash: (text) =>
      hashes.through(
        text,
        () => hashContent(text),
        () => stringBytes(text) + 96,
      ),
    diff: (before, after, oldHeader, newHeader, diffOptions) =>
      unifiedDiff(before, after, { oldHeader, newHeader, maxWork: diffOptions?.maxWork }),

    page: async (title, pageOptions) =>
      toRevision(await source.getPage(title, { fresh: pageOptions?.fresh === true })),
    async revision(revid) {
      try {
        return toRevision(await source.getRevision(revid))
      } catch (error) {
        // Revision deletion hid the text: nothing can be quoted, and asking again will not help.
        if (error instanceof WikiSourceError && error.code === 'permission_denied') {
          throw new WikiFailure('evidence_unresolvable', error.message, { cause: error })
        }
        throw error
      }
    },
    history: async (title, historyOptions) => {
      const page = await source.history(title, historyOptions)
      return { ...page, revisions: [...page.revisions] }
    },
    resolveTitle: (title) => source.resolveTitle(title),
    async search(query, limit) {
      const { nearmatch, text } = await source.search(query, limit)
      return { exact: nearmatch[0] ?? null, text: [...text] }
    },
    linkPrefixes: () => source.linkPrefixes(),
    async templateAliases(revision) {
      // Without a profile no template is an admonition: nothing to resolve, no request.
      if (!listsAdmonitions) return new Map()
      let resolved
      try {
        resolved = await source.resolveTemplateAliases(revision.title, names(revision.wikitext))
      } catch (error) {
        // Keep the code (outage or missing recording); say why there is no answer at all.
        if (error instanceof Error) {
          error.message = `Cannot resolve template aliases for '${revision.title}': ${error.message} Refusing to return an English-only subset of the warnings as complete.`
        }
        throw error
      }
      const out = new Map<string, AliasResolution>()
      for (const [name, alias] of resolved) {
        if (alias.kind === 'admonition') {
          out.set(name, {
            type: alias.type,
            alias: alias.alias,
            aliasTarget: alias.aliasTarget,
            aliasRevid: alias.aliasRevid,
          })
        } else if (alias.kind === 'unresolvable') {
          out.set(name, { unresolvable: alias.reason })
        }
      }
      return out
    },

    sectionSlice(revision, section) {
      const { wikitext } = revision
      const offset = section.byteoffset as number
      const level = Number(section.level)
      // The slice ends at the next non-null offset of a later section: subsections excluded.
      const position = revision.sections.indexOf(section)
      const next = revision.sections.slice(position + 1).find((s) => s.byteoffset !== null)
      const nextOffset = next?.byteoffset ?? null
      const failure = (why: string) =>
        new WikiFailure(
          'evidence_unresolvable',
          `Section '${section.anchor}' in page '${revision.title}' did not resolve to a heading (${why})`,
        )
      // Remembered per page, so a page whose tree was evicted answers known sections unparsed.
      let known = slices.get(wikitext)
      if (known === undefined) {
        known = new Map()
        slices.set(wikitext, known, 64 * revision.sections.length + 256)
      }
      const key = `${offset}|${level}|${nextOffset}`
      let slice = known.get(key)
      if (slice === undefined) {
        try {
          slice =
            sectionSliceAt(wikitext, {
              codePointOffset: offset,
              level,
              nextCodePointOffset: nextOffset,
              tree: tree(wikitext),
            }) ??
            sectionOffsetLanding(wikitext, {
              codePointOffset: offset,
              level,
              nextCodePointOffset: nextOffset,
            })
        } catch (error) {
          // Section data no page can match (a negative offset, a level outside 1-6): fail closed.
          if (!(error instanceof WikitextParserError)) throw error
          slice = `the wiki's section entry was refused: ${error.message}`
        }
        known.set(key, slice)
      }
      if (typeof slice === 'string') throw failure(slice)
      return slice
    },
    codeBlocks,
    admonitions(wikitext, aliases) {
      const types = new Map<string, AdmonitionType>()
      // An unresolvable name still marks an admonition, so the tool can refuse it.
      for (const [name, a] of aliases) types.set(name, 'type' in a ? a.type : 'WARNING')
      // The same page with the same alias answer gives the same list (aliases expire by TTL).
      const signature = [...types].map(([name, type]) => `${name}\u0001${type}`).join('\u0000')
      const hit = admonitionLists.get(wikitext)
      if (hit?.signature === signature) return hit.list
      const list = admonitionsOf(tree(wikitext), { profile, aliases: types }).map((a) => ({
        type: a.type,
        name: a.name,
        aliasKey: a.alias,
        raw: a.raw,
        message: a.message,
      }))
      const bytes = listBytes(list, (a: Admonition) => [a.name, a.raw, a.message])
      admonitionLists.set(wikitext, { signature, list }, bytes + stringBytes(signature))
      return list
    },
    links(wikitext, excludedPrefixes) {
      // siteinfo's prefixes are one Set while cached; the fallback is a new Set each time.
      const hit = linkLists.get(wikitext)
      if (hit?.prefixes === excludedPrefixes) return hit.list
      const list = linksOf(tree(wikitext), { excludedPrefixes }).map((link) => ({
        targetPage: link.target ?? '',
        displayText: link.text,
        anchor: link.anchor,
      }))
      const bytes = listBytes(list, (l: Link) => [
        l.targetPage,
        l.displayText ?? '',
        l.anchor ?? '',
      ])
      linkLists.set(wikitext, { prefixes: excludedPrefixes, list }, bytes)
      return list
    },
    async renderSection(raw) {
      const hit = rendered.get(raw)
      if (hit !== undefined) return hit
      markdown ??= import('@wiki/wikitext-parser/markdown')
      const { toMarkdown } = await markdown
      const text = toMarkdown(parsePage(raw), { profile })
      rendered.set(raw, text, stringBytes(raw) + stringBytes(text))
      return text
    },
    cleanSnippet: (snippet) => cleanSnippet(snippet, profile),
  }
}

/** Validates the site settings; throws the provenance error that names the bad setting. */
export function siteFrom(settings: {
  wikiUrl: string
  articlePath: string
  apiPath: string
}): WikiSite {
  return createWikiSite({
    base: settings.wikiUrl,
    articlePath: settings.articlePath,
    apiPath: settings.apiPath,
  })
}
