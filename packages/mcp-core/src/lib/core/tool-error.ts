/** Codes mcp-core itself produces; a handler may not claim them. */
const RESERVED = new Set(['internal_error', 'timeout', 'unavailable'])
const CODE = /^[a-z][a-z0-9_]*$/
/** Keys of the failure payload that data may not set: the message, the code, and the message's old name. */
const OWN_KEYS = new Set(['error', 'code', 'message'])

/**
 * An expected tool failure. The client gets an `isError` result whose text is
 * `{"error": message, "code": code, ...data}`; adapters' codes pass through unchanged.
 */
export class ToolError extends Error {
  override readonly name = 'ToolError'
  readonly code: string
  readonly data: Readonly<Record<string, unknown>> | undefined

  constructor(code: string, message: string, data?: Readonly<Record<string, unknown>>) {
    if (!CODE.test(code)) {
      throw new TypeError(`ToolError code ${JSON.stringify(code)} must match ${String(CODE)}`)
    }
    if (RESERVED.has(code)) {
      throw new TypeError(
        `ToolError code "${code}" is reserved for mcp-core; pick a code that names the failure`,
      )
    }
    super(message)
    this.code = code
    if (data === undefined) {
      this.data = undefined
    } else {
      // `error` (the message) and `code` belong to the error itself; data may not override them.
      const rest: Record<string, unknown> = {}
      for (const [key, value] of Object.entries(data)) {
        if (!OWN_KEYS.has(key)) rest[key] = value
      }
      this.data = rest
    }
  }
}
