import { spawn } from 'node:child_process'

/** How to start a server, exactly as a client would. */
export interface ProbeCommand {
  readonly command: string
  readonly args: readonly string[]
  /** The whole environment of the child: nothing else is inherited. */
  readonly env: Readonly<Record<string, string>>
  readonly cwd: string
  /** For the answer to initialize and then to tools/list; default 15,000 ms. */
  readonly timeoutMs?: number
}

/** What happened when the server was started and asked initialize and tools/list. */
export type ProbeResult =
  | {
      readonly outcome: 'answered'
      readonly serverInfo: { readonly name: string; readonly version: string }
      /** Tool names, or the reason tools/list failed. */
      readonly tools: readonly string[] | { readonly error: string }
      readonly stderr: string
    }
  /** The command could not be run at all (`ENOENT`, `EACCES`). */
  | { readonly outcome: 'not_started'; readonly errno: string; readonly message: string }
  /** It ended before answering initialize. */
  | {
      readonly outcome: 'exited'
      readonly code: number | null
      readonly signal: string | null
      readonly stderr: string
    }
  /** It answered nothing within the time limit. */
  | { readonly outcome: 'no_answer'; readonly timeoutMs: number; readonly stderr: string }
  /** It wrote something that is not an answer to initialize. */
  | { readonly outcome: 'not_mcp'; readonly said: string; readonly stderr: string }

const MAX_STDERR = 8192
const MAX_TOOL_PAGES = 20
const PROTOCOL_VERSION = '2025-06-18'

/**
 * Starts `command` with `args`, `env` and `cwd` and nothing more, sends an MCP initialize, then
 * tools/list (following cursors), closes its stdin and waits for it to end (killing it after a
 * second). Never throws: every way a server can fail to start is a result.
 */
export function probeStdioServer(probe: ProbeCommand): Promise<ProbeResult> {
  const timeoutMs = probe.timeoutMs ?? 15_000
  return new Promise((resolve) => {
    let stderr = ''
    let stdout = ''
    let settled = false
    let serverInfo: { name: string; version: string } | undefined
    const tools: string[] = []
    let pages = 0

    const child = spawn(probe.command, [...probe.args], {
      cwd: probe.cwd,
      env: { ...probe.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    const finish = (result: ProbeResult): void => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      child.stdin.end()
      const killer = setTimeout(() => child.kill('SIGKILL'), 1000)
      if (child.exitCode !== null || child.signalCode !== null) clearTimeout(killer)
      else child.once('exit', () => clearTimeout(killer))
      resolve(result)
    }
    const timer = setTimeout(() => {
      finish({ outcome: 'no_answer', timeoutMs, stderr: tail(stderr) })
      child.kill('SIGTERM')
    }, timeoutMs)

    const send = (message: object): void => {
      if (!child.stdin.destroyed) child.stdin.write(`${JSON.stringify(message)}\n`)
    }
    const listTools = (cursor?: string): void => {
      pages++
      send({
        jsonrpc: '2.0',
        id: 1 + pages,
        method: 'tools/list',
        params: cursor ? { cursor } : {},
      })
    }
    const onMessage = (line: string): void => {
      let message: { id?: unknown; result?: Record<string, unknown>; error?: { message?: unknown } }
      try {
        message = JSON.parse(line) as typeof message
      } catch {
        finish({ outcome: 'not_mcp', said: line.slice(0, 200), stderr: tail(stderr) })
        return
      }
      if (message.id === undefined) return // a notification: not the answer yet
      if (serverInfo === undefined) {
        const info = message.result?.serverInfo as { name?: unknown; version?: unknown } | undefined
        if (message.id !== 1 || typeof info?.name !== 'string') {
          const said =
            typeof message.error?.message === 'string' ? message.error.message : line.slice(0, 200)
          finish({ outcome: 'not_mcp', said, stderr: tail(stderr) })
          return
        }
        serverInfo = {
          name: info.name,
          version: typeof info.version === 'string' ? info.version : '',
        }
        send({ jsonrpc: '2.0', method: 'notifications/initialized' })
        listTools()
        return
      }
      if (message.error !== undefined || !Array.isArray(message.result?.tools)) {
        const error =
          typeof message.error?.message === 'string'
            ? message.error.message
            : 'no tools in the answer'
        finish({ outcome: 'answered', serverInfo, tools: { error }, stderr: tail(stderr) })
        return
      }
      for (const tool of message.result.tools as { name?: unknown }[]) {
        if (typeof tool?.name === 'string') tools.push(tool.name)
      }
      const cursor = message.result.nextCursor
      if (typeof cursor === 'string' && pages < MAX_TOOL_PAGES) listTools(cursor)
      else finish({ outcome: 'answered', serverInfo, tools, stderr: tail(stderr) })
    }

    child.on('error', (error: NodeJS.ErrnoException) => {
      finish({ outcome: 'not_started', errno: error.code ?? 'unknown', message: error.message })
    })
    child.stdin.on('error', () => {
      // The server closed its stdin (it exited); 'exit' reports why.
    })
    child.stderr.setEncoding('utf8')
    child.stderr.on('data', (chunk: string) => {
      stderr = tail(stderr + chunk)
    })
    child.stdout.setEncoding('utf8')
    child.stdout.on('data', (chunk: string) => {
      stdout += chunk
      let newline = stdout.indexOf('\n')
      while (newline !== -1 && !settled) {
        const line = stdout.slice(0, newline).trim()
        stdout = stdout.slice(newline + 1)
        if (line !== '') onMessage(line)
        newline = stdout.indexOf('\n')
      }
    })
    child.on('exit', (code, signal) => {
      // Give stderr a moment to drain: its last line is usually the reason.
      setTimeout(() => finish({ outcome: 'exited', code, signal, stderr: tail(stderr) }), 50)
    })

    send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: PROTOCOL_VERSION,
        capabilities: {},
        clientInfo: { name: 'registration-check', version: '1' },
      },
    })
  })
}

function tail(text: string): string {
  return text.length > MAX_STDERR ? text.slice(-MAX_STDERR) : text
}
