// Reliability over stdio, against the spawned fixture: malformed input, cancellation, the line
// limit, stdout purity and shutdown.
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js'
import { describe, expect, it } from 'vitest'
import { seededRandom } from '@wiki/test-utils'
import { malformedMessage } from './fuzz.js'
import { exited, isJsonRpcMessage, startStdioFixture, within } from './helpers.js'

const FUZZ_LINES = 5_000
const MAX_LINE_BYTES = 4 * 1024 * 1024

describe('stdio reliability', () => {
  it(`survives ${FUZZ_LINES} seeded malformed lines, writing only JSON-RPC`, async () => {
    const fixture = startStdioFixture()
    try {
      await fixture.request(0, 'initialize', {
        protocolVersion: '2025-03-26',
        capabilities: {},
        clientInfo: { name: 'fuzz', version: '0' },
      })
      const random = seededRandom(20261129)
      let chunk = ''
      for (let i = 0; i < FUZZ_LINES; i++) {
        chunk += malformedMessage(random) + '\n'
        if (i % 100 === 99) {
          fixture.child.stdin.write(chunk)
          chunk = ''
        }
      }
      fixture.child.stdin.write(chunk)
      const pong = await fixture.request('sentinel', 'ping')
      expect(pong).toEqual({ jsonrpc: '2.0', id: 'sentinel', result: {} })
      expect(fixture.child.exitCode).toBeNull()
      const impure = fixture.lines.filter((line) => !isJsonRpcMessage(line))
      expect(impure).toEqual([])
      // Something was refused: the fuzz really reached the error paths.
      expect(fixture.lines.some((line) => line.includes('-32700'))).toBe(true)
      expect(fixture.lines.some((line) => line.includes('-32600'))).toBe(true)
      expect(await fixture.close()).toBe(0)
    } finally {
      fixture.child.kill()
    }
  })

  it('cancels a running call: the handler aborts and no reply appears', async () => {
    const fixture = startStdioFixture()
    try {
      await fixture.request(1, 'initialize', {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 'cancel', version: '0' },
      })
      fixture.send({
        jsonrpc: '2.0',
        id: 'long',
        method: 'tools/call',
        params: { name: 'slow', arguments: { ms: 5_000 }, _meta: { progressToken: 'p' } },
      })
      // Wait until the handler is running (its first progress notification).
      await fixture.next((m) => m.method === 'notifications/progress', 'first progress')
      const cancelledAt = Date.now()
      fixture.send({
        jsonrpc: '2.0',
        method: 'notifications/cancelled',
        params: { requestId: 'long', reason: 'test' },
      })
      await within(
        1_000,
        'abort of the slow handler',
        (async () => {
          while (!fixture.stderr().includes('fixture: slow aborted (cancelled)')) {
            await new Promise((resolve) => setTimeout(resolve, 10))
          }
        })(),
      )
      expect(Date.now() - cancelledAt).toBeLessThan(1_000)
      // A later request is answered, and still nothing for the cancelled id.
      await new Promise((resolve) => setTimeout(resolve, 200))
      await fixture.request('after', 'ping')
      expect(fixture.lines.filter((line) => line.includes('"id":"long"'))).toEqual([])
    } finally {
      fixture.child.kill()
    }
  })

  it(`refuses a line of ${MAX_LINE_BYTES + 1} bytes with -32600 and keeps serving`, async () => {
    const fixture = startStdioFixture()
    try {
      const filler = 'x'.repeat(
        MAX_LINE_BYTES + 1 - '{"jsonrpc":"2.0","id":1,"method":"ping","p":""}'.length,
      )
      const line = `{"jsonrpc":"2.0","id":1,"method":"ping","p":"${filler}"}`
      expect(Buffer.byteLength(line)).toBe(MAX_LINE_BYTES + 1)
      fixture.send(line)
      const refusal = await fixture.next((m) => m.id === null, 'oversize refusal')
      expect(refusal).toEqual({
        jsonrpc: '2.0',
        id: null,
        error: {
          code: -32600,
          message: 'Invalid Request',
          data: { reason: `message exceeds ${MAX_LINE_BYTES} bytes` },
        },
      })
      expect(await fixture.request(2, 'ping')).toEqual({ jsonrpc: '2.0', id: 2, result: {} })
    } finally {
      fixture.child.kill()
    }
  })

  it('writes nothing but JSON-RPC on stdout during a full SDK exchange', async () => {
    const fixture = startStdioFixture()
    const client = new Client({ name: 'purity', version: '0' })
    // The SDK client over the fixture's raw pipes, so every stdout line is seen before parsing.
    const transport: Transport = {
      start() {
        fixture.child.stdout.on('data', () => {
          while (delivered < fixture.lines.length) {
            const line = fixture.lines[delivered++]!
            try {
              transport.onmessage?.(JSON.parse(line) as JSONRPCMessage)
            } catch (error) {
              transport.onerror?.(error as Error)
            }
          }
        })
        return Promise.resolve()
      },
      send(message) {
        fixture.send(message)
        return Promise.resolve()
      },
      async close() {
        await fixture.close()
        transport.onclose?.()
      },
    }
    let delivered = 0
    await client.connect(transport)
    const { tools } = await client.listTools()
    for (const tool of tools) {
      const args = tool.name === 'slow' ? { ms: 100 } : tool.name === 'echo' ? { text: 't' } : {}
      await client.callTool({ name: tool.name, arguments: args })
    }
    const { prompts } = await client.listPrompts()
    for (const prompt of prompts) {
      await client.getPrompt({
        name: prompt.name,
        arguments: Object.fromEntries((prompt.arguments ?? []).map((arg) => [arg.name, 'v'])),
      })
    }
    await client.ping()
    await client.close()
    expect(fixture.child.exitCode).toBe(0)
    expect(fixture.lines.length).toBeGreaterThan(20)
    expect(fixture.lines.filter((line) => !isJsonRpcMessage(line))).toEqual([])
  })

  it('exits 0 within 2 s when stdin closes', async () => {
    const fixture = startStdioFixture()
    try {
      await fixture.request(1, 'ping')
      const started = Date.now()
      expect(await fixture.close()).toBe(0)
      expect(Date.now() - started).toBeLessThan(2_000)
    } finally {
      fixture.child.kill()
    }
  })

  it('exits 0 promptly on SIGTERM while a call runs', async () => {
    const fixture = startStdioFixture()
    try {
      fixture.send({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'slow', arguments: { ms: 10_000 }, _meta: { progressToken: 1 } },
      })
      // Signal only once the handler runs, so the server's own handlers are installed.
      await fixture.next((m) => m.method === 'notifications/progress', 'first progress')
      const started = Date.now()
      fixture.child.kill('SIGTERM')
      expect(await within(3_000, 'exit after SIGTERM', exited(fixture.child))).toBe(0)
      expect(Date.now() - started).toBeLessThan(2_000)
    } finally {
      fixture.child.kill()
    }
  })
})
