import { PassThrough } from 'node:stream'
import { describe, expect, it } from 'vitest'
import * as z from 'zod'
import { createServer, definePrompt, defineTool, SUPPORTED_PROTOCOL_VERSIONS } from '@wiki/mcp-core'
import { serveStdio } from '@wiki/mcp-core/stdio'

const search = defineTool({
  name: 'search',
  title: 'Search',
  description: 'Searches.',
  input: z.strictObject({
    query: z.string().min(1),
    limit: z.number().int().min(1).max(50).default(10),
    tags: z.array(z.string()).optional(),
  }),
  output: z.strictObject({ hits: z.array(z.string()), limit: z.number() }),
  annotations: { openWorldHint: true },
  access: 'read',
  handler: ({ query, limit }) => ({ hits: [query], limit }),
})
const media = defineTool({
  name: 'media',
  description: 'Attaches one block of each kind.',
  input: z.strictObject({}),
  output: z.strictObject({ ok: z.boolean() }),
  access: 'write',
  handler(_args, ctx) {
    ctx.attach({ type: 'image', data: 'aW1n', mimeType: 'image/png' })
    ctx.attach({ type: 'audio', data: 'YXVk', mimeType: 'audio/wav' })
    ctx.attach({ type: 'resource_link', uri: 'test://x', name: 'x' })
    return { ok: true }
  },
})
const badOutput = defineTool({
  name: 'bad_output',
  description: 'Returns output that breaks its schema.',
  input: z.strictObject({}),
  output: z.strictObject({ n: z.number() }),
  access: 'read',
  handler: () => ({ n: 'one' }) as never,
})
const big = defineTool({
  name: 'big',
  description: 'Returns about 30k tokens.',
  _meta: { 'anthropic/maxResultSizeChars': 500_000 },
  input: z.strictObject({}),
  output: z.strictObject({ text: z.string() }),
  access: 'read',
  handler: () => ({ text: 'x'.repeat(120_000) }),
})
const greet = definePrompt({
  name: 'greet',
  title: 'Greet',
  description: 'Greets someone.',
  args: z.strictObject({ who: z.string().describe('Who'), mood: z.string().optional() }),
  handler: ({ who }) => [
    { role: 'user', content: { type: 'text', text: `Hello ${who}` } },
    { role: 'user', content: { type: 'audio', data: 'YXVk', mimeType: 'audio/wav' } },
  ],
})

const server = createServer({
  name: 'proto',
  version: '3.1.0',
  title: 'Protocol test',
  instructions: 'Use search first.',
  tools: [search, media, badOutput, big],
  prompts: [greet],
})

/** Runs one stdio session: sends every message, then a sentinel ping, and returns the replies before it. */
async function exchange(messages: (object | string)[], options: { pageSize?: number } = {}) {
  const input = new PassThrough()
  const output = new PassThrough()
  const logs: string[] = []
  const log = {
    debug: (m: string) => logs.push(`debug ${m}`),
    info: (m: string) => logs.push(`info ${m}`),
    warn: (m: string) => logs.push(`warn ${m}`),
    error: (m: string) => logs.push(`error ${m}`),
  }
  const handle = serveStdio(server, { input, output, log, ...options })
  let text = ''
  output.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')))
  // Other methods are answered synchronously, in order; tool calls and prompts run
  // asynchronously, so their reply is awaited before the next message keeps the order fixed.
  const replies: unknown[] = []
  const lineCount = () => text.split('\n').length
  for (const message of [...messages, { jsonrpc: '2.0', id: 'sentinel', method: 'ping' }]) {
    const before = lineCount()
    input.write(typeof message === 'string' ? message : `${JSON.stringify(message)}\n`)
    const method = typeof message === 'object' && 'method' in message ? message.method : undefined
    const answered = method === 'tools/call' || method === 'prompts/get'
    while (answered && lineCount() === before)
      await new Promise((resolve) => setTimeout(resolve, 2))
  }
  while (!text.includes('"sentinel"')) await new Promise((resolve) => setTimeout(resolve, 5))
  await handle.close()
  for (const line of text.split('\n')) {
    if (line === '') continue
    const reply = JSON.parse(line) as { id?: unknown }
    if (reply.id !== 'sentinel') replies.push(reply)
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- replies are arbitrary JSON
  return { replies: replies as any[], logs }
}

const init = (protocolVersion?: string) => ({
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: {
    ...(protocolVersion ? { protocolVersion } : {}),
    capabilities: {},
    clientInfo: { name: 't', version: '1' },
  },
})
const call = (id: number, name: string, args?: unknown) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: args === undefined ? { name } : { name, arguments: args },
})

describe('negotiation', () => {
  it.each(SUPPORTED_PROTOCOL_VERSIONS.filter((v) => v !== '2026-07-28').map((v) => [v]))(
    'echoes supported version %s',
    async (version) => {
      const { replies } = await exchange([init(version)])
      expect(replies[0].result.protocolVersion).toBe(version)
    },
  )

  it.each([['1999-01-01'], ['2026-07-28'], [undefined]])(
    'answers %s with 2025-11-25',
    async (version) => {
      const { replies } = await exchange([init(version)])
      expect(replies[0].result).toEqual({
        protocolVersion: '2025-11-25',
        capabilities: { tools: {}, prompts: {} },
        serverInfo: { name: 'proto', version: '3.1.0', title: 'Protocol test' },
        instructions: 'Use search first.',
      })
    },
  )

  it('leaves serverInfo.title out before 2025-06-18', async () => {
    const { replies } = await exchange([init('2025-03-26')])
    expect(replies[0].result.serverInfo).toEqual({ name: 'proto', version: '3.1.0' })
  })
})

describe('tools/list and shaping', () => {
  it('publishes inlined schemas without $schema', async () => {
    const { replies } = await exchange([
      init('2025-11-25'),
      { jsonrpc: '2.0', id: 1, method: 'tools/list' },
    ])
    const [first] = replies[1].result.tools
    expect(first).toEqual({
      name: 'search',
      title: 'Search',
      description: 'Searches.',
      inputSchema: {
        type: 'object',
        properties: {
          query: { type: 'string', minLength: 1 },
          limit: { type: 'integer', minimum: 1, maximum: 50, default: 10 },
          tags: { type: 'array', items: { type: 'string' } },
        },
        required: ['query'],
        additionalProperties: false,
      },
      outputSchema: {
        type: 'object',
        properties: {
          hits: { type: 'array', items: { type: 'string' } },
          limit: { type: 'number' },
        },
        required: ['hits', 'limit'],
        additionalProperties: false,
      },
      annotations: { openWorldHint: true, readOnlyHint: true },
    })
    expect(replies[1].result.tools[1].annotations).toEqual({ readOnlyHint: false })
  })

  it('publishes a tool _meta from 2025-06-18 on', async () => {
    const current = await exchange([
      init('2025-06-18'),
      { jsonrpc: '2.0', id: 1, method: 'tools/list' },
    ])
    const tools = current.replies[1].result.tools
    expect(tools[3]._meta).toEqual({ 'anthropic/maxResultSizeChars': 500_000 })
    expect(tools[0]).not.toHaveProperty('_meta')
    const older = await exchange([
      init('2025-03-26'),
      { jsonrpc: '2.0', id: 1, method: 'tools/list' },
    ])
    expect(older.replies[1].result.tools[3]).not.toHaveProperty('_meta')
  })

  it('drops title/outputSchema before 2025-06-18 and annotations on 2024-11-05', async () => {
    const older = await exchange([
      init('2025-03-26'),
      { jsonrpc: '2.0', id: 1, method: 'tools/list' },
    ])
    expect(Object.keys(older.replies[1].result.tools[0])).toEqual([
      'name',
      'description',
      'inputSchema',
      'annotations',
    ])
    const oldest = await exchange([
      init('2024-11-05'),
      { jsonrpc: '2.0', id: 1, method: 'tools/list' },
    ])
    expect(Object.keys(oldest.replies[1].result.tools[0])).toEqual([
      'name',
      'description',
      'inputSchema',
    ])
  })

  it('paginates with opaque cursors and refuses foreign ones', async () => {
    const first = await exchange([{ jsonrpc: '2.0', id: 1, method: 'tools/list' }], { pageSize: 3 })
    const page = first.replies[0].result
    expect(page.tools.map((t: { name: string }) => t.name)).toEqual([
      'search',
      'media',
      'bad_output',
    ])
    expect(page.nextCursor).toMatch(/^[A-Za-z0-9_-]+$/)
    const second = await exchange(
      [
        { jsonrpc: '2.0', id: 2, method: 'tools/list', params: { cursor: page.nextCursor } },
        { jsonrpc: '2.0', id: 3, method: 'tools/list', params: { cursor: 'bm9wZQ' } },
        { jsonrpc: '2.0', id: 4, method: 'tools/list', params: { cursor: 7 } },
      ],
      { pageSize: 3 },
    )
    expect(second.replies[0].result).toEqual({ tools: [expect.objectContaining({ name: 'big' })] })
    for (const reply of second.replies.slice(1)) {
      expect(reply.error).toMatchObject({ code: -32602, message: 'Invalid params' })
    }
  })

  it('drops blocks the revision lacks', async () => {
    const latest = await exchange([init('2025-11-25'), call(1, 'media')])
    expect(latest.replies[1].result.content.map((b: { type: string }) => b.type)).toEqual([
      'text',
      'image',
      'audio',
      'resource_link',
    ])
    const middle = await exchange([init('2025-03-26'), call(1, 'media')])
    expect(middle.replies[1].result).toEqual({
      content: [
        { type: 'text', text: '{"ok":true}' },
        { type: 'image', data: 'aW1n', mimeType: 'image/png' },
        { type: 'audio', data: 'YXVk', mimeType: 'audio/wav' },
      ],
    })
    const oldest = await exchange([init('2024-11-05'), call(1, 'media')])
    expect(oldest.replies[1].result.content.map((b: { type: string }) => b.type)).toEqual([
      'text',
      'image',
    ])
  })
})

describe('tools/call results', () => {
  it('parses arguments with defaults; absent arguments count as {}', async () => {
    const { replies } = await exchange([call(1, 'search', { query: 'q' }), call(2, 'media')])
    expect(replies[0].result.structuredContent).toEqual({ hits: ['q'], limit: 10 })
    expect(replies[1].result.structuredContent).toEqual({ ok: true })
  })

  it('reports invalid arguments as isError with one issue per field', async () => {
    const { replies } = await exchange([
      call(1, 'search', { query: '', limit: 99, tags: ['a', 3], extra: 1 }),
    ])
    expect(replies[0].result.isError).toBe(true)
    expect(replies[0].result.structuredContent).toBeUndefined()
    const error = JSON.parse(replies[0].result.content[0].text)
    expect(error.code).toBe('invalid_arguments')
    expect(error.issues.map((issue: { path: string }) => issue.path).sort()).toEqual(
      ['extra', 'limit', 'query', 'tags[1]'].sort(),
    )
    expect(error.error).toMatch(
      /^Invalid arguments for tool search: .*query: Too small: expected string to have >=1 characters/,
    )
  })

  it('hides bad output behind internal_error and logs it under the same ref', async () => {
    const { replies, logs } = await exchange([call(1, 'bad_output', {})])
    const error = JSON.parse(replies[0].result.content[0].text)
    expect(error).toEqual({
      error: 'Internal error',
      code: 'internal_error',
      ref: expect.stringMatching(/^[0-9a-f]{8}$/),
    })
    expect(logs.some((line) => line.includes(error.ref) && line.includes('bad_output'))).toBe(true)
  })

  it('warns when the text exceeds about 25,000 tokens', async () => {
    const { replies, logs } = await exchange([call(1, 'big', {})])
    expect(replies[0].result.content[0].text).toHaveLength(120_000 + '{"text":""}'.length)
    expect(logs.some((line) => line.startsWith('warn tool big returned about'))).toBe(true)
  })
})

describe('errors', () => {
  it.each([
    [
      'truncated JSON',
      '{"jsonrpc":"2.0",\n',
      { id: null, error: { code: -32700, message: 'Parse error' } },
    ],
    ['a bare [', '[\n', { id: null, error: { code: -32700, message: 'Parse error' } }],
    [
      'jsonrpc 1.0',
      { jsonrpc: '1.0', id: 1, method: 'ping' },
      {
        id: 1,
        error: {
          code: -32600,
          message: 'Invalid Request',
          data: { reason: 'jsonrpc must be "2.0"' },
        },
      },
    ],
    [
      'a numeric method',
      { jsonrpc: '2.0', id: 1, method: 5 },
      {
        id: 1,
        error: {
          code: -32600,
          message: 'Invalid Request',
          data: { reason: 'method must be a non-empty string' },
        },
      },
    ],
    [
      'a null id',
      { jsonrpc: '2.0', id: null, method: 'ping' },
      {
        id: null,
        error: {
          code: -32600,
          message: 'Invalid Request',
          data: { reason: 'id must be a string or a safe integer' },
        },
      },
    ],
    [
      'a fractional id',
      { jsonrpc: '2.0', id: 1.5, method: 'ping' },
      {
        id: null,
        error: {
          code: -32600,
          message: 'Invalid Request',
          data: { reason: 'id must be a string or a safe integer' },
        },
      },
    ],
    [
      'an unsafe id',
      '{"jsonrpc":"2.0","id":9007199254740992,"method":"ping"}\n',
      {
        id: null,
        error: {
          code: -32600,
          message: 'Invalid Request',
          data: { reason: 'id must be a string or a safe integer' },
        },
      },
    ],
    [
      'array params',
      { jsonrpc: '2.0', id: 2, method: 'ping', params: [] },
      {
        id: 2,
        error: {
          code: -32602,
          message: 'Invalid params',
          data: { reason: 'params must be an object' },
        },
      },
    ],
    [
      'string arguments',
      { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'search', arguments: 'x' } },
      {
        id: 3,
        error: {
          code: -32602,
          message: 'Invalid params',
          data: { reason: 'arguments must be an object' },
        },
      },
    ],
    [
      'no tool name',
      { jsonrpc: '2.0', id: 4, method: 'tools/call', params: {} },
      {
        id: 4,
        error: {
          code: -32602,
          message: 'Invalid params',
          data: { reason: 'name must be a string' },
        },
      },
    ],
    [
      'an unknown tool',
      call(5, 'nope', {}),
      { id: 5, error: { code: -32602, message: 'Unknown tool: nope' } },
    ],
    [
      'an unknown prompt',
      { jsonrpc: '2.0', id: 6, method: 'prompts/get', params: { name: 'nope' } },
      { id: 6, error: { code: -32602, message: 'Unknown prompt: nope' } },
    ],
    [
      'resources/list',
      { jsonrpc: '2.0', id: 7, method: 'resources/list' },
      { id: 7, error: { code: -32601, message: 'Method not found' } },
    ],
    [
      'server/discover',
      { jsonrpc: '2.0', id: 8, method: 'server/discover' },
      { id: 8, error: { code: -32601, message: 'Method not found' } },
    ],
    [
      'a notification with an id',
      { jsonrpc: '2.0', id: 9, method: 'notifications/initialized' },
      { id: 9, error: { code: -32601, message: 'Method not found' } },
    ],
  ])('answers %s', async (_name, message, expected) => {
    const { replies } = await exchange([message])
    expect(replies).toEqual([{ jsonrpc: '2.0', ...expected }])
  })

  it('echoes string, zero, negative and long ids exactly', async () => {
    const long = 'i'.repeat(10_000)
    const { replies } = await exchange(
      ['s', 0, -3, long].map((id) => ({ jsonrpc: '2.0', id, method: 'ping' })),
    )
    expect(replies.map((reply) => reply.id)).toEqual(['s', 0, -3, long])
  })

  it('never answers notifications or client responses', async () => {
    const { replies } = await exchange([
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 99 } },
      { jsonrpc: '2.0', method: 'notifications/whatever', params: [] },
      { jsonrpc: '2.0', id: 5, result: {} },
    ])
    expect(replies).toEqual([])
  })
})

describe('batches', () => {
  const batch = [
    { jsonrpc: '2.0', id: 1, method: 'ping' },
    { jsonrpc: '2.0', method: 'notifications/initialized' },
    { jsonrpc: '2.0', id: 2, method: 'initialize', params: {} },
    5,
  ]

  it('answers each element under 2025-03-26', async () => {
    const { replies } = await exchange([init('2025-03-26'), batch])
    expect(replies[1]).toEqual([
      { jsonrpc: '2.0', id: 1, result: {} },
      {
        jsonrpc: '2.0',
        id: 2,
        error: {
          code: -32600,
          message: 'Invalid Request',
          data: { reason: 'initialize cannot be part of a batch' },
        },
      },
      {
        jsonrpc: '2.0',
        id: null,
        error: {
          code: -32600,
          message: 'Invalid Request',
          data: { reason: 'message must be a JSON object' },
        },
      },
    ])
  })

  it('stays silent for a batch of notifications and refuses an empty batch', async () => {
    const { replies } = await exchange([
      init('2025-03-26'),
      [{ jsonrpc: '2.0', method: 'notifications/initialized' }],
      [],
    ])
    expect(replies.slice(1)).toEqual([
      {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, message: 'Invalid Request', data: { reason: 'batch is empty' } },
      },
    ])
  })

  it.each([['2024-11-05'], ['2025-06-18'], ['2025-11-25']])(
    'refuses batches under %s',
    async (version) => {
      const { replies } = await exchange([init(version), batch])
      expect(replies[1]).toEqual({
        jsonrpc: '2.0',
        id: null,
        error: {
          code: -32600,
          message: 'Invalid Request',
          data: { reason: `batches are not supported in protocol version ${version}` },
        },
      })
    },
  )
})

describe('prompts', () => {
  it('lists prompts with their arguments', async () => {
    const { replies } = await exchange([{ jsonrpc: '2.0', id: 1, method: 'prompts/list' }])
    expect(replies[0].result).toEqual({
      prompts: [
        {
          name: 'greet',
          title: 'Greet',
          description: 'Greets someone.',
          arguments: [
            { name: 'who', description: 'Who', required: true },
            { name: 'mood', required: false },
          ],
        },
      ],
    })
  })

  it('gets a prompt, shaped by revision, and refuses bad arguments with -32602', async () => {
    const { replies } = await exchange([
      init('2024-11-05'),
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'prompts/get',
        params: { name: 'greet', arguments: { who: 'Ada' } },
      },
      { jsonrpc: '2.0', id: 2, method: 'prompts/get', params: { name: 'greet', arguments: {} } },
      {
        jsonrpc: '2.0',
        id: 3,
        method: 'prompts/get',
        params: { name: 'greet', arguments: { who: 1 } },
      },
    ])
    expect(replies[1].result).toEqual({
      description: 'Greets someone.',
      messages: [{ role: 'user', content: { type: 'text', text: 'Hello Ada' } }],
    })
    expect(replies[2].error).toEqual({
      code: -32602,
      message: 'Invalid params',
      data: { issues: [{ path: 'who', message: expect.any(String) }] },
    })
    expect(replies[3].error).toMatchObject({
      code: -32602,
      data: { reason: 'arguments must be an object of strings' },
    })
  })

  it('answers a prompt that outlives requestTimeoutMs with -32603 Request timed out', async () => {
    const stuck = definePrompt({
      name: 'stuck',
      description: 'Never answers.',
      handler: () => new Promise<never>(() => {}),
    })
    const slowServer = createServer({
      name: 'slowp',
      version: '1',
      tools: [search],
      prompts: [stuck],
    })
    const input = new PassThrough()
    const output = new PassThrough()
    const silentLog = { debug() {}, info() {}, warn() {}, error() {} }
    const handle = serveStdio(slowServer, { input, output, log: silentLog, requestTimeoutMs: 20 })
    const line = new Promise<string>((resolve) =>
      output.once('data', (chunk: Buffer) => resolve(chunk.toString())),
    )
    input.write('{"jsonrpc":"2.0","id":1,"method":"prompts/get","params":{"name":"stuck"}}\n')
    expect(JSON.parse(await line)).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32603, message: 'Request timed out' },
    })
    await handle.close()
  })

  it('answers prompts/* with -32601 when the server has no prompts', async () => {
    const bare = createServer({ name: 'bare', version: '1', tools: [search] })
    const input = new PassThrough()
    const output = new PassThrough()
    const handle = serveStdio(bare, {
      input,
      output,
      log: { debug() {}, info() {}, warn() {}, error() {} },
    })
    const line = new Promise<string>((resolve) =>
      output.once('data', (chunk: Buffer) => resolve(chunk.toString())),
    )
    input.write('{"jsonrpc":"2.0","id":1,"method":"prompts/list"}\n')
    expect(JSON.parse(await line)).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32601, message: 'Method not found' },
    })
    await handle.close()
  })
})
