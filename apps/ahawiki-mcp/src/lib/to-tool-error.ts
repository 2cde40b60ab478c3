import { ToolError } from '@wiki/mcp-core'
import { WikiSourceError } from '@wiki/wiki-adapters/ahawiki'

/**
 * Runs a wiki call and turns its `WikiSourceError` into a `ToolError` with the same code and
 * extras (`httpStatus`, `latestRevision`), so the agent gets an `isError` result it can act on.
 * Anything else propagates and becomes mcp-core's `internal_error`, details on stderr only.
 */
export async function callWiki<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    if (error instanceof WikiSourceError && error.code !== 'internal_error') {
      throw new ToolError(error.code, error.message, error.data)
    }
    throw error
  }
}

/** An `invalid_arguments` failure naming the field, like mcp-core's own schema failures. */
export function invalidArgument(tool: string, path: string, message: string): ToolError {
  return new ToolError(
    'invalid_arguments',
    `Invalid arguments for tool ${tool}: ${path}: ${message}`,
    {
      issues: [{ path, message }],
    },
  )
}
