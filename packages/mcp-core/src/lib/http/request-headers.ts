import { PROTOCOL_VERSION_KEY } from '../core/envelope.js'
import { errorResponse, type JsonRpcResponse, type RequestId } from '../core/json-rpc.js'

/** The body's values that HTTP headers mirror, so intermediaries can route without parsing it. */
export interface MirroredMessage {
  id: RequestId
  method: string
  params: unknown
}

export const HEADER_MISMATCH = -32020

/** The body field `Mcp-Name` mirrors, by method. */
const NAME_FIELD: Readonly<Record<string, string>> = {
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
}
const SENTINEL_PREFIX = '=?base64?'
const SENTINEL_SUFFIX = '?='
const strictUtf8 = new TextDecoder('utf-8', { fatal: true })

/**
 * Checks `MCP-Protocol-Version`, `Mcp-Method` and `Mcp-Name` against the body of a stateless
 * request, so a proxy routing on a header never sends one request while the server runs another.
 * Legacy requests are not checked: their revisions define no such headers, and intermediaries are
 * told not to trust them there. Returns the `HeaderMismatch` (-32020) answer, or `undefined`.
 */
export function headerMismatch(
  header: (name: string) => string | null,
  message: MirroredMessage,
): JsonRpcResponse | undefined {
  const { id, method, params } = message
  const methodHeader = header('mcp-method')
  if (methodHeader === null) {
    return mismatch(id, 'the Mcp-Method header is required')
  } else if (methodHeader !== method) {
    return mismatch(id, differs('Mcp-Method', methodHeader, method))
  }

  const field = Object.hasOwn(NAME_FIELD, method) ? NAME_FIELD[method] : undefined
  const fields = isObject(params) ? params : undefined
  const bodyName = field === undefined ? undefined : fields?.[field]
  const nameHeader = header('mcp-name')
  if (nameHeader !== null && field !== undefined) {
    const decoded = decodeHeaderValue(nameHeader)
    if (decoded === undefined) {
      return mismatch(id, `the Mcp-Name header ${quote(nameHeader)} is not valid =?base64?…?= text`)
    }
    if (decoded !== bodyName) {
      return mismatch(id, differs('Mcp-Name', decoded, bodyName))
    }
  } else if (nameHeader === null && typeof bodyName === 'string') {
    return mismatch(id, `the Mcp-Name header is required for ${method}`)
  }

  const versionHeader = header('mcp-protocol-version')
  if (versionHeader === null) return mismatch(id, 'the MCP-Protocol-Version header is required')
  const meta = fields?._meta
  const bodyVersion = isObject(meta) ? meta[PROTOCOL_VERSION_KEY] : undefined
  // Without a version in the body there is nothing to compare; the envelope check names it.
  if (typeof bodyVersion === 'string' && bodyVersion !== versionHeader) {
    return mismatch(id, differs('MCP-Protocol-Version', versionHeader, bodyVersion))
  }
  return undefined
}

/** A header value, decoded from the `=?base64?…?=` form clients use for values unsafe in a header. */
export function decodeHeaderValue(value: string): string | undefined {
  if (!value.startsWith(SENTINEL_PREFIX) || !value.endsWith(SENTINEL_SUFFIX)) return value
  const encoded = value.slice(SENTINEL_PREFIX.length, value.length - SENTINEL_SUFFIX.length)
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(encoded) || encoded.length % 4 !== 0) return undefined
  try {
    const binary = atob(encoded)
    const bytes = new Uint8Array(binary.length)
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
    return strictUtf8.decode(bytes)
  } catch {
    return undefined
  }
}

function mismatch(id: RequestId, detail: string): JsonRpcResponse {
  return errorResponse(id, HEADER_MISMATCH, `Header mismatch: ${detail}`)
}

function differs(name: string, headerValue: string, bodyValue: unknown): string {
  const body =
    typeof bodyValue === 'string'
      ? quote(bodyValue)
      : bodyValue === undefined
        ? 'absent'
        : 'not a string'
  return `${name} header value ${quote(headerValue)} does not match body value ${body}`
}

function quote(text: string): string {
  return JSON.stringify(text.length > 100 ? `${text.slice(0, 100)}…` : text)
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
