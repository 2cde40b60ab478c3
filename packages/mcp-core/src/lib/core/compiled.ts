import type { Prompt } from './define-prompt.js'
import type { Tool } from './define-tool.js'
import type { ServerDefinition } from './create-server.js'
import type { ToolError } from './tool-error.js'

/**
 * Listings by shape, prepared once at start-up: 0 bare (2024-11-05), 1 with annotations
 * (2025-03-26), 2 with title, output schema and `_meta` (2025-06-18), 3 with icons (2025-11-25
 * and later). `Revision.listing` picks one.
 */
export type Listings = readonly [object, object, object, object]

export interface CompiledTool {
  tool: Tool
  listings: Listings
}

export interface CompiledPrompt {
  prompt: Prompt
  listings: Listings
}

/** Everything `createServer` derived, kept out of the public definition object. */
export interface CompiledServer {
  tools: CompiledTool[]
  toolsByName: Map<string, CompiledTool>
  prompts: CompiledPrompt[]
  promptsByName: Map<string, CompiledPrompt>
  /** Changes whenever the tool listing changes; embedded in cursors. */
  hash: string
  capabilities: object
  /** Start-up warnings, logged by each transport. */
  warnings: string[]
  /** A thrown error as the tool error the client gets, or the detail of an unexpected one. */
  toolErrorOf: (error: unknown) => ToolError | { unexpected: string }
}

export const compiledServers: WeakMap<ServerDefinition, CompiledServer> = new WeakMap()

export function compiledOf(server: ServerDefinition): CompiledServer {
  const compiled = compiledServers.get(server)
  if (!compiled) {
    throw new TypeError('server must be the result of createServer()')
  }
  return compiled
}
