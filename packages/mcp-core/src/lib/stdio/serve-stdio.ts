import type { Readable, Writable } from 'node:stream'
import { Buffer } from 'node:buffer'
import process from 'node:process'
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
import { classify, invalidRequest, parseErrorResponse, parseJson } from '../core/json-rpc.js'
import { Limiter } from '../core/limiter.js'
import { createLogger } from '../core/logger.js'
import { LATEST_LEGACY } from '../core/revisions.js'

/** Options for {@link serveStdio}. */
export interface ServeStdioOptions extends ProtocolOptions {
  /** Defaults to `process.stdin`. Passing streams turns the stdout guard and process exit off. */
  input?: Readable
  /** Defaults to `process.stdout`. */
  output?: Writable
  /** Longest accepted line; default 4 MiB. */
  maxLineBytes?: number
  /** Handlers running at once; the rest queue. Default 32. */
  maxInFlight?: number
  /**
   * Requests waiting for a handler slot; beyond it a request is refused at once (`unavailable`).
   * Time spent waiting counts toward `requestTimeoutMs`. Default 256.
   */
  maxQueued?: number
}

/** A running stdio server. */
export interface StdioServer {
  /** Resolves once the connection has ended and pending output is flushed. */
  readonly closed: Promise<void>
  /** Aborts running handlers (`shutdown`), flushes their answers and stops reading. */
  close(): Promise<void>
}

const DEFAULT_MAX_LINE_BYTES = 4 * 1024 * 1024
const DEFAULT_MAX_IN_FLIGHT = 32
const DEFAULT_MAX_QUEUED = 256
const NEWLINE = 0x0a
const FLUSH_LIMIT_MS = 1000

/**
 * Serves `server` over newline-delimited JSON-RPC. On the real process streams it guards
 * stdout, handles SIGINT/SIGTERM and exits the process when the client goes away.
 */
export function serveStdio(
  server: ServerDefinition,
  options?: Readonly<ServeStdioOptions> | null,
): StdioServer {
  const injected = options?.input !== undefined || options?.output !== undefined
  const input = options?.input ?? process.stdin
  const output = options?.output ?? process.stdout
  const maxLineBytes = options?.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES
  const log =
    options?.log ??
    createLogger('[mcp-core]', 'info', (line) => {
      process.stderr.write(`${line}\n`)
    })

  const guard = injected ? undefined : guardStdout()
  const rawWrite: (line: string) => boolean = guard ? guard.write : (line) => output.write(line)

  const limiter = new Limiter(
    options?.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT,
    options?.maxQueued ?? DEFAULT_MAX_QUEUED,
  )
  const engine = createEngine(server, options, log, limiter)
  let open = true
  let paused = false
  const write = (message: object): void => {
    if (!open) return
    if (!rawWrite(`${JSON.stringify(message)}\n`) && !paused) {
      // Honour backpressure by reading no more requests until the client catches up.
      paused = true
      input.pause()
      output.once('drain', () => {
        paused = false
        if (open) input.resume()
      })
    }
  }
  const connection: Connection = {
    session: createSession('stdio', LATEST_LEGACY.version),
    keyPrefix: '',
    running: new Set(),
    notify: write,
  }
  const pending = new Set<Promise<void>>()
  const deliver = (answer: object | undefined): void => {
    if (answer !== undefined) write(answer)
  }
  const onFailure = (error: unknown): void => {
    log.error(
      `failed to answer a message: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    )
  }

  const handleLine = (bytes: Uint8Array): void => {
    let text: string
    try {
      text = decoder.decode(bytes)
    } catch {
      log.debug('refused a line that is not valid UTF-8')
      write(parseErrorResponse())
      return
    }
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1)
    if (text.endsWith('\r')) text = text.slice(0, -1)
    if (text.trim() === '') return
    const parsed = parseJson(text)
    if (!parsed) {
      log.debug('refused a line that is not JSON')
      write(parseErrorResponse())
      return
    }
    const answer = Array.isArray(parsed.value)
      ? handleBatch(engine, connection, parsed.value)
      : handleMessage(engine, connection, classify(parsed.value))
    if (answer instanceof Promise) {
      const settled: Promise<void> = answer.then(deliver, onFailure).finally(() => {
        pending.delete(settled)
      })
      pending.add(settled)
    } else {
      deliver(answer)
    }
  }

  // Line framing over raw bytes, so the limit counts bytes and invalid UTF-8 is seen per line.
  let parts: Buffer[] = []
  let partsBytes = 0
  let discarding = false
  const tooLong = (): void => {
    log.debug(`refused a line longer than ${maxLineBytes} bytes`)
    write(invalidRequest(null, `message exceeds ${maxLineBytes} bytes`))
  }
  const onData = (chunk: Buffer | string): void => {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk
    let start = 0
    let newline: number
    while ((newline = buffer.indexOf(NEWLINE, start)) !== -1) {
      const piece = buffer.subarray(start, newline)
      start = newline + 1
      if (discarding || partsBytes + piece.length > maxLineBytes) {
        discarding = false
        parts = []
        partsBytes = 0
        tooLong()
        continue
      }
      const line = parts.length === 0 ? piece : Buffer.concat([...parts, piece])
      parts = []
      partsBytes = 0
      handleLine(line)
    }
    if (start < buffer.length && !discarding) {
      const rest = buffer.subarray(start)
      partsBytes += rest.length
      if (partsBytes > maxLineBytes) {
        discarding = true
        parts = []
        partsBytes = 0
      } else {
        // Copy: the stream may reuse the chunk's memory.
        parts.push(Buffer.from(rest))
      }
    }
  }

  let resolveClosed!: () => void
  const closed = new Promise<void>((resolve) => {
    resolveClosed = resolve
  })
  let closing: Promise<void> | undefined
  const finish = (reason: 'disconnect' | 'shutdown'): Promise<void> => {
    closing ??= (async () => {
      input.off('data', onData)
      input.off('end', onEnd)
      input.off('error', onEnd)
      output.off('error', onOutputError)
      abortAll(connection, reason)
      if (reason === 'shutdown') await Promise.allSettled([...pending])
      open = false
      await flush(output)
      guard?.restore()
      if (!injected) input.pause()
      resolveClosed()
    })()
    return closing
  }
  const onEnd = (): void => {
    void finish('disconnect')
  }
  const onOutputError = (error: NodeJS.ErrnoException): void => {
    // EPIPE: the client stopped reading, which is the same as hanging up.
    if (error.code !== 'EPIPE') log.error(`stdout failed: ${error.message}`)
    void finish('disconnect')
  }

  input.on('data', onData)
  input.on('end', onEnd)
  input.on('error', onEnd)
  output.on('error', onOutputError)

  if (!injected) {
    let signalled = false
    const onSignal = (): void => {
      if (signalled) process.exit(1)
      signalled = true
      void finish('shutdown')
    }
    process.on('SIGINT', onSignal)
    process.on('SIGTERM', onSignal)
    process.on('uncaughtException', (error) => {
      log.error(`uncaught exception: ${error.stack ?? error.message}`)
      process.exit(1)
    })
    void closed.then(() => process.exit(0))
  }

  return { closed, close: () => finish('shutdown') }
}

const decoder = new TextDecoder('utf-8', { fatal: true })

/** Waits until `output` has drained, for at most a second. */
function flush(output: Writable): Promise<void> {
  if (!output.writableNeedDrain || output.destroyed) return Promise.resolve()
  return new Promise((resolve) => {
    const timer = setTimeout(done, FLUSH_LIMIT_MS)
    function done(): void {
      clearTimeout(timer)
      output.off('drain', done)
      resolve()
    }
    output.once('drain', done)
  })
}

/**
 * Keeps stdout for JSON-RPC alone: console.log/info/debug go to stderr, and any other
 * stdout write is redirected there with a one-time warning.
 */
function guardStdout(): { write: (line: string) => boolean; restore: () => void } {
  const stdout = process.stdout
  // eslint-disable-next-line @typescript-eslint/unbound-method -- kept only to be restored
  const originalWrite = stdout.write
  const write = (line: string): boolean => originalWrite.call(stdout, line)
  const consoleSaved = { log: console.log, info: console.info, debug: console.debug }
  let warned = false
  stdout.write = function redirected(...args: unknown[]): boolean {
    if (!warned) {
      warned = true
      process.stderr.write(
        '[mcp-core] warn: a stdout write was redirected to stderr; stdout carries only MCP messages\n',
      )
    }
    return (process.stderr.write as (...a: unknown[]) => boolean).apply(process.stderr, args)
  }
  const toStderr = (...args: unknown[]): void => {
    console.error(...args)
  }
  console.log = toStderr
  console.info = toStderr
  console.debug = toStderr
  return {
    write,
    restore: () => {
      stdout.write = originalWrite
      Object.assign(console, consoleSaved)
    },
  }
}
