import { PassThrough } from 'node:stream'
import { describe, expect, it } from 'vitest'
import * as z from 'zod'
import { createServer, defineTool, ToolError } from '@wiki/mcp-core'
import { serveStdio } from '@wiki/mcp-core/stdio'

const echo = defineTool({
  name: 'echo',
  description: 'Echoes its text.',
  input: z.strictObject({ text: z.string().min(1) }),
  output: z.strictObject({ text: z.string() }),
  access: 'read',
  handler: ({ text }) => ({ text }),
})

const slow = defineTool({
  name: 'slow',
  description: 'Waits, reporting progress, until aborted or done.',
  input: z.strictObject({ ms: z.number().int().min(0) }),
  output: z.strictObject({ waited: z.number() }),
  access: 'read',
  async handler({ ms }, ctx) {
    ctx.progress(0, 2)
    ctx.progress(0, 2) // not increasing: dropped
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(resolve, ms)
      ctx.signal.addEventListener('abort', () => {
        clearTimeout(timer)
        reject(new Error(String(ctx.signal.reason)))
      })
    })
    ctx.progress(2, 2, 'done')
    return { waited: ms }
  },
})

const fail = defineTool({
  name: 'fail',
  description: 'Fails as asked.',
  input: z.strictObject({ expected: z.boolean() }),
  output: z.strictObject({}),
  access: 'read',
  handler({ expected }) {
    if (expected)
      throw new ToolError('not_found', 'No page titled Foo', { suggestions: ['Foobar'] })
    throw new Error('boom')
  },
})

const server = createServer({ name: 'test', version: '1.0.0', tools: [echo, slow, fail] })

function start(
  options: {
    maxLineBytes?: number
    requestTimeoutMs?: number
    maxInFlight?: number
    maxQueued?: number
  } = {},
) {
  const input = new PassThrough()
  const output = new PassThrough()
  const logs: string[] = []
  const log = {
    debug: (m: string) => logs.push(`debug ${m}`),
    info: (m: string) => logs.push(`info ${m}`),
    warn: (m: string) => logs.push(`warn ${m}`),
    error: (m: string) => logs.push(`error ${m}`),
  }
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
  const handle = serveStdio(server, { input, output, log, ...options })
  const send = (text: string | Buffer | object) => {
    input.write(
      typeof text === 'string' || Buffer.isBuffer(text) ? text : `${JSON.stringify(text)}\n`,
    )
  }
  /** Waits until `count` lines have arrived in total, then returns them parsed. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- replies are arbitrary JSON
  const until = async (count: number): Promise<any[]> => {
    while (lines.length < count) await new Promise<void>((resolve) => waiters.push(resolve))
    return lines.slice(0, count).map((line) => JSON.parse(line))
  }
  return { handle, send, until, lines, logs, input }
}

describe('serveStdio', () => {
  it('answers initialize, ping and tools/call with structuredContent and text parity', async () => {
    const { send, until, handle } = start()
    send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 'c', version: '1' },
      },
    })
    send({ jsonrpc: '2.0', method: 'notifications/initialized' })
    send({ jsonrpc: '2.0', id: 'p', method: 'ping' })
    send({
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'echo', arguments: { text: 'hi' } },
    })
    const [init, ping, call] = await until(3)
    expect(init).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: {
        protocolVersion: '2025-06-18',
        capabilities: { tools: {} },
        serverInfo: { name: 'test', version: '1.0.0' },
      },
    })
    expect(ping).toEqual({ jsonrpc: '2.0', id: 'p', result: {} })
    expect(call).toEqual({
      jsonrpc: '2.0',
      id: 2,
      result: {
        content: [{ type: 'text', text: '{"text":"hi"}' }],
        structuredContent: { text: 'hi' },
      },
    })
    await handle.close()
  })

  it('frames lines: strips a BOM and \\r, skips empty lines, answers invalid UTF-8 with a parse error', async () => {
    const { send, until, handle } = start()
    send('\uFEFF{"jsonrpc":"2.0","id":1,"method":"ping"}\r\n\n\n')
    send(Buffer.from([0x7b, 0xff, 0xfe, 0x0a]))
    send('{"jsonrpc":"2.0","id":2,"method":"ping"}\n')
    expect(await until(3)).toEqual([
      { jsonrpc: '2.0', id: 1, result: {} },
      { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } },
      { jsonrpc: '2.0', id: 2, result: {} },
    ])
    await handle.close()
  })

  it('refuses a line over maxLineBytes and keeps serving', async () => {
    const { send, until, handle } = start({ maxLineBytes: 64 })
    send(`{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":"${'x'.repeat(40)}`)
    send(`${'y'.repeat(40)}"}}\n`)
    send('{"jsonrpc":"2.0","id":2,"method":"ping"}\n')
    expect(await until(2)).toEqual([
      {
        jsonrpc: '2.0',
        id: null,
        error: {
          code: -32600,
          message: 'Invalid Request',
          data: { reason: 'message exceeds 64 bytes' },
        },
      },
      { jsonrpc: '2.0', id: 2, result: {} },
    ])
    await handle.close()
  })

  it('sends progress only for a progress token, then the result', async () => {
    const { send, until, handle } = start()
    send({
      jsonrpc: '2.0',
      id: 5,
      method: 'tools/call',
      params: { name: 'slow', arguments: { ms: 5 }, _meta: { progressToken: 'tok' } },
    })
    expect(await until(3)).toEqual([
      {
        jsonrpc: '2.0',
        method: 'notifications/progress',
        params: { progressToken: 'tok', progress: 0, total: 2 },
      },
      {
        jsonrpc: '2.0',
        method: 'notifications/progress',
        params: { progressToken: 'tok', progress: 2, total: 2, message: 'done' },
      },
      {
        jsonrpc: '2.0',
        id: 5,
        result: {
          content: [{ type: 'text', text: '{"waited":5}' }],
          structuredContent: { waited: 5 },
        },
      },
    ])
    await handle.close()
  })

  it('cancellation aborts the handler and suppresses its response', async () => {
    const { send, until, handle, lines } = start()
    send({
      jsonrpc: '2.0',
      id: 9,
      method: 'tools/call',
      params: { name: 'slow', arguments: { ms: 10_000 } },
    })
    send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 9 } })
    send({ jsonrpc: '2.0', id: 10, method: 'ping' })
    expect(await until(1)).toEqual([{ jsonrpc: '2.0', id: 10, result: {} }])
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(lines).toHaveLength(1)
    await handle.close()
  })

  it('times a tool out with the timeout code', async () => {
    const { send, until, handle } = start({ requestTimeoutMs: 20 })
    send({
      jsonrpc: '2.0',
      id: 3,
      method: 'tools/call',
      params: { name: 'slow', arguments: { ms: 10_000 } },
    })
    const [response] = await until(1)
    expect(response.result.isError).toBe(true)
    expect(JSON.parse(response.result.content[0].text).code).toBe('timeout')
    await handle.close()
  })

  it('close() answers running calls with unavailable and resolves closed', async () => {
    const { send, until, handle } = start()
    send({
      jsonrpc: '2.0',
      id: 4,
      method: 'tools/call',
      params: { name: 'slow', arguments: { ms: 10_000 }, _meta: { progressToken: 'p' } },
    })
    // The first progress notification proves the handler is running.
    await until(1)
    await handle.close()
    await handle.closed
    const [, response] = await until(2)
    expect(JSON.parse(response.result.content[0].text).code).toBe('unavailable')
  })

  it('EOF aborts handlers without a reply and resolves closed', async () => {
    const { send, handle, input, lines } = start()
    send({
      jsonrpc: '2.0',
      id: 4,
      method: 'tools/call',
      params: { name: 'slow', arguments: { ms: 10_000 } },
    })
    input.end()
    await handle.closed
    expect(lines).toEqual([])
  })

  it('turns ToolError and unexpected errors into isError results', async () => {
    const { send, until, handle, logs } = start()
    send({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'fail', arguments: { expected: true } },
    })
    send({
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'fail', arguments: { expected: false } },
    })
    const [expected, unexpected] = await until(2)
    expect(expected.result).toEqual({
      content: [
        {
          type: 'text',
          text: '{"error":"No page titled Foo","code":"not_found","suggestions":["Foobar"]}',
        },
      ],
      isError: true,
    })
    const error = JSON.parse(unexpected.result.content[0].text)
    expect(error).toEqual({
      error: 'Internal error',
      code: 'internal_error',
      ref: expect.stringMatching(/^[0-9a-f]{8}$/),
    })
    expect(unexpected.result.content[0].text).not.toContain('boom')
    expect(
      logs.some(
        (line) => line.startsWith('error') && line.includes(error.ref) && line.includes('boom'),
      ),
    ).toBe(true)
    await handle.close()
  })

  // Issue 25 item 11: behind 1,000 slow calls a fast call waited 309 s, because time spent
  // waiting for a handler slot was neither bounded nor counted.
  describe('the queue of calls waiting for a handler slot', () => {
    const call = (id: number, name: string, args: object) => ({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name, arguments: args },
    })
    const codeOf = (reply: { result: { content: { text: string }[] } }): unknown =>
      (JSON.parse(reply.result.content[0]!.text) as { code?: unknown }).code

    it('counts the time queued toward the timeout', async () => {
      const { send, until, handle } = start({ maxInFlight: 1, requestTimeoutMs: 300 })
      const started = Date.now()
      for (let id = 1; id <= 3; id++) send(call(id, 'slow', { ms: 60_000 }))
      send(call(4, 'echo', { text: 'fast' }))
      const replies = await until(4)
      const elapsed = Date.now() - started
      // Every call's 300 ms run from its arrival, so all four are settled when the first three time
      // out together; counted from the start of each run instead, the fast call would wait for
      // three timeouts in a row (900 ms).
      expect(elapsed).toBeLessThan(700)
      expect(replies.slice(0, 3).map((reply) => [reply.id, codeOf(reply)])).toEqual([
        [1, 'timeout'],
        [2, 'timeout'],
        [3, 'timeout'],
      ])
      const fast = replies[3]
      expect(fast.id).toBe(4)
      // It may win the slot in the instant the others give it up, or time out still queued.
      const outcome = fast.result.isError ? codeOf(fast) : fast.result.structuredContent
      expect(['timeout', { text: 'fast' }]).toContainEqual(outcome)
      await handle.close()
    })

    it('refuses a call at once when the queue is full, and serves again once it drains', async () => {
      const { send, until, handle } = start({ maxInFlight: 1, maxQueued: 2 })
      send(call(1, 'slow', { ms: 200 }))
      send(call(2, 'echo', { text: 'queued' }))
      send(call(3, 'echo', { text: 'queued' }))
      send(call(4, 'echo', { text: 'one too many' }))
      const [refused] = await until(1)
      expect(refused.id).toBe(4)
      expect(refused.result.isError).toBe(true)
      expect(JSON.parse(refused.result.content[0].text)).toEqual({
        error: 'The server is busy (1 requests running, 2 waiting); retry later',
        code: 'unavailable',
      })
      const replies = await until(4)
      expect(replies.slice(1).map((reply) => reply.id)).toEqual([1, 2, 3])
      send(call(5, 'echo', { text: 'after' }))
      const [, , , , after] = await until(5)
      expect(after.result.structuredContent).toEqual({ text: 'after' })
      await handle.close()
    })

    it('lets a cancel reach a call that is still queued', async () => {
      const { send, until, handle, lines } = start({ maxInFlight: 1 })
      send(call(1, 'slow', { ms: 100 }))
      send(call(2, 'echo', { text: 'never' }))
      send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 2 } })
      const [first] = await until(1)
      expect(first.id).toBe(1)
      await new Promise((resolve) => setTimeout(resolve, 30))
      expect(lines).toHaveLength(1)
      await handle.close()
    })

    it('answers queued calls with unavailable on close(), never starting them', async () => {
      const { send, until, handle } = start({ maxInFlight: 1 })
      send({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'slow', arguments: { ms: 60_000 }, _meta: { progressToken: 'p' } },
      })
      send(call(2, 'slow', { ms: 60_000 }))
      await until(1) // the first call's progress: it runs, the second waits
      await handle.close()
      const replies = (await until(3)).slice(1).sort((a, b) => a.id - b.id)
      expect(replies.map((reply) => [reply.id, codeOf(reply)])).toEqual([
        [1, 'unavailable'],
        [2, 'unavailable'],
      ])
    })
  })
})
