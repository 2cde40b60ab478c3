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
import type { Limiter } from './limiter.js'
import type { Logger } from './logger.js'
import { isSupportedVersion, LATEST_PROTOCOL_VERSION } from './protocol-versions.js'
import { blockAllowed, revisionLevel } from './revision.js'
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
  if (version !== '2025-03-26') {
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
  if (params !== undefined && !isObject(params)) {
    if (!knownMethod(engine, method)) return methodNotFound(engine, id, method)
    return invalidParams(id, 'params must be an object')
  }
  const p = params
  switch (method) {
    case 'tools/call':
      return callTool(engine, connection, id, p, inBatch)
    case 'ping':
      return { jsonrpc: '2.0', id, result: {} }
    case 'tools/list':
      return listTools(engine, connection, id, p)
    case 'initialize':
      return initialize(engine, connection, id, p)
    case 'prompts/list':
      if (engine.compiled.prompts.length === 0) return methodNotFound(engine, id, method)
      return listPrompts(engine, connection, id)
    case 'prompts/get':
      if (engine.compiled.prompts.length === 0) return methodNotFound(engine, id, method)
      return getPrompt(engine, connection, id, p)
    default:
      return methodNotFound(engine, id, method)
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
  params: Record<string, unknown> | undefined,
): JsonRpcResponse {
  const requested = params?.protocolVersion
  const version = isSupportedVersion(requested) ? requested : LATEST_PROTOCOL_VERSION
  const session = connection.session
  session.protocolVersion = version
  const clientInfo = params?.clientInfo
  if (
    isObject(clientInfo) &&
    typeof clientInfo.name === 'string' &&
    typeof clientInfo.version === 'string'
  ) {
    session.clientInfo = { name: clientInfo.name, version: clientInfo.version }
  }
  const server = engine.server
  const serverInfo =
    server.title !== undefined && revisionLevel(version) === 2
      ? { name: server.name, version: server.version, title: server.title }
      : { name: server.name, version: server.version }
  const result =
    server.instructions === undefined
      ? { protocolVersion: version, capabilities: engine.compiled.capabilities, serverInfo }
      : {
          protocolVersion: version,
          capabilities: engine.compiled.capabilities,
          serverInfo,
          instructions: server.instructions,
        }
  return { jsonrpc: '2.0', id, result }
}

function listTools(
  engine: Engine,
  connection: Connection,
  id: RequestId,
  params: Record<string, unknown> | undefined,
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
  const level = revisionLevel(connection.session.protocolVersion)
  const end = offset + engine.pageSize
  const page = tools.slice(offset, end).map((tool) => tool.listings[level])
  const result =
    end < tools.length ? { tools: page, nextCursor: encodeCursor(end, hash) } : { tools: page }
  return { jsonrpc: '2.0', id, result }
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

function listPrompts(engine: Engine, connection: Connection, id: RequestId): JsonRpcResponse {
  const level = revisionLevel(connection.session.protocolVersion)
  const prompts = engine.compiled.prompts.map((prompt) => prompt.listings[level])
  return { jsonrpc: '2.0', id, result: { prompts } }
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
  id: RequestId,
  params: Record<string, unknown> | undefined,
  inBatch: boolean,
): Promise<JsonRpcResponse | undefined> {
  const name = params?.name
  if (typeof name !== 'string') return invalidParams(id, 'name must be a string')
  const compiled = engine.compiled.toolsByName.get(name)
  if (!compiled) return errorResponse(id, INVALID_PARAMS, `Unknown tool: ${name}`)
  const rawArgs = params?.arguments ?? {}
  if (!isObject(rawArgs)) return invalidParams(id, 'arguments must be an object')
  const tool = compiled.tool
  const level = revisionLevel(connection.session.protocolVersion)

  const parsed = tool.input.safeParse(rawArgs)
  if (!parsed.success) {
    const issues = formatIssues(parsed.error.issues)
    const summary = issues.map((issue) =>
      issue.path === '' ? issue.message : `${issue.path}: ${issue.message}`,
    )
    return toolFailure(
      id,
      'invalid_arguments',
      `Invalid arguments for tool ${name}: ${summary.join('; ')}`,
      {
        issues,
      },
    )
  }

  const wait = engine.limiter?.acquire()
  if (wait) await wait
  const tracked = track(engine, connection, id)
  const signal = tracked.running.controller.signal
  const progressToken = progressTokenOf(params)
  const attached: ContentBlock[] = []
  let finished = false
  let lastProgress = -Infinity
  let sentProgress = false
  const ctx: ToolContext = {
    signal,
    requestId: id,
    session: connection.session,
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
    const value = await untilAborted(tool.handler(parsed.data, ctx), signal)
    if (signal.aborted) return abortedResult(engine, id, name, signal.reason)
    const output = tool.output.safeParse(value)
    if (!output.success) {
      return internalFailure(
        engine,
        id,
        `tool ${name} returned output that does not match its schema: ${formatIssues(
          output.error.issues,
        )
          .map((issue) => `${issue.path || '(root)'}: ${issue.message}`)
          .join('; ')}`,
      )
    }
    if (sentProgress) {
      // Clients (SDK v1) drop progress they read in the same chunk as the response, because the
      // response unregisters the progress handler first; a macrotask keeps the two apart.
      await new Promise((resolve) => setTimeout(resolve, 0))
      if (signal.aborted) return abortedResult(engine, id, name, signal.reason)
    }
    const structured = output.data
    const text = JSON.stringify(structured)
    if (text.length > WARN_TEXT_CHARS) {
      engine.log.warn(
        `tool ${name} returned about ${Math.round(text.length / 4)} tokens of text; clients truncate near 25000`,
      )
    }
    const content: ContentBlock[] = [{ type: 'text', text }]
    for (const block of attached) if (blockAllowed(block, level)) content.push(block)
    return {
      jsonrpc: '2.0',
      id,
      result: level === 2 ? { content, structuredContent: structured } : { content },
    }
  } catch (error) {
    if (signal.aborted) return abortedResult(engine, id, name, signal.reason)
    if (error instanceof ToolError) {
      return toolFailure(id, error.code, error.message, error.data)
    }
    return internalFailure(engine, id, `tool ${name} threw: ${describeError(error)}`)
  } finally {
    finished = true
    untrack(engine, connection, tracked)
    if (engine.limiter) engine.limiter.release()
  }
}

function abortedResult(
  engine: Engine,
  id: RequestId,
  name: string,
  reason: unknown,
): JsonRpcResponse | undefined {
  if (reason === 'timeout') {
    engine.log.warn(`tool ${name} timed out after ${engine.timeoutMs} ms`)
    return toolFailure(id, 'timeout', `Tool ${name} timed out after ${engine.timeoutMs} ms`)
  }
  if (reason === 'shutdown') {
    return toolFailure(id, 'unavailable', 'The server is shutting down; retry later')
  }
  // Cancelled or disconnected: the client no longer wants an answer.
  return undefined
}

/**
 * A failed call's text is `{"error": message, "code": code, ...data}`: the flat shape agents
 * written for the Python arch-wiki-mcp already read (`payload.code`), for every server alike.
 * data never holds `error` or `code` (ToolError drops them), so the spread cannot override them.
 */
function toolFailure(
  id: RequestId,
  code: string,
  message: string,
  data?: Readonly<Record<string, unknown>>,
): JsonRpcResponse {
  const payload = { error: message, code, ...data }
  return {
    jsonrpc: '2.0',
    id,
    result: { content: [{ type: 'text', text: JSON.stringify(payload) }], isError: true },
  }
}

function internalFailure(engine: Engine, id: RequestId, detail: string): JsonRpcResponse {
  const ref = randomRef()
  engine.log.error(`internal error ${ref}: ${detail}`)
  return toolFailure(id, 'internal_error', 'Internal error', { ref })
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
  id: RequestId,
  params: Record<string, unknown> | undefined,
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

  const wait = engine.limiter?.acquire()
  if (wait) await wait
  const tracked = track(engine, connection, id)
  const signal = tracked.running.controller.signal
  const ctx: PromptContext = { signal, requestId: id, session: connection.session, log: engine.log }
  try {
    const messages = await untilAborted(prompt.handler(args, ctx), signal)
    if (!Array.isArray(messages)) {
      return promptInternalError(
        engine,
        id,
        `prompt ${name} returned ${typeof messages}, expected an array of messages`,
      )
    }
    const level = revisionLevel(connection.session.protocolVersion)
    const shaped = messages.filter((message) => blockAllowed(message.content, level))
    return { jsonrpc: '2.0', id, result: { description: prompt.description, messages: shaped } }
  } catch (error) {
    if (signal.aborted) return promptAborted(id, signal.reason)
    return promptInternalError(engine, id, `prompt ${name} threw: ${describeError(error)}`)
  } finally {
    untrack(engine, connection, tracked)
    if (engine.limiter) engine.limiter.release()
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
