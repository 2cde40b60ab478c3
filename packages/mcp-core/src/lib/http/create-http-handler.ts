import type { ServerDefinition } from '../core/create-server.js'
import {
  abortAll,
  createEngine,
  createSession,
  handleBatch,
  handleMessage,
  type Connection,
  type ProtocolOptions,
} from '../core/engine.js'
import {
  isModernRequest,
  readEnvelope,
  unsupportedVersion as unsupportedRevision,
} from '../core/envelope.js'
import {
  classify,
  invalidRequest,
  parseErrorResponse,
  parseJson,
  type JsonRpcResponse,
} from '../core/json-rpc.js'
import { createLogger } from '../core/logger.js'
import { MODERN, modernRevisionOf, revisionOf } from '../core/revisions.js'
import { BearerAuth, bearerToken, type HttpAuth } from './bearer-auth.js'
import { headerMismatch } from './request-headers.js'
import {
  acceptOf,
  hostAllowed,
  isJsonMediaType,
  isLoopbackAddress,
  originAllowed,
} from './request-checks.js'

/** Options for {@link createHttpHandler}. */
export interface CreateHttpHandlerOptions extends ProtocolOptions {
  /** Bearer tokens. `false` is accepted only on loopback. */
  auth: HttpAuth
  /** The address the server is bound to; loopback turns on the Host and Origin rules. Default `127.0.0.1`. */
  host?: string
  /** Extra `Host` names (or `name:port`) to accept. */
  allowedHosts?: readonly string[]
  /** Extra origins (`https://app.example`) to accept. */
  allowedOrigins?: readonly string[]
  /** Endpoint path; default `/mcp`. */
  path?: string
  /** Largest accepted body; default 1 MiB. */
  maxBodyBytes?: number
  /** Time allowed to receive the body; default 10,000 ms. */
  bodyTimeoutMs?: number
  /** Requests served at once before 503; default 2048. */
  maxInFlight?: number
  /** Interval of SSE keep-alive comments; default 15,000 ms. */
  keepAliveMs?: number
}

/** Counters exposed by the HTTP transport. */
export interface HttpStats {
  inFlight: number
  peakInFlight: number
}

/** A Web-standard request handler for one MCP server. */
export interface HttpHandler {
  (request: Request): Promise<Response>
  /** Requests being served now, and the most ever served at once. */
  stats(): HttpStats
  /**
   * Refuses new requests with 503, waits up to `graceMs` for running ones, then aborts them
   * (`shutdown`), which answers tool calls with `unavailable`.
   */
  shutdown(graceMs: number): Promise<void>
}

/**
 * The parts of an HTTP request the pipeline reads. `createHttpHandler` builds it from a Web
 * `Request`; the Node adapter builds it straight from `IncomingMessage`, skipping the cost of a
 * `Request` and `Response` per call.
 */
export interface HttpInput {
  method: string
  pathname: string
  /** A header by lower-case name, or `null`. */
  header(name: string): string | null
  /** The host the request was addressed to when it has no `Host` header. */
  fallbackHost: string
  /** Calls `listener` when the client goes away before the response ends; returns an unsubscribe. */
  onDisconnect(listener: () => void): () => void
  /** The body, or the status that refuses it (413 too large, 408 too slow). */
  readBody(maxBytes: number, timeoutMs: number): Promise<Uint8Array | 413 | 408>
}

/** What the pipeline answers; `body` is a stream only for SSE. */
export interface HttpOutput {
  status: number
  headers: Readonly<Record<string, string>>
  body: string | ReadableStream<Uint8Array> | null
}

/** The transport-neutral pipeline behind {@link createHttpHandler}. */
export interface HttpCore {
  handle: (input: HttpInput) => Promise<HttpOutput>
  stats: () => HttpStats
  shutdown: (graceMs: number) => Promise<void>
}

const DEFAULT_PATH = '/mcp'
const DEFAULT_MAX_BODY_BYTES = 1024 * 1024
const DEFAULT_BODY_TIMEOUT_MS = 10_000
const DEFAULT_MAX_IN_FLIGHT = 2048
const DEFAULT_KEEP_ALIVE_MS = 15_000
/** The revision assumed when a request has no `MCP-Protocol-Version` header. */
const HEADERLESS_VERSION = '2025-03-26'
const ABORT_SETTLE_MS = 1000

const encoder = new TextEncoder()
const decoder = new TextDecoder('utf-8', { fatal: true })
const JSON_HEADERS = { 'content-type': 'application/json' }
const RPC_HEADERS = { 'content-type': 'application/json', 'cache-control': 'no-store' }
const SSE_HEADERS = {
  'content-type': 'text/event-stream',
  'cache-control': 'no-cache, no-transform',
  'x-accel-buffering': 'no',
}

/**
 * Serves `server` as stateless Streamable HTTP on Web `Request`/`Response`. Every POST is
 * its own session; nothing is kept between requests.
 */
export function createHttpHandler(
  server: ServerDefinition,
  options: Readonly<CreateHttpHandlerOptions>,
): HttpHandler {
  const core = createHttpCore(server, options)
  const handler = async (request: Request): Promise<Response> => {
    const url = new URL(request.url)
    const output = await core.handle({
      method: request.method,
      pathname: url.pathname,
      header: (name) => request.headers.get(name),
      fallbackHost: url.host,
      onDisconnect(listener) {
        request.signal.addEventListener('abort', listener, { once: true })
        return () => {
          request.signal.removeEventListener('abort', listener)
        }
      },
      readBody: (maxBytes, timeoutMs) => readWebBody(request, maxBytes, timeoutMs),
    })
    return new Response(output.body, { status: output.status, headers: output.headers })
  }
  return Object.assign(handler, { stats: core.stats, shutdown: core.shutdown })
}

/** Builds the request checks and the response for one server. */
export function createHttpCore(
  server: ServerDefinition,
  options: Readonly<CreateHttpHandlerOptions>,
): HttpCore {
  const log = options.log ?? createLogger('[mcp-core]')
  const loopback = isLoopbackAddress(options.host ?? '127.0.0.1')
  if (options.auth === false && !loopback) {
    throw new TypeError(
      `auth: false is only allowed on a loopback host, got host ${JSON.stringify(options.host)}; configure auth.tokens`,
    )
  }
  if (options.auth !== false && (typeof options.auth !== 'object' || options.auth === null)) {
    throw new TypeError('auth must be { tokens: [...] } or false')
  }
  const auth = options.auth === false ? undefined : new BearerAuth(options.auth.tokens)
  const realm = `Bearer realm="${server.name}"`
  const allowedHosts = options.allowedHosts
    ? new Set(options.allowedHosts.map((host) => host.toLowerCase()))
    : undefined
  const allowedOrigins = options.allowedOrigins
    ? new Set(options.allowedOrigins.map((origin) => new URL(origin).origin))
    : undefined
  const path = options.path ?? DEFAULT_PATH
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES
  const bodyTimeoutMs = options.bodyTimeoutMs ?? DEFAULT_BODY_TIMEOUT_MS
  const maxInFlight = options.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT
  const keepAliveMs = options.keepAliveMs ?? DEFAULT_KEEP_ALIVE_MS
  const engine = createEngine(server, options, log)

  let inFlight = 0
  let peakInFlight = 0
  let shuttingDown = false
  const live = new Set<Connection>()
  let idleWaiters: (() => void)[] = []
  const release = (connection: Connection): void => {
    live.delete(connection)
    inFlight--
    if (inFlight === 0) for (const wake of idleWaiters.splice(0)) wake()
  }

  const handle = async (request: HttpInput): Promise<HttpOutput> => {
    const method = request.method
    const pathname = request.pathname
    if (pathname === '/healthz') {
      if (method !== 'GET' && method !== 'HEAD')
        return fail(405, 'method_not_allowed', { allow: 'GET, HEAD' })
      if (shuttingDown) return fail(503, 'unavailable', { connection: 'close', 'retry-after': '1' })
      return {
        status: 200,
        headers: JSON_HEADERS,
        body: method === 'HEAD' ? null : '{"status":"ok"}',
      }
    }
    if (pathname !== path) return fail(404, 'not_found')

    const host = request.header('host') ?? request.fallbackHost
    if (!hostAllowed(host, loopback, allowedHosts)) {
      log.debug(`refused Host ${JSON.stringify(host.slice(0, 100))}`)
      return fail(403, 'forbidden_host')
    }
    const origin = request.header('origin')
    if (origin !== null && !originAllowed(origin, loopback, allowedOrigins)) {
      log.debug(`refused Origin ${JSON.stringify(origin.slice(0, 100))}`)
      return fail(403, 'forbidden_origin')
    }
    if (method !== 'POST') return fail(405, 'method_not_allowed', { allow: 'POST' })

    let principal: string | undefined
    if (auth) {
      const header = request.header('authorization')
      log.debug(`Authorization header ${header === null ? 'absent' : 'present'}`)
      const token = bearerToken(header)
      principal = token === undefined ? undefined : await auth.verify(token)
      if (principal === undefined) {
        return fail(401, 'unauthorized', {
          'www-authenticate': token === undefined ? realm : `${realm}, error="invalid_token"`,
        })
      }
    }
    if (!isJsonMediaType(request.header('content-type'))) return fail(415, 'unsupported_media_type')

    const bytes = await request.readBody(maxBodyBytes, bodyTimeoutMs)
    if (bytes === 413) return fail(413, 'payload_too_large')
    if (bytes === 408) return fail(408, 'request_timeout')
    if (shuttingDown) return fail(503, 'unavailable', { connection: 'close', 'retry-after': '1' })
    if (inFlight >= maxInFlight) return fail(503, 'unavailable', { 'retry-after': '1' })

    const connection: Connection = {
      session: createSession('http', HEADERLESS_VERSION),
      keyPrefix: principal ?? '',
      running: new Set(),
      notify: dropNotification,
    }
    if (principal !== undefined) connection.session.principal = principal
    inFlight++
    if (inFlight > peakInFlight) peakInFlight = inFlight
    live.add(connection)
    let handedOver = false
    try {
      const response = await serve(request, decode(bytes), connection, () => {
        handedOver = true
      })
      return response
    } finally {
      if (!handedOver) release(connection)
    }
  }

  const dropNotification = (): void => {
    log.debug('dropped a progress notification: the request does not accept text/event-stream')
  }

  /** The checks on the JSON-RPC body, and the response as JSON or an event stream. */
  const serve = async (
    request: HttpInput,
    body: string | undefined,
    connection: Connection,
    handOver: () => void,
  ): Promise<HttpOutput> => {
    const parsed = body === undefined ? undefined : parseJson(body)
    if (!parsed) {
      log.debug('refused a body that is not JSON')
      return rpc(400, parseErrorResponse())
    }
    const header = request.header('mcp-protocol-version')
    const session = connection.session
    if (header !== null) {
      session.protocolVersion = header
      connection.declaredVersion = header
    }

    if (Array.isArray(parsed.value)) {
      if (header !== null && revisionOf(header) === undefined)
        return rpc(400, unsupportedVersion(header))
      const answer = await handleBatch(engine, connection, parsed.value)
      if (answer === undefined) return ACCEPTED
      return rpc(Array.isArray(answer) ? 200 : 400, answer)
    }

    const message = classify(parsed.value)
    if (message.kind === 'invalid') {
      log.debug(`refused message: ${JSON.stringify(message.response.error?.data)}`)
      return rpc(400, message.response)
    }
    const modern =
      message.kind === 'request' &&
      isModernRequest(message.method, message.params, header ?? undefined)
    // A client of a later revision first learns which ones are served, before any other rule of
    // this one (its headers may differ) is held against it.
    if (modern && header !== null && modernRevisionOf(header) === undefined) {
      return rpc(400, unsupportedRevision(message.id, header))
    }
    if (modern) {
      const mismatch = headerMismatch((name) => request.header(name), message)
      if (mismatch) {
        log.debug(`refused message: ${mismatch.error?.message ?? ''}`)
        return rpc(400, mismatch)
      }
      // A malformed envelope makes the whole request malformed: 400, before any dispatch.
      const envelope = readEnvelope(message.id, message.params, header ?? undefined)
      if ('error' in envelope) return rpc(400, envelope.error)
    }
    const isInitialize = message.kind === 'request' && message.method === 'initialize'
    if (!modern && !isInitialize && header !== null && revisionOf(header) === undefined) {
      return rpc(400, unsupportedVersion(header))
    }
    if (message.kind !== 'request') {
      await handleMessage(engine, connection, message)
      return ACCEPTED
    }
    /** A stateless error says by its status what kind of failure it is (404 for an unknown method). */
    const answerOutput = (answer: JsonRpcResponse): HttpOutput =>
      rpc(modern && answer.error ? (MODERN.errorStatus[answer.error.code] ?? 200) : 200, answer)

    const accept = acceptOf(request.header('accept'))
    const params = (parsed.value as { params?: { _meta?: { progressToken?: unknown } } }).params
    // A subscription's acknowledgement is a notification, so it needs a stream like progress does.
    const wantsProgress =
      params?._meta?.progressToken !== undefined ||
      (modern && message.method === 'subscriptions/listen')
    const onDisconnect = (): void => {
      abortAll(connection, 'disconnect')
    }
    const unsubscribe = request.onDisconnect(onDisconnect)

    if (!accept.sse || (!wantsProgress && accept.json)) {
      try {
        const answer = await handleMessage(engine, connection, message)
        return answer === undefined ? ACCEPTED : answerOutput(answer)
      } finally {
        unsubscribe()
      }
    }

    // SSE: either the client accepts only SSE, or progress may arrive. Without progress a client
    // that also accepts JSON gets plain JSON, so the response is held until the first event.
    return new Promise<HttpOutput>((resolve) => {
      let stream: ReadableStreamDefaultController<Uint8Array> | undefined
      let keepAlive: ReturnType<typeof setInterval> | undefined
      let ended = false
      const end = (): void => {
        if (ended) return
        ended = true
        if (keepAlive !== undefined) clearInterval(keepAlive)
        unsubscribe()
      }
      const open = (): void => {
        handOver()
        const readable = new ReadableStream<Uint8Array>({
          start(controller) {
            stream = controller
          },
          cancel() {
            onDisconnect()
            end()
          },
        })
        keepAlive = setInterval(() => {
          stream?.enqueue(encoder.encode(': keep-alive\n\n'))
        }, keepAliveMs)
        resolve({ status: 200, headers: SSE_HEADERS, body: readable })
      }
      const event = (value: object): void => {
        if (!ended)
          stream?.enqueue(encoder.encode(`event: message\ndata: ${JSON.stringify(value)}\n\n`))
      }
      connection.notify = (notification) => {
        if (stream === undefined) open()
        event(notification)
      }
      if (!accept.json) open()
      const settle = (answer: JsonRpcResponse | undefined): void => {
        if (stream === undefined) {
          end()
          resolve(answer === undefined ? ACCEPTED : answerOutput(answer))
          return
        }
        if (answer !== undefined) event(answer)
        end()
        try {
          stream.close()
        } catch {
          // Already cancelled by the client.
        }
        release(connection)
      }
      Promise.resolve(handleMessage(engine, connection, message)).then(settle, (error: unknown) => {
        log.error(
          `failed to answer a request: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
        )
        settle(undefined)
      })
    })
  }

  const stats = (): HttpStats => ({ inFlight, peakInFlight })

  const shutdown = async (graceMs: number): Promise<void> => {
    shuttingDown = true
    if (inFlight > 0) await waitIdle(graceMs)
    if (inFlight > 0) {
      for (const connection of live) abortAll(connection, 'shutdown')
      await waitIdle(ABORT_SETTLE_MS)
    }
  }
  const waitIdle = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      const timer = setTimeout(done, ms)
      function done(): void {
        clearTimeout(timer)
        idleWaiters = idleWaiters.filter((waiter) => waiter !== done)
        resolve()
      }
      idleWaiters.push(done)
    })

  return { handle, stats, shutdown }
}

const ACCEPTED: HttpOutput = { status: 202, headers: {}, body: null }

/** Invalid UTF-8 becomes `undefined`, answered as a parse error. */
function decode(bytes: Uint8Array): string | undefined {
  try {
    return decoder.decode(bytes)
  } catch {
    return undefined
  }
}

function unsupportedVersion(header: string): JsonRpcResponse {
  return invalidRequest(null, `unsupported MCP-Protocol-Version: ${header.slice(0, 64)}`)
}

function fail(status: number, code: string, headers?: Record<string, string>): HttpOutput {
  return {
    status,
    headers: headers ? { ...JSON_HEADERS, ...headers } : JSON_HEADERS,
    body: `{"error":"${code}"}`,
  }
}

function rpc(status: number, body: JsonRpcResponse | JsonRpcResponse[]): HttpOutput {
  return { status, headers: RPC_HEADERS, body: JSON.stringify(body) }
}

/** Reads a Web request's body within the limits of rows 7 and 8. */
async function readWebBody(
  request: Request,
  maxBytes: number,
  timeoutMs: number,
): Promise<Uint8Array | 413 | 408> {
  const length = request.headers.get('content-length')
  if (length !== null && Number(length) > maxBytes) return 413
  if (request.body === null) return new Uint8Array(0)
  const reader: ReadableStreamDefaultReader<Uint8Array> = request.body.getReader()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    void reader.cancel().catch(() => undefined)
  }, timeoutMs)
  const chunks: Uint8Array[] = []
  let total = 0
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      total += value.byteLength
      if (total > maxBytes) {
        void reader.cancel().catch(() => undefined)
        return 413
      }
      chunks.push(value)
    }
  } catch {
    if (!timedOut) return 408
  } finally {
    clearTimeout(timer)
  }
  if (timedOut) return 408
  return chunks.length === 1 ? chunks[0]! : concat(chunks, total)
}

export function concat(chunks: Uint8Array[], total: number): Uint8Array {
  const out = new Uint8Array(total)
  let offset = 0
  for (const chunk of chunks) {
    out.set(chunk, offset)
    offset += chunk.byteLength
  }
  return out
}
