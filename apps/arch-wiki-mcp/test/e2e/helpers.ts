// Shared by the end-to-end suites: where the built bin is, and how to read a tool result.
import { fileURLToPath } from 'node:url'

export const BIN = fileURLToPath(new URL('../../bin.js', import.meta.url))

interface CallResult {
  isError?: boolean
  structuredContent?: unknown
  content?: unknown
}

/** The error code of a failed call, from either error shape mcp-core may send. */
export function errorCode(result: CallResult): string | undefined {
  if (result.isError !== true) return undefined
  const content = result.content as { type: string; text: string }[]
  const body = JSON.parse(content[0]?.text ?? '{}') as {
    code?: string
    error?: string | { code?: string }
  }
  return body.code ?? (typeof body.error === 'object' ? body.error.code : undefined)
}

/** The structured result of a successful call; fails loudly on an error result. */
export function structured(result: CallResult): Record<string, unknown> {
  if (result.isError) {
    throw new Error(`tool failed: ${JSON.stringify(result.content)}`)
  }
  const content = result.content as { type: string; text: string }[]
  // The text block carries the same object as structuredContent.
  if (
    JSON.stringify(JSON.parse(content[0]?.text ?? 'null')) !==
    JSON.stringify(result.structuredContent)
  ) {
    throw new Error('text and structuredContent differ')
  }
  return result.structuredContent as Record<string, unknown>
}
