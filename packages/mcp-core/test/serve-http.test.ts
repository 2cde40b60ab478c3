import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as z from 'zod'
import { createServer, definePrompt, defineTool, ToolError } from '@wiki/mcp-core'
import { serveHttp, type HttpServer } from '@wiki/mcp-core/node'

const TOKEN = 't'.repeat(40)
const silent = { debug() {}, info() {}, warn() {}, error() {} }

const add = defineTool({
  name: 'add',
  title: 'Add two numbers',
  description: 'Adds a and b.',
  input: z.strictObject({ a: z.number(), b: z.number() }),
  output: z.strictObject({ sum: z.number() }),
  access: 'read',
  handler: ({ a, b }) => ({ sum: a + b }),
})
const progress = defineTool({
  name: 'progress',
  description: 'Reports progress three times.',
  input: z.strictObject({}),
  output: z.strictObject({ steps: z.number() }),
  access: 'read',
  async handler(_args, ctx) {
    for (const step of [0, 50, 100]) {
      ctx.progress(step, 100)
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    return { steps: 3 }
  },
})
const missing = defineTool({
  name: 'missing',
  description: 'Always fails with not_found.',
  input: z.strictObject({}),
  output: z.strictObject({}),
  access: 'read',
  handler() {
    throw new ToolError('not_found', 'Nothing here')
  },
})
const greet = definePrompt({
  name: 'greet',
  description: 'Greets someone.',
  args: z.strictObject({ who: z.string().describe('Who to greet') }),
  handler: ({ who }) => [{ role: 'user', content: { type: 'text', text: `Hello ${who}` } }],
})

const definition = createServer({
  name: 'node-test',
  version: '2.0.0',
  tools: [add, progress, missing],
  prompts: [greet],
})

let http: HttpServer

beforeAll(async () => {
  http = await serveHttp(definition, {
    auth: { tokens: [TOKEN] },
    port: 0,
    handleSignals: false,
    log: silent,
  })
})
afterAll(async () => {
  await http.close()
})

async function connect(): Promise<Client> {
  const client = new Client({ name: 'sdk-test', version: '1.0.0' })
  await client.connect(
    new StreamableHTTPClientTransport(new URL(http.url), {
      requestInit: { headers: { Authorization: `Bearer ${TOKEN}` } },
    }),
  )
  return client
}

describe('serveHttp with the SDK v1 client', () => {
  it('binds 127.0.0.1 and serves initialize, tools and prompts', async () => {
    expect(http.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/)
    const client = await connect()
    expect(client.getServerVersion()).toEqual({ name: 'node-test', version: '2.0.0' })
    const { tools } = await client.listTools()
    expect(tools.map((tool) => tool.name)).toEqual(['add', 'progress', 'missing'])
    expect(tools[0]).toMatchObject({
      title: 'Add two numbers',
      annotations: { readOnlyHint: true },
    })
    const result = await client.callTool({ name: 'add', arguments: { a: 2, b: 3 } })
    expect(result.structuredContent).toEqual({ sum: 5 })
    expect(JSON.parse((result.content as { text: string }[])[0]!.text)).toEqual(
      result.structuredContent,
    )
    const failure = await client.callTool({ name: 'missing', arguments: {} })
    expect(failure.isError).toBe(true)
    await expect(client.callTool({ name: 'nope', arguments: {} })).rejects.toThrow(
      /Unknown tool: nope/,
    )
    const prompt = await client.getPrompt({ name: 'greet', arguments: { who: 'Ada' } })
    expect(prompt.messages).toEqual([
      { role: 'user', content: { type: 'text', text: 'Hello Ada' } },
    ])
    await client.close()
  })

  it('delivers progress over SSE to the SDK', async () => {
    const client = await connect()
    const seen: number[] = []
    const result = await client.callTool({ name: 'progress', arguments: {} }, undefined, {
      onprogress: (event) => seen.push(event.progress),
    })
    expect(seen).toEqual([0, 50, 100])
    expect(result.structuredContent).toEqual({ steps: 3 })
    await client.close()
  })

  it('refuses a missing token with 401 and a foreign Origin with 403 over the wire', async () => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' })
    const headers = { 'content-type': 'application/json' }
    const anonymous = await fetch(http.url, { method: 'POST', headers, body })
    expect(anonymous.status).toBe(401)
    expect(anonymous.headers.get('www-authenticate')).toBe('Bearer realm="node-test"')
    const evil = await fetch(http.url, {
      method: 'POST',
      headers: { ...headers, authorization: `Bearer ${TOKEN}`, origin: 'http://evil.example.com' },
      body,
    })
    expect(evil.status).toBe(403)
    const big = await fetch(http.url, {
      method: 'POST',
      headers: { ...headers, authorization: `Bearer ${TOKEN}` },
      body: 'x'.repeat(1024 * 1024 + 1),
    })
    expect(big.status).toBe(413)
    expect(http.stats().inFlight).toBe(0)
  })
})
