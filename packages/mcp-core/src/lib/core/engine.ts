import type { ContentBlock } from './content.js'
import { compiledOf, type CompiledServer } from './compiled.js'
import type { ServerDefinition } from './create-server.js'
import {
  classify,
  errorResponse,
  INTERNAL_ERROR,
  INVALID_PARAMS,
  invalidRequest,
  METHOD_NOT_FOUND,
  type Classified,
  type JsonRpcResponse,
  type RequestId,
} from './json-rpc.js'
import {
  isModernRequest,
  readEnvelope,
  SERVER_INFO_KEY,
  SUBSCRIPTION_ID_KEY,
  type Envelope,
} from './envelope.js'
import type { Limiter } from './limiter.js'
import type { Logger } from './logger.js'
import {
  blockAllowed,
  LATEST_LEGACY,
  legacyRevisionOf,
  revisionOf,
  SUPPORTED_PROTOCOL_VERSIONS,
  type Revision,
} from './revisions.js'
import type { AbortReason, PromptContext, Session, ToolContext } from './session.js'
import { ToolError } from './tool-error.js'

/** Options shared by every transport. */
export interface ProtocolOptions {
  /** Handler time limit; default 120,000 ms. */
  requestTimeoutMs?: number
  /** `tools/list` page size; default 100. */
  pageSize?: number
  /** Defaults to a stderr logger at level `info`. */
  log?: Logger
}

export const DEFAULT_REQUEST_TIMEOUT_MS = 120_000
const DEFAULT_PAGE_SIZE = 100
const MAX_BATCH = 50
/** Clients truncate tool text around 25,000 tokens; characters ÷ 4 estimates tokens. */
const WARN_TEXT_CHARS = 25_000 * 4
/**
 * Cache hints of stateless list results. A definition is frozen, so its lists never change while
 * the server runs; an hour bounds how long a client keeps a list after the server is upgraded.
 * `private`: the lists are the same for every caller, but over HTTP they sit behind tokens, and a
 * shared cache must not hand them to callers the server never authenticated.
 */
const CACHE_HINTS = Object.freeze({ ttlMs: 3_600_000, cacheScope: 'private' })

/** Per-server state shared by all connections of one transport. */
export interface Engine {
  server: ServerDefinition
  compiled: CompiledServer
  log: Logger
  timeoutMs: number
  pageSize: number
  limiter: Limiter | undefined
  /** Running requests by cancellation key. */
  registry: Map<string, Set<Running>>
  /** The `_meta` of every stateless result: the server's name, version and title. */
  resultMeta: Readonly<Record<string, unknown>>
  /** The `server/discover` result, the same for every request. */
  discovery: Readonly<Record<string, unknown>>
}

export interface Running {
  controller: AbortController
}

/** One client: a stdio connection or one HTTP POST. */
export interface Connection {
  session: Session
  /** Prefix of this client's cancellation keys: empty on stdio, the principal over HTTP. */
  keyPrefix: string
  running: Set<Running>
  /** Writes a server notification (progress) to the client. */
  notify(message: object): void
  /** HTTP: the request's `MCP-Protocol-Version` header; stdio has none. */
  declaredVersion?: string
}

/** Where one request is answered: the revision that shapes it and the session its handler sees. */
interface Scope {
  revision: Revision
  session: Session
}

export function createEngine(
  server: ServerDefinition,
  options: Readonly<ProtocolOptions> | null | undefined,
  log: Logger,
  limiter?: Limiter,
): Engine {
  const compiled = compiledOf(server)
  for (const warning of compiled.warnings) log.warn(warning)
  return {
    server,
    compiled,
    log,
    timeoutMs: options?.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
    pageSize: options?.pageSize ?? DEFAULT_PAGE_SIZE,
    limiter,
    registry: new Map(),
    // Every stateless result names the server; the icons travel only with discovery, where
    // clients read the identity, rather than with every call.
    resultMeta: Object.freeze({
      [SERVER_INFO_KEY]: Object.freeze(identity(server, { title: true, icons: false })),
    }),
    discovery: Object.freeze({
      supportedVersions: SUPPORTED_PROTOCOL_VERSIONS,
      capabilities: compiled.capabilities,
      ...(server.instructions === undefined ? {} : { instructions: server.instructions }),
      ...CACHE_HINTS,
      resultType: 'complete',
      _meta: Object.freeze({
        [SERVER_INFO_KEY]: Object.freeze(identity(server, { title: true, icons: true })),
      }),
    }),
  }
}

/** The server's `Implementation`, with the optional fields a revision or a result can carry. */
function identity(
  server: ServerDefinition,
  carry: { title: boolean; icons: boolean },
): Record<string, unknown> {
  return {
    name: server.name,
    version: server.version,
    ...(server.title !== undefined && carry.title ? { title: server.title } : {}),
    ...(server.icons !== undefined && carry.icons ? { icons: server.icons } : {}),
  }
}

let sessionCounter = 0

export function createSession(transport: 'stdio' | 'http', protocolVersion: string): Session {
  sessionCounter = (sessionCounter + 1) % Number.MAX_SAFE_INTEGER
  return {
    id: `${transport}-${Date.now().toString(36)}-${sessionCounter.toString(36)}`,
    transport,
    protocolVersion,
    state: new Map(),
  }
}

/** Aborts every handler a connection runs, e.g. on disconnect or shutdown. */
export function abortAll(connection: Connection, reason: AbortReason): void {
  for (const running of connection.running) running.controller.abort(reason)
}

type MaybePromise<T> = T | Promise<T>

/** Answers one classified message; `undefined` means nothing is sent. */
export function handleMessage(
  engine: Engine,
  connection: Connection,
  message: Classified,
  inBatch = false,
): MaybePromise<JsonRpcResponse | undefined> {
  switch (message.kind) {
    case 'request':
      return handleRequest(engine, connection, message.id, message.method, message.params, inBatch)
    case 'notification':
      handleNotification(engine, connection, message.method, message.params)
      return undefined
    case 'response':
      return undefined
    case 'invalid':
      engine.log.debug(`refused message: ${JSON.stringify(message.response.error?.data)}`)
      return message.response
  }
}

/**
 * Answers a batch. Returns one error when batches are refused for the revision, the
 * responses otherwise, or `undefined` when the batch held no requests.
 */
export function handleBatch(
  engine: Engine,
  connection: Connection,
  batch: unknown[],
): MaybePromise<JsonRpcResponse | JsonRpcResponse[] | undefined> {
  const version = connection.session.protocolVersion
  if (revisionOf(version)?.batches !== true) {
    return invalidRequest(null, `batches are not supported in protocol version ${version}`)
  }
  if (batch.length === 0) return invalidRequest(null, 'batch is empty')
  if (batch.length > MAX_BATCH)
    return invalidRequest(null, `batch has more than ${MAX_BATCH} messages`)
  const pending: MaybePromise<JsonRpcResponse | undefined>[] = []
  let async = false
  for (const element of batch) {
    const message = classify(element)
    const answer =
      message.kind === 'request' && message.method === 'initialize'
        ? invalidRequest(message.id, 'initialize cannot be part of a batch')
        : handleMessage(engine, connection, message, true)
    if (answer instanceof Promise) async = true
    pending.push(answer)
  }
  const collect = (answers: (JsonRpcResponse | undefined)[]): JsonRpcResponse[] | undefined => {
    const responses = answers.filter((answer) => answer !== undefined)
    return responses.length > 0 ? responses : undefined
  }
  return async
    ? Promise.all(pending.map(async (answer) => answer)).then(collect)
    : collect(pending as (JsonRpcResponse | undefined)[])
}

function handleNotification(
  engine: Engine,
  connection: Connection,
  method: string,
  params: unknown,
): void {
  if (method !== 'notifications/cancelled') return
  if (!isObject(params)) return
  const requestId = params.requestId
  if (typeof requestId !== 'string' && typeof requestId !== 'number') return
  const matches = engine.registry.get(cancelKey(connection.keyPrefix, requestId))
  // Over HTTP several clients may share a principal; cancel only when the match is unambiguous.
  if (matches?.size === 1) {
    for (const running of matches) running.controller.abort('cancelled')
  }
}

function handleRequest(
  engine: Engine,
  connection: Connection,
  id: RequestId,
  method: string,
  params: unknown,
  inBatch: boolean,
): MaybePromise<JsonRpcResponse | undefined> {
  if (isModernRequest(method, params, connection.declaredVersion)) {
    if (inBatch) {
      return invalidRequest(
        id,
        'a request of protocol version 2026-07-28 cannot be part of a batch',
      )
    }
    const envelope = readEnvelope(id, params, connection.declaredVersion)
    if ('error' in envelope) return envelope.error
    return handleModernRequest(engine, connection, envelope, id, method, params as Params)
  }
  if (params !== undefined && !isObject(params)) {
    if (!knownMethod(engine, method)) return methodNotFound(engine, id, method)
    return invalidParams(id, 'params must be an object')
  }
  const p = params
  const session = connection.session
  const scope: Scope = {
    revision: legacyRevisionOf(session.protocolVersion) ?? LATEST_LEGACY,
    session,
  }
  switch (method) {
    case 'tools/call':
      return callTool(engine, connection, scope, id, p, inBatch)
    case 'ping':
      return { jsonrpc: '2.0', id, result: {} }
    case 'tools/list':
      return listTools(engine, scope, id, p)
    case 'initialize':
      return initialize(engine, connection, id, p)
    case 'prompts/list':
      if (engine.compiled.prompts.length === 0) return methodNotFound(engine, id, method)
      return listPrompts(engine, scope, id)
    case 'prompts/get':
      if (engine.compiled.prompts.length === 0) return methodNotFound(engine, id, method)
      return getPrompt(engine, connection, scope, id, p)
    default:
      return methodNotFound(engine, id, method)
  }
}

type Params = Record<string, unknown>

/**
 * A request of the stateless era: the envelope named its revision, so it needs no handshake and
 * shares nothing with other requests on the connection but the cancellation registry.
 */
function handleModernRequest(
  engine: Engine,
  connection: Connection,
  envelope: Envelope,
  id: RequestId,
  method: string,
  params: Params,
): MaybePromise<JsonRpcResponse | undefined> {
  const revision = envelope.revision
  if (revision.era.removedMethods.has(method)) {
    engine.log.debug(`method removed in ${revision.version}: ${method}`)
    return errorResponse(id, METHOD_NOT_FOUND, 'Method not found', {
      reason: `${method} is not part of protocol version ${revision.version}`,
    })
  }
  const base = connection.session
  const session: Session = {
    id: base.id,
    transport: base.transport,
    protocolVersion: revision.version,
    state: base.state,
    ...(envelope.clientInfo === undefined ? {} : { clientInfo: envelope.clientInfo }),
    ...(base.principal === undefined ? {} : { principal: base.principal }),
  }
  const scope: Scope = { revision, session }
  switch (method) {
    case 'tools/call':
      return callTool(engine, connection, scope, id, params, false)
    case 'tools/list':
      return listTools(engine, scope, id, params)
    case 'server/discover':
      return { jsonrpc: '2.0', id, result: engine.discovery }
    case 'prompts/list':
      if (engine.compiled.prompts.length === 0) return methodNotFound(engine, id, method)
      return listPrompts(engine, scope, id)
    case 'prompts/get':
      if (engine.compiled.prompts.length === 0) return methodNotFound(engine, id, method)
      return getPrompt(engine, connection, scope, id, params)
    case 'subscriptions/listen':
      return listen(engine, connection, id, params)
    default:
      return methodNotFound(engine, id, method)
  }
}

/**
 * `subscriptions/listen` for a server with nothing to subscribe to: its lists never change and it
 * has no resources. The acknowledgement honours none of the requested notifications, and the
 * subscription then ends at once with the graceful empty result, so no stream is held open for
 * notifications that can never come.
 */
function listen(
  engine: Engine,
  connection: Connection,
  id: RequestId,
  params: Params,
): JsonRpcResponse {
  if (!isObject(params.notifications)) {
    return invalidParams(id, 'notifications must be an object listing the notifications wanted')
  }
  connection.notify({
    jsonrpc: '2.0',
    method: 'notifications/subscriptions/acknowledged',
    params: { _meta: { [SUBSCRIPTION_ID_KEY]: id }, notifications: {} },
  })
  return {
    jsonrpc: '2.0',
    id,
    result: { resultType: 'complete', _meta: { ...engine.resultMeta, [SUBSCRIPTION_ID_KEY]: id } },
  }
}

/** A result as the revision carries it: stateless ones add `resultType` and the server's identity. */
function complete(
  engine: Engine,
  revision: Revision,
  id: RequestId,
  result: Params,
  cacheable = false,
): JsonRpcResponse {
  if (!revision.era.stateless) return { jsonrpc: '2.0', id, result }
  return {
    jsonrpc: '2.0',
    id,
    result: {
      ...result,
      ...(cacheable ? CACHE_HINTS : {}),
      resultType: 'complete',
      _meta: engine.resultMeta,
    },
  }
}

function knownMethod(engine: Engine, method: string): boolean {
  switch (method) {
    case 'tools/call':
    case 'ping':
    case 'tools/list':
    case 'initialize':
      return true
    case 'prompts/list':
    case 'prompts/get':
      return engine.compiled.prompts.length > 0
    default:
      return false
  }
}

function methodNotFound(engine: Engine, id: RequestId, method: string): JsonRpcResponse {
  engine.log.debug(`method not found: ${method.slice(0, 100)}`)
  return errorResponse(id, METHOD_NOT_FOUND, 'Method not found')
}

function invalidParams(id: RequestId, reason: string): JsonRpcResponse {
  return errorResponse(id, INVALID_PARAMS, 'Invalid params', { reason })
}

function initialize(
  engine: Engine,
  connection: Connection,
  id: RequestId,
  params: Params | undefined,
): JsonRpcResponse {
  const revision = legacyRevisionOf(params?.protocolVersion) ?? LATEST_LEGACY
  const session = connection.session
  session.protocolVersion = revision.version
  const clientInfo = params?.clientInfo
  if (
    isObject(clientInfo) &&
    typeof clientInfo.name === 'string' &&
    typeof clientInfo.version === 'string'
  ) {
    session.clientInfo = { name: clientInfo.name, version: clientInfo.version }
  }
  const server = engine.server
  const serverInfo = identity(server, { title: revision.serverTitle, icons: revision.icons })
  const result =
    server.instructions === undefined
      ? {
          protocolVersion: revision.version,
          capabilities: engine.compiled.capabilities,
          serverInfo,
        }
      : {
          protocolVersion: revision.version,
          capabilities: engine.compiled.capabilities,
          serverInfo,
          instructions: server.instructions,
        }
  return { jsonrpc: '2.0', id, result }
}

function listTools(
  engine: Engine,
  scope: Scope,
  id: RequestId,
  params: Params | undefined,
): JsonRpcResponse {
  const { tools, hash } = engine.compiled
  let offset = 0
  const cursor = params?.cursor
  if (cursor !== undefined) {
    const decoded = typeof cursor === 'string' ? decodeCursor(cursor) : undefined
    if (!decoded || decoded.h !== hash || decoded.o > tools.length) {
      return invalidParams(id, 'cursor is not one this server issued')
    }
    offset = decoded.o
  }
  const shape = scope.revision.listing
  const end = offset + engine.pageSize
  const page = tools.slice(offset, end).map((tool) => tool.listings[shape])
  const result =
    end < tools.length ? { tools: page, nextCursor: encodeCursor(end, hash) } : { tools: page }
  return complete(engine, scope.revision, id, result, true)
}

function encodeCursor(offset: number, hash: string): string {
  return btoa(JSON.stringify({ o: offset, h: hash }))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '')
}

function decodeCursor(cursor: string): { o: number; h: string } | undefined {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) return undefined
  try {
    const value = JSON.parse(atob(cursor.replaceAll('-', '+').replaceAll('_', '/'))) as unknown
    if (
      isObject(value) &&
      Number.isSafeInteger(value.o) &&
      (value.o as number) >= 0 &&
      typeof value.h === 'string'
    ) {
      return { o: value.o as number, h: value.h }
    }
  } catch {
    // Falls through: not a cursor we issued.
  }
  return undefined
}

function listPrompts(engine: Engine, scope: Scope, id: RequestId): JsonRpcResponse {
  const shape = scope.revision.listing
  const prompts = engine.compiled.prompts.map((prompt) => prompt.listings[shape])
  return complete(engine, scope.revision, id, { prompts }, true)
}

/** Tracks one running handler so cancellation, disconnects and shutdown can reach it. */
function track(
  engine: Engine,
  connection: Connection,
  id: RequestId,
): { running: Running; key: string; timer: ReturnType<typeof setTimeout> } {
  const running: Running = { controller: new AbortController() }
  const key = cancelKey(connection.keyPrefix, id)
  let set = engine.registry.get(key)
  if (!set) {
    set = new Set()
    engine.registry.set(key, set)
  }
  set.add(running)
  connection.running.add(running)
  const timer = setTimeout(() => {
    running.controller.abort('timeout')
  }, engine.timeoutMs)
  return { running, key, timer }
}

function untrack(engine: Engine, connection: Connection, tracked: ReturnType<typeof track>): void {
  clearTimeout(tracked.timer)
  connection.running.delete(tracked.running)
  const set = engine.registry.get(tracked.key)
  if (set) {
    set.delete(tracked.running)
    if (set.size === 0) engine.registry.delete(tracked.key)
  }
}

function cancelKey(prefix: string, id: RequestId): string {
  return typeof id === 'number' ? `${prefix}\u0000n${id}` : `${prefix}\u0000s${id}`
}

/** Resolves with the handler's value, or rejects once the signal aborts, whichever is first. */
function untilAborted<T>(value: T | Promise<T>, signal: AbortSignal): T | Promise<T> {
  if (!(value instanceof Promise)) return value
  if (signal.aborted) return Promise.reject(new Error('aborted'))
  return Promise.race([
    value,
    new Promise<never>((_, reject) => {
      signal.addEventListener(
        'abort',
        () => {
          reject(new Error('aborted'))
        },
        { once: true },
      )
    }),
  ])
}

async function callTool(
  engine: Engine,
  connection: Connection,
  scope: Scope,
  id: RequestId,
  params: Params | undefined,
  inBatch: boolean,
): Promise<JsonRpcResponse | undefined> {
  const name = params?.name
  if (typeof name !== 'string') return invalidParams(id, 'name must be a string')
  const compiled = engine.compiled.toolsByName.get(name)
  if (!compiled) return errorResponse(id, INVALID_PARAMS, `Unknown tool: ${name}`)
  const rawArgs = params?.arguments ?? {}
  if (!isObject(rawArgs)) return invalidParams(id, 'arguments must be an object')
  const tool = compiled.tool
  const revision = scope.revision
  const answer = (result: Params | undefined): JsonRpcResponse | undefined =>
    result === undefined ? undefined : complete(engine, revision, id, result)

  const parsed = tool.input.safeParse(rawArgs)
  if (!parsed.success) {
    const issues = formatIssues(parsed.error.issues)
    const summary = issues.map((issue) =>
      issue.path === '' ? issue.message : `${issue.path}: ${issue.message}`,
    )
    return answer(
      toolFailure(
        'invalid_arguments',
        `Invalid arguments for tool ${name}: ${summary.join('; ')}`,
        {
          issues,
        },
      ),
    )
  }

  // Tracked before it waits for a slot: the timeout counts the time queued, and a cancel, a
  // disconnect or shutdown reaches a call that has not started yet.
  const tracked = track(engine, connection, id)
  const signal = tracked.running.controller.signal
  let held = false
  const progressToken = progressTokenOf(params)
  const attached: ContentBlock[] = []
  let finished = false
  let lastProgress = -Infinity
  let sentProgress = false
  const ctx: ToolContext = {
    signal,
    requestId: id,
    session: scope.session,
    log: engine.log,
    progress(progress, total, message) {
      if (finished || progressToken === undefined || inBatch || !(progress > lastProgress)) return
      lastProgress = progress
      sentProgress = true
      const p: Record<string, unknown> = { progressToken, progress }
      if (total !== undefined) p.total = total
      if (message !== undefined) p.message = message
      connection.notify({ jsonrpc: '2.0', method: 'notifications/progress', params: p })
    },
    attach(block) {
      if (!finished) attached.push(block)
    },
  }
  try {
    const slot = engine.limiter ? engine.limiter.acquire(signal) : true
    held = slot === true || (slot !== false && (await slot))
    if (!held) {
      if (signal.aborted) return answer(abortedResult(engine, name, signal.reason))
      return answer(toolFailure('unavailable', busyMessage(engine.limiter!)))
    }
    const value = await untilAborted(tool.handler(parsed.data, ctx), signal)
    if (signal.aborted) return answer(abortedResult(engine, name, signal.reason))
    const output = tool.output.safeParse(value)
    if (!output.success) {
      return answer(
        internalFailure(
          engine,
          `tool ${name} returned output that does not match its schema: ${formatIssues(
            output.error.issues,
          )
            .map((issue) => `${issue.path || '(root)'}: ${issue.message}`)
            .join('; ')}`,
        ),
      )
    }
    if (sentProgress) {
      // Clients (SDK v1) drop progress they read in the same chunk as the response, because the
      // response unregisters the progress handler first; a macrotask keeps the two apart.
      await new Promise((resolve) => setTimeout(resolve, 0))
      if (signal.aborted) return answer(abortedResult(engine, name, signal.reason))
    }
    const structured = output.data
    const text = JSON.stringify(structured)
    if (text.length > WARN_TEXT_CHARS) {
      engine.log.warn(
        `tool ${name} returned about ${Math.round(text.length / 4)} tokens of text; clients truncate near 25000`,
      )
    }
    const content: ContentBlock[] = [{ type: 'text', text }]
    for (const block of attached) if (blockAllowed(block, revision)) content.push(block)
    return answer(
      revision.structuredContent ? { content, structuredContent: structured } : { content },
    )
  } catch (error) {
    if (signal.aborted) return answer(abortedResult(engine, name, signal.reason))
    const failure = engine.compiled.toolErrorOf(error)
    if (failure instanceof ToolError) {
      return answer(toolFailure(failure.code, failure.message, failure.data))
    }
    return answer(internalFailure(engine, `tool ${name} threw: ${failure.unexpected}`))
  } finally {
    finished = true
    untrack(engine, connection, tracked)
    if (held) engine.limiter?.release()
  }
}

/** Why a queued request was refused: every slot busy and the queue full. */
function busyMessage(limiter: Limiter): string {
  return `The server is busy (${limiter.max} requests running, ${limiter.maxWaiting} waiting); retry later`
}

function abortedResult(engine: Engine, name: string, reason: unknown): Params | undefined {
  if (reason === 'timeout') {
    engine.log.warn(`tool ${name} timed out after ${engine.timeoutMs} ms`)
    return toolFailure('timeout', `Tool ${name} timed out after ${engine.timeoutMs} ms`)
  }
  if (reason === 'shutdown') {
    return toolFailure('unavailable', 'The server is shutting down; retry later')
  }
  // Cancelled or disconnected: the client no longer wants an answer.
  return undefined
}

/**
 * A failed call's text is `{"error": message, "code": code, ...data}`: the flat shape agents
 * written for the Python arch-wiki-mcp already read (`payload.code`), for every server alike.
 * data never holds `error` or `code` (ToolError drops them), so the spread cannot override them.
 */
function toolFailure(code: string, message: string, data?: Readonly<Params>): Params {
  const payload = { error: message, code, ...data }
  return { content: [{ type: 'text', text: JSON.stringify(payload) }], isError: true }
}

function internalFailure(engine: Engine, detail: string): Params {
  const ref = randomRef()
  engine.log.error(`internal error ${ref}: ${detail}`)
  return toolFailure('internal_error', 'Internal error', { ref })
}

function randomRef(): string {
  return Math.floor(Math.random() * 0x1_0000_0000)
    .toString(16)
    .padStart(8, '0')
}

function describeError(error: unknown): string {
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`
  return String(error)
}

function progressTokenOf(params: Record<string, unknown> | undefined): string | number | undefined {
  const meta = params?._meta
  if (!isObject(meta)) return undefined
  const token = meta.progressToken
  return typeof token === 'string' || typeof token === 'number' ? token : undefined
}

async function getPrompt(
  engine: Engine,
  connection: Connection,
  scope: Scope,
  id: RequestId,
  params: Params | undefined,
): Promise<JsonRpcResponse | undefined> {
  const name = params?.name
  if (typeof name !== 'string') return invalidParams(id, 'name must be a string')
  const compiled = engine.compiled.promptsByName.get(name)
  if (!compiled) return errorResponse(id, INVALID_PARAMS, `Unknown prompt: ${name}`)
  const rawArgs = params?.arguments ?? {}
  if (!isObject(rawArgs) || Object.values(rawArgs).some((value) => typeof value !== 'string')) {
    return invalidParams(id, 'arguments must be an object of strings')
  }
  const prompt = compiled.prompt
  let args: unknown = rawArgs
  if (prompt.args) {
    const parsed = prompt.args.safeParse(rawArgs)
    if (!parsed.success) {
      return errorResponse(id, INVALID_PARAMS, 'Invalid params', {
        issues: formatIssues(parsed.error.issues),
      })
    }
    args = parsed.data
  }

  const tracked = track(engine, connection, id)
  const signal = tracked.running.controller.signal
  let held = false
  const ctx: PromptContext = { signal, requestId: id, session: scope.session, log: engine.log }
  try {
    const slot = engine.limiter ? engine.limiter.acquire(signal) : true
    held = slot === true || (slot !== false && (await slot))
    if (!held) {
      if (signal.aborted) return promptAborted(id, signal.reason)
      return errorResponse(id, INTERNAL_ERROR, 'Server busy', {
        reason: busyMessage(engine.limiter!),
      })
    }
    const messages = await untilAborted(prompt.handler(args, ctx), signal)
    if (!Array.isArray(messages)) {
      return promptInternalError(
        engine,
        id,
        `prompt ${name} returned ${typeof messages}, expected an array of messages`,
      )
    }
    const shaped = messages.filter((message) => blockAllowed(message.content, scope.revision))
    return complete(engine, scope.revision, id, {
      description: prompt.description,
      messages: shaped,
    })
  } catch (error) {
    if (signal.aborted) return promptAborted(id, signal.reason)
    return promptInternalError(engine, id, `prompt ${name} threw: ${describeError(error)}`)
  } finally {
    untrack(engine, connection, tracked)
    if (held) engine.limiter?.release()
  }
}

function promptAborted(id: RequestId, reason: unknown): JsonRpcResponse | undefined {
  if (reason === 'timeout') return errorResponse(id, INTERNAL_ERROR, 'Request timed out')
  if (reason === 'shutdown')
    return errorResponse(id, INTERNAL_ERROR, 'Internal error', { reason: 'shutting down' })
  return undefined
}

function promptInternalError(engine: Engine, id: RequestId, detail: string): JsonRpcResponse {
  const ref = randomRef()
  engine.log.error(`internal error ${ref}: ${detail}`)
  return errorResponse(id, INTERNAL_ERROR, 'Internal error', { ref })
}

export interface Issue {
  path: string
  message: string
}

interface ZodIssueLike {
  code?: string
  path: readonly PropertyKey[]
  message: string
  keys?: readonly string[]
}

/** One issue per failing field, paths dotted with `[i]` for array items. */
export function formatIssues(issues: readonly ZodIssueLike[]): Issue[] {
  const out: Issue[] = []
  const seen = new Set<string>()
  const add = (path: string, message: string): void => {
    if (seen.has(path)) return
    seen.add(path)
    out.push({ path, message })
  }
  for (const issue of issues) {
    const path = formatPath(issue.path)
    if (issue.code === 'unrecognized_keys' && issue.keys) {
      for (const key of issue.keys) add(formatPath([...issue.path, key]), 'Unrecognized key')
    } else {
      add(path, issue.message)
    }
  }
  return out
}

function formatPath(path: readonly PropertyKey[]): string {
  let out = ''
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`
    else out += out === '' ? String(segment) : `.${String(segment)}`
  }
  return out
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
