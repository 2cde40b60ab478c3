// The stateless revision (2026-07-28) beside the legacy ones, on one stdio stream and one HTTP
// endpoint: what the JSON-RPC corpus cannot show, because it needs timing, handlers that look at
// their context, or several messages in one exchange.
import { PassThrough } from 'node:stream'
import { describe, expect, it } from 'vitest'
import * as z from 'zod'
import { createServer, defineTool } from '@wiki/mcp-core'
import { createHttpHandler } from '@wiki/mcp-core/http'
import { serveStdio } from '@wiki/mcp-core/stdio'

const whoami = defineTool({
  name: 'whoami',
  description: 'Says which revision and client the handler sees.',
  input: z.strictObject({}),
  output: z.strictObject({ version: z.string(), client: z.string() }),
  access: 'read',
  handler: (_args, ctx) => ({
    version: ctx.session.protocolVersion,
    client: ctx.session.clientInfo?.name ?? 'unnamed',
  }),
})

const slow = defineTool({
  name: 'slow',
  description: 'Reports progress, then waits until done or aborted.',
  input: z.strictObject({ ms: z.number() }),
  output: z.strictObject({ waited: z.number() }),
  access: 'read',
  async handler({ ms }, ctx) {
    ctx.progress(1, 2, 'started')
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(resolve, ms)
      ctx.signal.addEventListener('abort', () => {
        clearTimeout(timer)
        reject(new Error(String(ctx.signal.reason)))
      })
    })
    return { waited: ms }
  },
})

const server = createServer({ name: 'modern', version: '2.0.0', tools: [whoami, slow] })
const silent = { debug() {}, info() {}, warn() {}, error() {} }
const SERVER_INFO = { 'io.modelcontextprotocol/serverInfo': { name: 'modern', version: '2.0.0' } }

const envelope = (extra: Record<string, unknown> = {}) => ({
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'modern-client', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': {},
  ...extra,
})

function stdio(options: { requestTimeoutMs?: number } = {}) {
  const input = new PassThrough()
  const output = new PassThrough()
  const lines: string[] = []
  const waiters: (() => void)[] = []
  let buffered = ''
  output.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8')
    let index: number
    while ((index = buffered.indexOf('\n')) !== -1) {
      lines.push(buffered.slice(0, index))
      buffered = buffered.slice(index + 1)
      for (const wake of waiters.splice(0)) wake()
    }
  })
  const handle = serveStdio(server, { input, output, log: silent, ...options })
  const send = (message: object) => input.write(`${JSON.stringify(message)}\n`)
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- replies are arbitrary JSON
  const until = async (count: number): Promise<any[]> => {
    while (lines.length < count) await new Promise<void>((resolve) => waiters.push(resolve))
    return lines.slice(0, count).map((line) => JSON.parse(line))
  }
  return { handle, send, until, lines }
}

describe('2026-07-28 over stdio', () => {
  it('serves both eras on one stream: each request is shaped by its own revision', async () => {
    const { send, until, handle } = stdio()
    send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2024-11-05',
        capabilities: {},
        clientInfo: { name: 'legacy-client', version: '1' },
      },
    })
    send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'whoami' } })
    send({
      jsonrpc: '2.0',
      id: 3,
      method: 'tools/call',
      params: { name: 'whoami', _meta: envelope() },
    })
    send({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'whoami' } })
    const replies = await until(4)
    const byId = new Map(replies.map((reply) => [reply.id, reply]))
    // The legacy session keeps 2024-11-05 (no structuredContent) before and after the stateless call.
    expect(byId.get(2).result).toEqual({
      content: [{ type: 'text', text: '{"version":"2024-11-05","client":"legacy-client"}' }],
    })
    expect(byId.get(4).result).toEqual(byId.get(2).result)
    // The stateless call sees its own revision and client, never the connection's.
    expect(byId.get(3).result).toEqual({
      content: [{ type: 'text', text: '{"version":"2026-07-28","client":"modern-client"}' }],
      structuredContent: { version: '2026-07-28', client: 'modern-client' },
      resultType: 'complete',
      _meta: SERVER_INFO,
    })
    await handle.close()
  })

  it('sends progress for a progress token beside the envelope, then the result', async () => {
    const { send, until, handle } = stdio()
    send({
      jsonrpc: '2.0',
      id: 'p',
      method: 'tools/call',
      params: {
        name: 'slow',
        arguments: { ms: 5 },
        _meta: envelope({ progressToken: 7 }),
      },
    })
    expect(await until(2)).toEqual([
      {
        jsonrpc: '2.0',
        method: 'notifications/progress',
        params: { progressToken: 7, progress: 1, total: 2, message: 'started' },
      },
      {
        jsonrpc: '2.0',
        id: 'p',
        result: {
          content: [{ type: 'text', text: '{"waited":5}' }],
          structuredContent: { waited: 5 },
          resultType: 'complete',
          _meta: SERVER_INFO,
        },
      },
    ])
    await handle.close()
  })

  it('cancels a stateless call by notifications/cancelled and sends nothing for it', async () => {
    const { send, until, handle, lines } = stdio()
    send({
      jsonrpc: '2.0',
      id: 9,
      method: 'tools/call',
      params: { name: 'slow', arguments: { ms: 60_000 }, _meta: envelope({ progressToken: 1 }) },
    })
    await until(1) // progress: it runs
    send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 9 } })
    send({
      jsonrpc: '2.0',
      id: 10,
      method: 'tools/call',
      params: { name: 'whoami', _meta: envelope() },
    })
    const [, next] = await until(2)
    expect(next.id).toBe(10)
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(lines).toHaveLength(2)
    await handle.close()
  })

  it('times a stateless call out with the flat timeout failure and resultType', async () => {
    const { send, until, handle } = stdio({ requestTimeoutMs: 30 })
    send({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'slow', arguments: { ms: 60_000 }, _meta: envelope() },
    })
    const [reply] = await until(1)
    expect(reply.result).toEqual({
      content: [
        {
          type: 'text',
          text: '{"error":"Tool slow timed out after 30 ms","code":"timeout"}',
        },
      ],
      isError: true,
      resultType: 'complete',
      _meta: SERVER_INFO,
    })
    await handle.close()
  })

  it('refuses a stateless request inside a 2025-03-26 batch, answering the legacy ones', async () => {
    const { send, until, handle } = stdio()
    send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-03-26',
        capabilities: {},
        clientInfo: { name: 'c', version: '1' },
      },
    })
    await until(1)
    send([
      { jsonrpc: '2.0', id: 2, method: 'ping' },
      { jsonrpc: '2.0', id: 3, method: 'tools/list', params: { _meta: envelope() } },
    ])
    const [, batch] = await until(2)
    expect(batch).toEqual(
      expect.arrayContaining([
        { jsonrpc: '2.0', id: 2, result: {} },
        {
          jsonrpc: '2.0',
          id: 3,
          error: {
            code: -32600,
            message: 'Invalid Request',
            data: { reason: 'a request of protocol version 2026-07-28 cannot be part of a batch' },
          },
        },
      ]),
    )
    await handle.close()
  })
})

const TOKEN = 'm'.repeat(40)

function http() {
  return createHttpHandler(server, { auth: { tokens: [TOKEN] }, log: silent })
}

function post(body: object, headers: Record<string, string> = {}) {
  const params = (body as { params?: { name?: string } }).params
  return new Request('http://127.0.0.1:3000/mcp', {
    method: 'POST',
    headers: {
      authorization: `Bearer ${TOKEN}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': (body as { method: string }).method,
      ...(params?.name === undefined ? {} : { 'mcp-name': params.name }),
      ...headers,
    },
    body: JSON.stringify(body),
  })
}

describe('2026-07-28 over HTTP', () => {
  it('streams progress over SSE and ends the stream with the result', async () => {
    const response = await http()(
      post({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'slow', arguments: { ms: 5 }, _meta: envelope({ progressToken: 'tok' }) },
      }),
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/event-stream')
    expect(response.headers.get('mcp-session-id')).toBeNull()
    const events = (await response.text())
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map((line) => JSON.parse(line.slice(6)) as { method?: string; result?: unknown })
    expect(events.map((event) => event.method ?? 'result')).toEqual([
      'notifications/progress',
      'result',
    ])
    expect(events[1]!.result).toMatchObject({
      resultType: 'complete',
      structuredContent: { waited: 5 },
    })
  })

  it('serves the handler a session of its own revision and client, with the token name', async () => {
    const response = await http()(
      post({
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: 'whoami', _meta: envelope() },
      }),
    )
    const body = (await response.json()) as { result: { structuredContent: unknown } }
    expect(body.result.structuredContent).toEqual({
      version: '2026-07-28',
      client: 'modern-client',
    })
  })

  it('answers a legacy request on the same endpoint as before, however the other era is used', async () => {
    const handle = http()
    await handle(
      post({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: envelope() } }),
    )
    const legacy = await handle(
      new Request('http://127.0.0.1:3000/mcp', {
        method: 'POST',
        headers: {
          authorization: `Bearer ${TOKEN}`,
          'content-type': 'application/json',
          'mcp-protocol-version': '2025-06-18',
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 2,
          method: 'tools/call',
          params: { name: 'whoami' },
        }),
      }),
    )
    expect(legacy.status).toBe(200)
    expect(((await legacy.json()) as { result: unknown }).result).toEqual({
      content: [{ type: 'text', text: '{"version":"2025-06-18","client":"unnamed"}' }],
      structuredContent: { version: '2025-06-18', client: 'unnamed' },
    })
  })

  it('cancels a stateless call when the client closes its stream', async () => {
    const handle = http()
    const controller = new AbortController()
    const request = new Request(
      post({
        jsonrpc: '2.0',
        id: 3,
        method: 'tools/call',
        params: { name: 'slow', arguments: { ms: 60_000 }, _meta: envelope() },
      }),
      { signal: controller.signal },
    )
    const pending = handle(request)
    while (handle.stats().inFlight === 0) await new Promise((resolve) => setTimeout(resolve, 1))
    controller.abort()
    const response = await pending
    expect(response.status).toBe(202)
    expect(handle.stats().inFlight).toBe(0)
  })
})
