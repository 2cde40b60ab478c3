/** A JSON-RPC id as MCP allows it: a string or a safe integer (never null). */
export type RequestId = string | number

export interface JsonRpcError {
  code: number
  message: string
  data?: unknown
}

export interface JsonRpcResponse {
  jsonrpc: '2.0'
  id: RequestId | null
  result?: unknown
  error?: JsonRpcError
}

/** A message after shape checks. */
export type Classified =
  | { kind: 'request'; id: RequestId; method: string; params: unknown }
  | { kind: 'notification'; method: string; params: unknown }
  | { kind: 'response' }
  | { kind: 'invalid'; response: JsonRpcResponse }

export const PARSE_ERROR = -32700
export const INVALID_REQUEST = -32600
export const METHOD_NOT_FOUND = -32601
export const INVALID_PARAMS = -32602
export const INTERNAL_ERROR = -32603

export function errorResponse(
  id: RequestId | null,
  code: number,
  message: string,
  data?: unknown,
): JsonRpcResponse {
  return data === undefined
    ? { jsonrpc: '2.0', id, error: { code, message } }
    : { jsonrpc: '2.0', id, error: { code, message, data } }
}

export function invalidRequest(id: RequestId | null, reason: string): JsonRpcResponse {
  return errorResponse(id, INVALID_REQUEST, 'Invalid Request', { reason })
}

export function parseErrorResponse(): JsonRpcResponse {
  return errorResponse(null, PARSE_ERROR, 'Parse error')
}

export function isValidId(id: unknown): id is RequestId {
  return typeof id === 'string' || Number.isSafeInteger(id)
}

/** Parses one message's text; `undefined` means it was not JSON. */
export function parseJson(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) as unknown }
  } catch {
    return undefined
  }
}

/** Applies JSON-RPC's shape rules to one parsed message. */
export function classify(message: unknown): Classified {
  if (typeof message !== 'object' || message === null || Array.isArray(message)) {
    return { kind: 'invalid', response: invalidRequest(null, 'message must be a JSON object') }
  }
  const m = message as Record<string, unknown>
  const hasId = 'id' in m
  const id = hasId && isValidId(m.id) ? m.id : null
  if (m.jsonrpc !== '2.0') {
    return { kind: 'invalid', response: invalidRequest(id, 'jsonrpc must be "2.0"') }
  }
  if (hasId && id === null) {
    return {
      kind: 'invalid',
      response: invalidRequest(null, 'id must be a string or a safe integer'),
    }
  }
  if (!('method' in m)) {
    if (hasId && ('result' in m || 'error' in m)) return { kind: 'response' }
    return { kind: 'invalid', response: invalidRequest(id, 'method is missing') }
  }
  const method = m.method
  if (typeof method !== 'string' || method === '') {
    return { kind: 'invalid', response: invalidRequest(id, 'method must be a non-empty string') }
  }
  return id === null
    ? { kind: 'notification', method, params: m.params }
    : { kind: 'request', id, method, params: m.params }
}
