// Error mapping: every expected failure leaves as a ToolError with its code;
// anything else is a bug in us, so mcp-core answers `internal_error`, logs the stack on stderr
// and shows the client only a reference.
import { ToolError } from '@wiki/mcp-core'
import { EVIDENCE_ERROR_CODES } from '@wiki/provenance'

// internal_error is never passed through: it is mcp-core's answer to an unexpected throw.
// unknown_site is the app's own (a `site` argument naming no configured site).
const CODES: ReadonlySet<string> = new Set([
  ...EVIDENCE_ERROR_CODES.filter((code) => code !== 'internal_error'),
  'unknown_site',
])

/** The code and message of an expected failure, or undefined for a bug (or missing recording). */
export function failureOf(error: unknown): { code: string; message: string } | undefined {
  if (!(error instanceof Error)) return undefined
  const code = (error as { code?: unknown }).code
  if (typeof code !== 'string' || !CODES.has(code)) return undefined
  return { code, message: error.message }
}

/** The server's one error mapping (`createServer`'s `onError`), also used by the CLI. */
export function toToolError(error: unknown): ToolError | undefined {
  const failure = failureOf(error)
  return failure ? new ToolError(failure.code, failure.message) : undefined
}
