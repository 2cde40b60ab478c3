// Spawning the built fixture server for end-to-end tests. Each helper starts its own process on
// 127.0.0.1 with an ephemeral port and a fresh token, and stops it again.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

export const PACKAGE_DIR: string = fileURLToPath(new URL('../../', import.meta.url))
export const FIXTURE: string = fileURLToPath(
  new URL('../fixtures/fixture-server.mjs', import.meta.url),
)

if (!existsSync(new URL('../../dist/index.js', import.meta.url))) {
  throw new Error(
    'packages/mcp-core/dist is missing: run `pnpm --filter @wiki/mcp-core build` before test:e2e',
  )
}

/** A fresh bearer token of 48 characters, well above the 32 the fixture demands. */
export function newToken(): string {
  return randomBytes(24).toString('hex')
}

/** Resolves with the exit code, or null when the process died of a signal. */
export function exited(child: ChildProcessWithoutNullStreams): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode)
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)))
}

/** Rejects after `ms` with `what` in the message, so a hung peer fails the test by name. */
export function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no result within ${ms} ms`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

export interface HttpFixture {
  /** The MCP endpoint, e.g. `http://127.0.0.1:41234/mcp`. */
  url: string
  token: string
  child: ChildProcessWithoutNullStreams
  stderr(): string
  /** Sends SIGTERM and resolves with the exit code. */
  close(): Promise<number | null>
}

export async function startHttpFixture(
  options: { noAuth?: boolean; env?: Record<string, string> } = {},
): Promise<HttpFixture> {
  const token = newToken()
  const args = [FIXTURE, 'http', ...(options.noAuth ? ['--no-auth'] : [])]
  const child = spawn(process.execPath, args, {
    cwd: PACKAGE_DIR,
    env: { ...process.env, MCP_HTTP_TOKEN: token, MCP_HTTP_PORT: '0', ...options.env },
  })
  let stderr = ''
  child.stdout.resume()
  const url = await within(
    15_000,
    'fixture http start-up',
    new Promise<string>((resolve, reject) => {
      child.stderr.setEncoding('utf8')
      child.stderr.on('data', (chunk: string) => {
        stderr += chunk
        const match = /^listening (\S+)$/m.exec(stderr)
        if (match) resolve(match[1]!)
      })
      child.once('exit', (code) =>
        reject(new Error(`fixture http exited with ${code} before listening:\n${stderr}`)),
      )
    }),
  )
  return {
    url,
    token,
    child,
    stderr: () => stderr,
    async close() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
      return within(15_000, 'fixture http exit', exited(child))
    },
  }
}

export type JsonRpcMessage = Record<string, unknown> & { id?: unknown }

export interface StdioFixture {
  child: ChildProcessWithoutNullStreams
  /** Every stdout line so far, raw. */
  lines: string[]
  stderr(): string
  /** Writes one line; an object is serialised, a string is sent as is. */
  send(message: unknown): void
  /** Resolves with the first (past or future) parsed stdout message that matches. */
  next(
    match: (message: JsonRpcMessage) => boolean,
    what?: string,
    ms?: number,
  ): Promise<JsonRpcMessage>
  /** Sends a request and resolves with its response. */
  request(id: string | number, method: string, params?: unknown): Promise<JsonRpcMessage>
  /** Ends stdin and resolves with the exit code. */
  close(): Promise<number | null>
}

export function startStdioFixture(): StdioFixture {
  const child = spawn(process.execPath, [FIXTURE, 'stdio'], { cwd: PACKAGE_DIR })
  const lines: string[] = []
  const parsed: JsonRpcMessage[] = []
  const waiters = new Set<() => void>()
  let buffer = ''
  let stderr = ''
  child.stderr.setEncoding('utf8')
  child.stderr.on('data', (chunk: string) => (stderr += chunk))
  child.stdout.setEncoding('utf8')
  child.stdout.on('data', (chunk: string) => {
    buffer += chunk
    let newline
    while ((newline = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, newline)
      buffer = buffer.slice(newline + 1)
      lines.push(line)
      try {
        parsed.push(JSON.parse(line) as JsonRpcMessage)
      } catch {
        // Kept in `lines`; purity assertions report it.
      }
    }
    for (const wake of waiters) wake()
  })
  const fixture: StdioFixture = {
    child,
    lines,
    stderr: () => stderr,
    send(message) {
      child.stdin.write((typeof message === 'string' ? message : JSON.stringify(message)) + '\n')
    },
    next(match, what = 'stdio message', ms = 10_000) {
      return within(
        ms,
        what,
        new Promise<JsonRpcMessage>((resolve) => {
          const check = () => {
            const found = parsed.find(match)
            if (found) {
              waiters.delete(check)
              resolve(found)
            }
          }
          waiters.add(check)
          check()
        }),
      )
    },
    request(id, method, params) {
      fixture.send({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) })
      return fixture.next(
        (message) => message.id === id && ('result' in message || 'error' in message),
        `response to ${method} #${String(id)}`,
      )
    },
    close() {
      child.stdin.end()
      return within(5_000, 'fixture stdio exit', exited(child))
    },
  }
  return fixture
}

/** A valid JSON-RPC message from the server: a response or a notification, never anything else. */
export function isJsonRpcMessage(line: string): boolean {
  let value: unknown
  try {
    value = JSON.parse(line)
  } catch {
    return false
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return (
      Array.isArray(value) &&
      value.length > 0 &&
      value.every((v) => isJsonRpcMessage(JSON.stringify(v)))
    )
  }
  const message = value as Record<string, unknown>
  if (message.jsonrpc !== '2.0') return false
  if ('method' in message) return typeof message.method === 'string'
  return 'result' in message !== 'error' in message && 'id' in message
}

/** POSTs one JSON-RPC body with the usual headers; `headers` override them. */
export function post(
  url: string,
  body: string | object,
  headers: Record<string, string> = {},
  init: RequestInit = {},
): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    ...init,
  })
}
