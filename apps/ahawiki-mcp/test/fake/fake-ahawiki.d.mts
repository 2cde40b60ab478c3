// Types for fake-ahawiki.mjs, a fake AhaWiki REST API for tests and demos.

export declare const DEMO_KEY: string

export interface FakeKey {
  key: string
  userEmail: string
  /** The key's name, reported as `userApiKeyName` for its saves. */
  name: string
  revoked?: boolean
}

/** One AhaWiki permission row. Actions: None 0, Read 1, Edit 2, Create 4, …, Admin 255. */
export interface FakePermission {
  targetType: 'All' | 'Exact' | 'StartsWith' | 'EndsWith' | 'RegularExpression'
  target?: string
  actorType: 'All' | 'Login' | 'Exact' | 'Domain'
  /** An email for `Exact`, an `@suffix` for `Domain`. */
  actor?: string
  action: number
}

export interface FakeRevisionSeed {
  text: string
  /** KST local date-time string or epoch ms; default: now. */
  dateTime?: string | number
  comment?: string
  minorEdit?: boolean
  viaApi?: boolean
  keyName?: string | null
}

export type FakePageSeed =
  { name: string; text: string } | { name: string; revisions: FakeRevisionSeed[] }

export interface FakeAhaWikiOptions {
  pages?: FakePageSeed[]
  /** Default: one key, DEMO_KEY, owned by agent@example.test. */
  keys?: FakeKey[]
  /** Default: any logged-in user is Admin. */
  permissions?: FakePermission[]
  /** `false` imitates a server older than the search route. */
  search?: boolean
  port?: number
  /** Serve the wiki only to this Host name (AhaWiki picks the site by Host); default any. */
  siteHost?: string
  /** Epoch milliseconds; default Date.now. */
  now?: () => number
}

export interface FakeRequest {
  method: string
  /** The raw path and query as received. */
  path: string
  /** The decoded page name, for page routes. */
  name: string | undefined
  query: Record<string, string>
  headers: Record<string, string | string[] | undefined>
  body: string
  status: number | 'reset' | undefined
}

export interface FakeInjection {
  /** Applies to request paths starting with this; default every path. */
  path?: string
  method?: string
  /** How many requests it answers; default 1. */
  times?: number
  status?: number
  body?: string | object
  contentType?: string
  headers?: Record<string, string>
  delayMs?: number
  /** Reset the connection instead of answering. */
  destroy?: boolean
}

export interface FakeRevision {
  revision: number
  text: string
  dateTime: string
  comment: string
  minorEdit: boolean
  viaApi: boolean
  keyName: string | null
}

export interface FakeAhaWiki {
  url: string
  baseUrl: string
  port: number
  requests: FakeRequest[]
  requestLog: FakeRequest[]
  /** Someone else's web edit; returns the new revision number. */
  bumpRevision(name: string, edit?: { text?: string; comment?: string }): number
  /** Runs once, when the next save arrives (after its body checks, before the revision check). */
  beforeNextSave(fn: (name: string) => void | Promise<void>): void
  setSearchAvailable(available: boolean): void
  revokeKey(key: string): void
  setPermissions(rows: FakePermission[]): void
  inject(spec: FakeInjection): void
  revisions(name: string): FakeRevision[]
  close(): Promise<void>
  stop(): Promise<void>
}

export declare function startFakeAhaWiki(options?: FakeAhaWikiOptions): Promise<FakeAhaWiki>
export declare function demoPages(): FakePageSeed[]
export declare const DEMO_PERMISSIONS: FakePermission[]
export declare function ahaJson(value: unknown): string
export declare function kstDateTime(epochMs: number, withMillis?: boolean): string
export declare function parseKst(text: string): number | undefined
export declare function searchSnippet(
  body: string,
  q: string,
): { snippet: string; hitLinesNotShown: number }
export declare function permitted(
  rows: FakePermission[],
  name: string,
  email: string | undefined,
  needed: number,
): boolean
