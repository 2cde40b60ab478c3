import { ToolError } from '@wiki/mcp-core'
import { WikiSourceError } from '@wiki/wiki-adapters/ahawiki'

/**
 * The server's one error mapping (`createServer`'s `onError`): a `WikiSourceError` becomes a
 * `ToolError` with the same code and extras (`httpStatus`, `latestRevision`), so the agent gets
 * an `isError` result it can act on. Anything else is unexpected: mcp-core answers
 * `internal_error` with a ref and keeps the detail in the log.
 */
export function toToolError(error: unknown): ToolError | undefined {
  if (error instanceof WikiSourceError && error.code !== 'internal_error') {
    return new ToolError(error.code, error.message, error.data)
  }
  return undefined
}
