// Error mapping: every expected failure leaves as a ToolError with its code;
// anything else is a bug in us and is rethrown, so mcp-core answers `internal_error`, logs the
// stack on stderr and shows the client only a reference.
import { ToolError } from '@wiki/mcp-core'

const CODES = new Set([
  'page_not_found',
  'section_not_found',
  'evidence_unresolvable',
  'upstream_api_error',
  'malformed_wiki_url',
])

/** The code and message of an expected failure, or undefined for a bug (or missing recording). */
export function failureOf(error: unknown): { code: string; message: string } | undefined {
  if (!(error instanceof Error)) return undefined
  const code = (error as { code?: unknown }).code
  if (typeof code !== 'string' || !CODES.has(code)) return undefined
  return { code, message: error.message }
}

/** Runs a tool body, turning expected failures into ToolErrors. */
export async function guard<T>(run: () => Promise<T> | T): Promise<T> {
  try {
    return await run()
  } catch (error) {
    const failure = failureOf(error)
    if (failure) throw new ToolError(failure.code, failure.message)
    throw error
  }
}
