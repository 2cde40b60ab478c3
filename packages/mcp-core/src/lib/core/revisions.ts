import type { ContentBlock } from './content.js'

/**
 * The protocol revisions served, as data: every difference between revisions the engine and the
 * transports act on is a field here, so one engine serves them all.
 */

/** What an era changes about how a request is carried and answered. */
export interface Era {
  readonly name: 'legacy' | 'modern'
  /**
   * Modern requests carry their revision and client capabilities in `params._meta` and are
   * answered without any handshake; their results carry `resultType`, the server's identity in
   * `_meta`, and list results a cache lifetime.
   */
  readonly stateless: boolean
  /** Methods the era removed, answered -32601 with the reason. */
  readonly removedMethods: ReadonlySet<string>
  /** HTTP status of a JSON-RPC error answer by its code; 200 for any code not listed. */
  readonly errorStatus: Readonly<Record<number, number>>
  /** Whether HTTP requests must mirror the body in `MCP-Protocol-Version`, `Mcp-Method`, `Mcp-Name`. */
  readonly requestHeaders: boolean
}

/** What one revision can carry. */
export interface Revision {
  readonly version: string
  readonly era: Era
  /** Index of the tool and prompt listing shape the revision reads (see compiled.ts). */
  readonly listing: 0 | 1 | 2 | 3
  readonly audio: boolean
  readonly resourceLinks: boolean
  /** `structuredContent` in tool results. */
  readonly structuredContent: boolean
  /** `title` in the server's identity. */
  readonly serverTitle: boolean
  /** `icons` on the server's identity and on tools. */
  readonly icons: boolean
  /** JSON-RPC batches (only 2025-03-26 had them). */
  readonly batches: boolean
}

export const LEGACY: Era = Object.freeze({
  name: 'legacy',
  stateless: false,
  removedMethods: new Set<string>(),
  errorStatus: Object.freeze({}),
  requestHeaders: false,
})

export const MODERN: Era = Object.freeze({
  name: 'modern',
  stateless: true,
  removedMethods: new Set(['ping', 'logging/setLevel']),
  // An unknown method is 404, so a client can tell it from a missing endpoint; an unknown revision
  // and a header that contradicts the body are 400. Other errors (an unknown tool, a bad cursor)
  // are answers like any result. A malformed envelope is 400 too, answered before dispatch.
  errorStatus: Object.freeze({
    [-32601]: 404,
    [-32020]: 400,
    [-32021]: 400,
    [-32022]: 400,
  }),
  requestHeaders: true,
})

const table = [
  {
    version: '2026-07-28',
    era: MODERN,
    listing: 3,
    audio: true,
    resourceLinks: true,
    structuredContent: true,
    serverTitle: true,
    icons: true,
    batches: false,
  },
  {
    version: '2025-11-25',
    era: LEGACY,
    listing: 3,
    audio: true,
    resourceLinks: true,
    structuredContent: true,
    serverTitle: true,
    icons: true,
    batches: false,
  },
  {
    version: '2025-06-18',
    era: LEGACY,
    listing: 2,
    audio: true,
    resourceLinks: true,
    structuredContent: true,
    serverTitle: true,
    icons: false,
    batches: false,
  },
  {
    version: '2025-03-26',
    era: LEGACY,
    listing: 1,
    audio: true,
    resourceLinks: false,
    structuredContent: false,
    serverTitle: false,
    icons: false,
    batches: true,
  },
  {
    version: '2024-11-05',
    era: LEGACY,
    listing: 0,
    audio: false,
    resourceLinks: false,
    structuredContent: false,
    serverTitle: false,
    icons: false,
    batches: false,
  },
] as const satisfies readonly Revision[]

/** Every revision served, newest first. */
export const REVISIONS: readonly Revision[] = Object.freeze(table.map((row) => Object.freeze(row)))

/** Protocol revisions served, newest first; `server/discover` and -32022 publish this list. */
export const SUPPORTED_PROTOCOL_VERSIONS: readonly [
  '2026-07-28',
  '2025-11-25',
  '2025-06-18',
  '2025-03-26',
  '2024-11-05',
] = Object.freeze(['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'] as const)

/** One of the served protocol revisions. */
export type ProtocolVersion = (typeof SUPPORTED_PROTOCOL_VERSIONS)[number]

const byVersion = new Map(REVISIONS.map((revision) => [revision.version, revision]))

/** The revision `initialize` answers with when a client asks for none or for one it cannot have. */
export const LATEST_LEGACY: Revision = byVersion.get('2025-11-25')!

/** A served revision by its date, or `undefined`. */
export function revisionOf(version: unknown): Revision | undefined {
  return typeof version === 'string' ? byVersion.get(version) : undefined
}

/** A legacy revision `initialize` can negotiate, or `undefined`. */
export function legacyRevisionOf(version: unknown): Revision | undefined {
  const revision = revisionOf(version)
  return revision?.era === LEGACY ? revision : undefined
}

/** A revision served statelessly, or `undefined`. */
export function modernRevisionOf(version: unknown): Revision | undefined {
  const revision = revisionOf(version)
  return revision?.era === MODERN ? revision : undefined
}

/**
 * Whether a revision date belongs to the stateless era, served or not. Dates compare as strings,
 * so a later revision the server does not know yet still counts as modern and gets -32022.
 */
export function isModernDate(version: string): boolean {
  return version >= '2026-07-28'
}

/** Whether a content block exists in the revision; older clients would reject the others. */
export function blockAllowed(block: ContentBlock, revision: Revision): boolean {
  if (block.type === 'audio') return revision.audio
  if (block.type === 'resource_link') return revision.resourceLinks
  return true
}
