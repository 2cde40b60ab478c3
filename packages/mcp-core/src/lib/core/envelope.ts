import { errorResponse, INVALID_PARAMS, type JsonRpcResponse, type RequestId } from './json-rpc.js'
import {
  isModernDate,
  modernRevisionOf,
  SUPPORTED_PROTOCOL_VERSIONS,
  type Revision,
} from './revisions.js'

/**
 * The per-request `_meta` envelope of the stateless era: every such request names its revision
 * and the client's capabilities (and may name the client), so no handshake precedes it.
 */
export const PROTOCOL_VERSION_KEY = 'io.modelcontextprotocol/protocolVersion'
export const CLIENT_INFO_KEY = 'io.modelcontextprotocol/clientInfo'
export const CLIENT_CAPABILITIES_KEY = 'io.modelcontextprotocol/clientCapabilities'
/** The server's identity in a stateless result's `_meta`. */
export const SERVER_INFO_KEY = 'io.modelcontextprotocol/serverInfo'
/** Ties `subscriptions/listen` messages to the request that opened the subscription. */
export const SUBSCRIPTION_ID_KEY = 'io.modelcontextprotocol/subscriptionId'

export const UNSUPPORTED_PROTOCOL_VERSION = -32022

/** What a valid envelope tells the engine. */
export interface Envelope {
  revision: Revision
  clientInfo?: { name: string; version: string }
}

/**
 * Whether a request belongs to the stateless era: it carries the envelope, or its HTTP
 * `MCP-Protocol-Version` header names a stateless revision. `initialize` always opens the legacy
 * era, whatever else it carries, as a dual-era server must.
 */
export function isModernRequest(
  method: string,
  params: unknown,
  declaredVersion: string | undefined,
): boolean {
  if (method === 'initialize') return false
  if (declaredVersion !== undefined && isModernDate(declaredVersion)) return true
  const meta = isObject(params) ? params._meta : undefined
  return isObject(meta) && PROTOCOL_VERSION_KEY in meta
}

/**
 * Reads and checks a stateless request's envelope. The revision is checked first, so a client of
 * a later revision, whose envelope may look different, still learns which revisions are served.
 */
export function readEnvelope(
  id: RequestId,
  params: unknown,
  declaredVersion: string | undefined,
): Envelope | { error: JsonRpcResponse } {
  const meta = isObject(params) ? params._meta : undefined
  const fields = isObject(meta) ? meta : undefined
  if (fields === undefined || !(PROTOCOL_VERSION_KEY in fields)) {
    if (declaredVersion !== undefined && modernRevisionOf(declaredVersion) === undefined) {
      return { error: unsupportedVersion(id, declaredVersion) }
    }
    return {
      error: invalidEnvelope(
        id,
        `params._meta["${PROTOCOL_VERSION_KEY}"] is missing; protocol version ${declaredVersion ?? '2026-07-28'} carries it on every request`,
      ),
    }
  }
  const version = fields[PROTOCOL_VERSION_KEY]
  if (typeof version !== 'string') {
    return {
      error: invalidEnvelope(
        id,
        `params._meta["${PROTOCOL_VERSION_KEY}"] must be a string such as "2026-07-28", got ${describe(version)}`,
      ),
    }
  }
  const revision = modernRevisionOf(version)
  if (revision === undefined) return { error: unsupportedVersion(id, version) }
  if (!isObject(fields[CLIENT_CAPABILITIES_KEY])) {
    return {
      error: invalidEnvelope(
        id,
        `params._meta["${CLIENT_CAPABILITIES_KEY}"] must be an object (empty when the client offers none), got ${describe(fields[CLIENT_CAPABILITIES_KEY])}`,
      ),
    }
  }
  const clientInfo = fields[CLIENT_INFO_KEY]
  if (clientInfo === undefined) return { revision }
  if (
    !isObject(clientInfo) ||
    typeof clientInfo.name !== 'string' ||
    typeof clientInfo.version !== 'string'
  ) {
    return {
      error: invalidEnvelope(
        id,
        `params._meta["${CLIENT_INFO_KEY}"] must be an object with string name and version, got ${describe(clientInfo)}`,
      ),
    }
  }
  return { revision, clientInfo: { name: clientInfo.name, version: clientInfo.version } }
}

/** `UnsupportedProtocolVersionError`: the revisions served, so the client can pick one and retry. */
export function unsupportedVersion(id: RequestId | null, requested: string): JsonRpcResponse {
  return errorResponse(id, UNSUPPORTED_PROTOCOL_VERSION, 'Unsupported protocol version', {
    supported: SUPPORTED_PROTOCOL_VERSIONS,
    requested: requested.slice(0, 64),
  })
}

function invalidEnvelope(id: RequestId, reason: string): JsonRpcResponse {
  return errorResponse(id, INVALID_PARAMS, 'Invalid params', { reason })
}

/** A short, safe rendering of a client's value for an error message. */
function describe(value: unknown): string {
  if (value === undefined) return 'nothing'
  const text = JSON.stringify(value)
  return text.length > 64 ? `${text.slice(0, 64)}…` : text
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
