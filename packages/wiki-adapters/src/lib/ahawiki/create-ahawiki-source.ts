import { WikiSourceError } from '../wiki-source-error.js'
import type { AhaWikiRequestEvent } from './ahawiki-request-event.js'
import { clip, createRedactor, type Redactor, type SafeText } from './redact.js'
import { pickFields } from './response-fields.js'
import { sendRequest, type SendSettings } from './send-request.js'

/** Settings of `createAhaWikiSource`. */
export interface AhaWikiSourceOptions {
  /** Origin plus optional path prefix, e.g. `https://wiki.example.org` (a trailing `/` is dropped). */
  baseUrl: string
  /** The AhaWiki API key; it only ever goes into the `Authorization` header. */
  apiKey: string
  /** Per attempt: connect, headers and body. Default 15000. */
  timeoutMs?: number
  /** Reading stops and the call fails beyond this many bytes. Default 8 MiB. */
  maxResponseBytes?: number
  /** Extra attempts for a GET answered 429, 502, 503 or 504. Default 2. POSTs are never retried. */
  retries?: number
  /** First retry delay; doubles per retry, ±20%. Default 300. */
  retryBaseDelayMs?: number
  /** Default `ahawiki-mcp`; the app sets `ahawiki-mcp/<version>`. */
  userAgent?: string
  /** Replaces the global `fetch`, e.g. in tests. */
  fetch?: typeof globalThis.fetch
  /** Called once per HTTP attempt; the event has no headers and no bodies. */
  onRequest?: (event: AhaWikiRequestEvent) => void
}

/** `GET /api/v1/page/{name}`. */
export interface AhaWikiPage {
  name: string
  revision: number
  /** The full page source, never shortened. */
  content: string
  /** KST local date-time as the wiki sent it; see `fromKstDateTime`. */
  dateTime: string
  isMinorEdit: boolean
  viaApi: boolean
  userApiKeyName: string | null
  /** `sha256:` + lowercase hex of the content's UTF-8 bytes. */
  contentHash: string
}

/** One row of `GET /api/v1/pages`: the latest revision of a page, without content. */
export interface AhaWikiPageSummary {
  name: string
  revision: number
  dateTime: string
  isMinorEdit: boolean
  viaApi: boolean
  userApiKeyName: string | null
  /** Content length in UTF-16 code units. */
  size: number
  contentHash: string
}

/** One revision row of `GET /api/v1/changes`. */
export interface AhaWikiChange {
  name: string
  revision: number
  dateTime: string
  comment: string
  isMinorEdit: boolean
  viaApi: boolean
  userApiKeyName: string | null
}

/** One hit of `GET /api/v1/search`. */
export interface AhaWikiSearchHit {
  name: string
  revision: number
  dateTime: string
  matchedName: boolean
  /** Hit lines with three lines of context, blocks separated by a `…` line; `""` for name-only hits. */
  snippet: string
  hitLinesNotShown: number
}

export interface AhaWikiSearchResult {
  results: AhaWikiSearchHit[]
  /** More pages matched than `limit`. */
  moreThanShown: boolean
}

export interface AhaWikiSearchOptions {
  /** Literal, case-insensitive substring of a name or body. */
  q: string
  /** 1..100 (the server clamps); server default 20. */
  limit?: number
}

export interface AhaWikiListPagesOptions {
  /** Name prefix; `%` and `_` are SQL LIKE wildcards on the server. Empty = all pages. */
  prefix?: string
  /** 1..5000 (the server clamps), applied before unreadable pages are dropped. */
  limit?: number
}

export interface AhaWikiRecentChangesOptions {
  /** Exact page name. */
  name?: string
  /** Name prefix, with the same LIKE wildcards as `listPages`. */
  prefix?: string
  /** KST local date-time without offset: `YYYY-MM-DDTHH:mm[:ss[.f]]`. */
  since?: string
  /** Only revisions after this one; requires `name`. */
  afterRevision?: number
  includeMinorEdit?: boolean
  includeViaApi?: boolean
  /** 1..1000 (the server clamps); server default 100. */
  limit?: number
}

export interface AhaWikiSaveOptions {
  name: string
  /** The whole new page source, sent verbatim. */
  text: string
  /** The revision this edit is based on; 0 creates a page. */
  revision: number
  comment?: string
  /** AhaWiki's default is `false`. */
  minorEdit?: boolean
}

/** `POST /api/v1/page/{name}`'s answer. */
export interface AhaWikiSaveResult {
  name: string
  revision: number
  dateTime: string
}

/** A live AhaWiki REST client. Every failure is a `WikiSourceError`. */
export interface AhaWikiSource {
  search(options: Readonly<AhaWikiSearchOptions>): Promise<AhaWikiSearchResult>
  getPage(name: string): Promise<AhaWikiPage>
  listPages(options?: Readonly<AhaWikiListPagesOptions> | null): Promise<AhaWikiPageSummary[]>
  recentChanges(options?: Readonly<AhaWikiRecentChangesOptions> | null): Promise<AhaWikiChange[]>
  savePage(options: Readonly<AhaWikiSaveOptions>): Promise<AhaWikiSaveResult>
}

const PAGE_FIELDS = {
  name: 'string',
  revision: 'integer',
  content: 'string',
  dateTime: 'string',
  isMinorEdit: 'boolean',
  viaApi: 'boolean',
  userApiKeyName: 'string|null',
  contentHash: 'string',
} as const
const SUMMARY_FIELDS = {
  name: 'string',
  revision: 'integer',
  dateTime: 'string',
  isMinorEdit: 'boolean',
  viaApi: 'boolean',
  userApiKeyName: 'string|null',
  size: 'integer',
  contentHash: 'string',
} as const
const CHANGE_FIELDS = {
  name: 'string',
  revision: 'integer',
  dateTime: 'string',
  // Older rows may carry no comment; the contract says "" then.
  comment: 'string|null',
  isMinorEdit: 'boolean',
  viaApi: 'boolean',
  userApiKeyName: 'string|null',
} as const
const HIT_FIELDS = {
  name: 'string',
  revision: 'integer',
  dateTime: 'string',
  matchedName: 'boolean',
  snippet: 'string',
  hitLinesNotShown: 'integer',
} as const

function invalid(message: SafeText): WikiSourceError {
  return new WikiSourceError('invalid_arguments', message.text)
}

function checkName(name: unknown, say: Redactor): string {
  // `.` and `..` would be resolved away by URL normalisation and hit another route.
  if (typeof name !== 'string' || name === '' || name === '.' || name === '..') {
    throw invalid(
      typeof name === 'string'
        ? say`name must be a non-empty page name other than "." and "..", got "${clip(name)}"`
        : say`name must be a non-empty page name other than "." and "..", got ${typeof name}`,
    )
  }
  return name
}

function checkBaseUrl(baseUrl: string, say: Redactor): string {
  let url: URL
  try {
    url = new URL(baseUrl)
  } catch {
    throw invalid(say`baseUrl "${clip(baseUrl, 100)}" is not a URL; expected https://host[/prefix]`)
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw invalid(say`baseUrl must use http or https, got ${url.protocol}`)
  }
  if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') {
    throw invalid(say`baseUrl must not contain credentials, a query or a fragment`)
  }
  return (url.origin + url.pathname).replace(/\/+$/, '')
}

function query(params: Record<string, string | number | boolean | undefined>): string {
  const parts: string[] = []
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue
    const text = typeof value === 'boolean' ? (value ? '1' : '0') : String(value)
    // encodeURIComponent, never `+` for a space: AhaWiki reads `+` as a literal plus.
    parts.push(`${key}=${encodeURIComponent(text)}`)
  }
  return parts.length === 0 ? '' : `?${parts.join('&')}`
}

function listOf(json: unknown, field: string, where: SafeText): unknown[] {
  return pickFields(json, { [field]: 'array' } as const, where, 'body')[field] as unknown[]
}

/**
 * Creates a client for AhaWiki's REST API `/api/v1`, authenticated by a bearer API key. It reads
 * pages, lists, recent changes and search hits, and replaces whole pages guarded by the revision
 * they were read at. It never deletes or renames.
 */
export function createAhaWikiSource(options: Readonly<AhaWikiSourceOptions>): AhaWikiSource {
  const apiKey = typeof options.apiKey === 'string' ? options.apiKey.trim() : ''
  // Printable ASCII without spaces: what an Authorization header carries unharmed, and what
  // redaction can find in text whose whitespace a message flattens.
  if (!/^[\x21-\x7e]+$/.test(apiKey)) {
    throw new WikiSourceError(
      'invalid_arguments',
      'apiKey must be a non-empty string of printable ASCII without spaces',
    )
  }
  const say = createRedactor(apiKey)
  const settings: SendSettings = {
    baseUrl: checkBaseUrl(options.baseUrl, say),
    apiKey,
    timeoutMs: options.timeoutMs ?? 15_000,
    maxResponseBytes: options.maxResponseBytes ?? 8 * 1024 * 1024,
    retries: options.retries ?? 2,
    retryBaseDelayMs: options.retryBaseDelayMs ?? 300,
    userAgent: options.userAgent ?? 'ahawiki-mcp',
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    onRequest: options.onRequest,
    say,
  }

  return {
    async search({ q, limit }) {
      const path = `/api/v1/search${query({ q, limit })}`
      const json = await sendRequest(settings, { method: 'GET', path, route: 'search' })
      const where = say`GET ${path}`
      const body = pickFields(json, { results: 'array', moreThanShown: 'boolean' }, where, 'body')
      return {
        results: body.results.map((hit, i) => pickFields(hit, HIT_FIELDS, where, `results[${i}]`)),
        moreThanShown: body.moreThanShown,
      }
    },

    async getPage(name) {
      const path = `/api/v1/page/${encodeURIComponent(checkName(name, say))}`
      const json = await sendRequest(settings, { method: 'GET', path, route: 'page', name })
      return pickFields(json, PAGE_FIELDS, say`GET ${path}`, 'body')
    },

    async listPages(listOptions) {
      const path = `/api/v1/pages${query({ prefix: listOptions?.prefix, limit: listOptions?.limit })}`
      const json = await sendRequest(settings, { method: 'GET', path, route: 'pages' })
      const where = say`GET ${path}`
      return listOf(json, 'pages', where).map((row, i) =>
        pickFields(row, SUMMARY_FIELDS, where, `pages[${i}]`),
      )
    },

    async recentChanges(changeOptions) {
      const o = changeOptions ?? {}
      if (o.afterRevision !== undefined && o.afterRevision > 0 && o.name === undefined) {
        throw invalid(say`afterRevision requires name, because revisions are page-local`)
      }
      const path = `/api/v1/changes${query({
        name: o.name,
        prefix: o.prefix,
        since: o.since,
        afterRevision: o.afterRevision,
        includeMinorEdit: o.includeMinorEdit,
        includeViaApi: o.includeViaApi,
        limit: o.limit,
      })}`
      const json = await sendRequest(settings, { method: 'GET', path, route: 'changes' })
      const where = say`GET ${path}`
      return listOf(json, 'changes', where).map((row, i) => {
        const change = pickFields(row, CHANGE_FIELDS, where, `changes[${i}]`)
        return { ...change, comment: change.comment ?? '' }
      })
    },

    async savePage({ name, text, revision, comment, minorEdit }) {
      checkName(name, say)
      if (!Number.isSafeInteger(revision) || revision < 0) {
        throw invalid(say`revision must be an integer >= 0, got ${clip(String(revision))}`)
      }
      if (typeof text !== 'string') throw invalid(say`text must be a string`)
      const path = `/api/v1/page/${encodeURIComponent(name)}`
      const body: Record<string, unknown> = { revision, text }
      if (comment !== undefined) body.comment = comment
      if (minorEdit !== undefined) body.minorEdit = minorEdit
      const json = await sendRequest(settings, {
        method: 'POST',
        path,
        route: 'save',
        name,
        sentRevision: revision,
        body,
      })
      return pickFields(
        json,
        { name: 'string', revision: 'integer', dateTime: 'string' },
        say`POST ${path}`,
        'body',
      )
    },
  }
}
