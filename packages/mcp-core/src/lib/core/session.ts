import type { AudioContent, EmbeddedResource, ImageContent, ResourceLink } from './content.js'
import type { Logger } from './logger.js'

/** Why a handler's signal fired. */
export type AbortReason = 'cancelled' | 'disconnect' | 'timeout' | 'shutdown'

/**
 * The client a handler serves: one per stdio connection, one per HTTP POST. Never shared between
 * clients, so `state` is the only place a handler may keep per-client data.
 */
export interface Session {
  readonly id: string
  readonly transport: 'stdio' | 'http'
  /** The effective revision. */
  protocolVersion: string
  clientInfo?: { name: string; version: string }
  /** The name of the bearer token that authenticated the request (HTTP only). */
  principal?: string
  readonly state: Map<string, unknown>
}

/** What a prompt handler receives besides its arguments. */
export interface PromptContext {
  /** Aborted with an {@link AbortReason} as its reason. */
  signal: AbortSignal
  requestId: string | number
  session: Session
  log: Logger
}

/** What a tool handler receives besides its arguments. */
export interface ToolContext extends PromptContext {
  /** Sends `notifications/progress` when the client asked for it; non-increasing values are dropped. */
  progress(progress: number, total?: number, message?: string): void
  /** Adds a block after the JSON text block of a successful result. */
  attach(block: ImageContent | AudioContent | EmbeddedResource | ResourceLink): void
}
