// The official SDK v1 client (1.32.2) against the spawned fixture, over stdio and over HTTP.
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { McpError } from '@modelcontextprotocol/sdk/types.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FIXTURE, PACKAGE_DIR, post, startHttpFixture, type HttpFixture } from './helpers.js'

const TOOLS = [
  'echo',
  'add',
  'slow',
  'fail_expected',
  'fail_unexpected',
  'big',
  'bad_output',
  'stats',
  'test_simple_text',
  'test_image_content',
  'test_audio_content',
  'test_embedded_resource',
  'test_multiple_content_types',
  'test_error_handling',
  'test_tool_with_progress',
]
const PROMPTS = [
  'test_simple_prompt',
  'test_prompt_with_arguments',
  'test_prompt_with_embedded_resource',
  'test_prompt_with_image',
]

/** Successful calls: arguments per tool, and the structured result where it is fixed. */
const SUCCESSES: [string, Record<string, unknown>, Record<string, unknown>][] = [
  ['echo', { text: 'hé 🌍' }, { text: 'hé 🌍' }],
  ['add', { a: 2, b: 3 }, { sum: 5 }],
  ['test_simple_text', {}, { text: 'This is a simple text response for testing.' }],
  ['test_image_content', {}, { text: 'an image follows' }],
  ['test_audio_content', {}, { text: 'an audio clip follows' }],
  ['test_embedded_resource', {}, { text: 'an embedded resource follows' }],
  ['test_multiple_content_types', {}, { text: 'Multiple content types test:' }],
  ['test_tool_with_progress', {}, { text: 'Progress test completed' }],
  ['slow', { ms: 50 }, { elapsedMs: expect.any(Number) }],
  ['big', {}, { text: 'lorem ipsum '.repeat(10_000) }],
  ['stats', {}, { inFlight: expect.any(Number), peakInFlight: expect.any(Number) }],
]

interface Peer {
  client: Client
  http?: HttpFixture
}

async function connectStdio(): Promise<Peer> {
  const client = new Client({ name: 'e2e-sdk-v1', version: '0.0.1' })
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [FIXTURE, 'stdio'],
    cwd: PACKAGE_DIR,
    stderr: 'pipe',
  })
  await client.connect(transport)
  return { client }
}

async function connectHttp(): Promise<Peer> {
  const http = await startHttpFixture()
  const client = new Client({ name: 'e2e-sdk-v1', version: '0.0.1' })
  const transport = new StreamableHTTPClientTransport(new URL(http.url), {
    requestInit: { headers: { Authorization: `Bearer ${http.token}` } },
  })
  await client.connect(transport)
  return { client, http }
}

describe.each([
  ['stdio', connectStdio],
  ['http', connectHttp],
] as const)('SDK v1 client over %s', (_transport, connect) => {
  let peer: Peer
  beforeAll(async () => {
    peer = await connect()
  })
  afterAll(async () => {
    await peer.client.close()
    await peer.http?.close()
  })

  it('sees the definition: server version and icons, capabilities and instructions', () => {
    expect(peer.client.getServerVersion()).toEqual({
      name: 'mcp-core-fixture',
      title: 'mcp-core fixture server',
      version: '1.2.3',
      icons: [
        { src: 'https://mcp-core.example/fixture.png', mimeType: 'image/png', sizes: ['32x32'] },
      ],
    })
    expect(peer.client.getServerCapabilities()).toEqual({ tools: {}, prompts: {} })
    expect(peer.client.getInstructions()).toBe(
      'A test fixture: every tool is deterministic and harmless.',
    )
  })

  it('lists every tool, in registration order, with closed object schemas', async () => {
    const { tools } = await peer.client.listTools()
    expect(tools.map((tool) => tool.name)).toEqual(TOOLS)
    const problems = tools.flatMap((tool) => [
      ...(tool.description ? [] : [`${tool.name}: no description`]),
      ...(tool.inputSchema.type === 'object' ? [] : [`${tool.name}: input not an object`]),
      ...(tool.outputSchema?.type === 'object' ? [] : [`${tool.name}: output not an object`]),
      ...(tool.annotations?.readOnlyHint === true ? [] : [`${tool.name}: not read-only`]),
      ...(/"\$(ref|defs|schema)"/.test(JSON.stringify(tool))
        ? [`${tool.name}: $ref/$defs/$schema`]
        : []),
    ])
    expect(problems).toEqual([])
    expect(tools.find((tool) => tool.name === 'add')?.title).toBe('Add two numbers')
  })

  it.each(SUCCESSES)(
    'calls %s: passes the SDK output check, and the text is the JSON of structuredContent',
    async (name, args, expected) => {
      // listTools first: the SDK checks structuredContent against the cached outputSchema.
      await peer.client.listTools()
      const result = await peer.client.callTool({ name, arguments: args })
      expect(result.isError).toBeFalsy()
      const content = result.content as { type: string; text?: string }[]
      expect(content[0]?.type).toBe('text')
      expect(JSON.parse(content[0]!.text!)).toEqual(result.structuredContent)
      expect(content[0]!.text).toBe(JSON.stringify(result.structuredContent))
      expect(result.structuredContent).toEqual(expected)
    },
  )

  it('appends attached blocks after the text block', async () => {
    const result = await peer.client.callTool({
      name: 'test_multiple_content_types',
      arguments: {},
    })
    const content = result.content as { type: string; resource?: { uri: string } }[]
    expect(content.map((block) => block.type)).toEqual(['text', 'image', 'resource'])
    expect(content[2]?.resource?.uri).toBe('test://mixed-content-resource')
  })

  it('reports progress for a call that asked for it', async () => {
    const seen: number[] = []
    const result = await peer.client.callTool(
      { name: 'test_tool_with_progress', arguments: {} },
      undefined,
      { onprogress: (progress) => seen.push(progress.progress) },
    )
    expect(result.isError).toBeFalsy()
    // The server writes 100 before the result, but the SDK client runs notification handlers on
    // a microtask and drops a call's progress handler as soon as its response is read: when the
    // last notification and the result arrive in one chunk, the client never reports 100.
    expect([
      [0, 50],
      [0, 50, 100],
    ]).toContainEqual(seen)
  })

  it('turns a ToolError into an isError result without structuredContent', async () => {
    const result = await peer.client.callTool({ name: 'fail_expected', arguments: {} })
    expect(result.isError).toBe(true)
    expect(result.structuredContent).toBeUndefined()
    const content = result.content as { type: string; text: string }[]
    expect(content).toHaveLength(1)
    expect(JSON.parse(content[0]!.text)).toEqual({
      error: 'No page titled Foo',
      code: 'not_found',
      suggestions: ['Foobar'],
    })
  })

  it.each(['fail_unexpected', 'bad_output'])(
    'hides the cause of an unexpected failure in %s behind a ref',
    async (name) => {
      const result = await peer.client.callTool({ name, arguments: {} })
      expect(result.isError).toBe(true)
      expect(result.structuredContent).toBeUndefined()
      const text = (result.content as { text: string }[])[0]!.text
      expect(JSON.parse(text)).toEqual({
        error: 'Internal error',
        code: 'internal_error',
        ref: expect.stringMatching(/^[0-9a-f]{8}$/),
      })
      expect(text).not.toContain('fixture bug')
    },
  )

  it('answers bad arguments with isError and one issue per failing field', async () => {
    const result = await peer.client.callTool({ name: 'add', arguments: { a: 'two', c: 1 } })
    expect(result.isError).toBe(true)
    expect(result.structuredContent).toBeUndefined()
    const body = JSON.parse((result.content as { text: string }[])[0]!.text) as {
      error: string
      code: string
      issues: { path: string; message: string }[]
    }
    expect(body.code).toBe('invalid_arguments')
    expect(body.error).toMatch(/^Invalid arguments for tool add: /)
    // `a` has the wrong type, `b` is missing, and `c` is not allowed: one issue each.
    expect(body.issues.map((issue) => issue.path)).toEqual(['a', 'b', 'c'])
    for (const issue of body.issues) expect(issue.message).toBeTruthy()
  })

  it('counts absent arguments as {}', async () => {
    const result = await peer.client.callTool({ name: 'test_simple_text' })
    expect(result.isError).toBeFalsy()
    expect(result.structuredContent).toEqual({
      text: 'This is a simple text response for testing.',
    })
  })

  it('rejects an unknown tool with McpError -32602', async () => {
    const call = peer.client.callTool({ name: 'no_such_tool', arguments: {} })
    await expect(call).rejects.toBeInstanceOf(McpError)
    await expect(call).rejects.toMatchObject({ code: -32602 })
  })

  it('lists and gets prompts', async () => {
    const { prompts } = await peer.client.listPrompts()
    expect(prompts.map((prompt) => prompt.name)).toEqual(PROMPTS)
    expect(
      prompts.find((prompt) => prompt.name === 'test_prompt_with_arguments')?.arguments,
    ).toEqual([
      { name: 'arg1', description: 'First test argument', required: true },
      { name: 'arg2', description: 'Second test argument', required: true },
    ])
    const simple = await peer.client.getPrompt({ name: 'test_simple_prompt' })
    expect(simple.messages).toEqual([
      { role: 'user', content: { type: 'text', text: 'This is a simple prompt for testing.' } },
    ])
    const withArgs = await peer.client.getPrompt({
      name: 'test_prompt_with_arguments',
      arguments: { arg1: 'x', arg2: 'y' },
    })
    expect(withArgs.messages[0]?.content).toEqual({
      type: 'text',
      text: "Prompt with arguments: arg1='x', arg2='y'",
    })
    const embedded = await peer.client.getPrompt({
      name: 'test_prompt_with_embedded_resource',
      arguments: { resourceUri: 'test://example-resource' },
    })
    expect(embedded.messages.map((message) => message.content.type)).toEqual(['resource', 'text'])
    const image = await peer.client.getPrompt({ name: 'test_prompt_with_image' })
    expect(image.messages.map((message) => message.content.type)).toEqual(['image', 'text'])
  })

  it('rejects missing prompt arguments and unknown prompts with -32602', async () => {
    await expect(
      peer.client.getPrompt({ name: 'test_prompt_with_arguments', arguments: { arg1: 'x' } }),
    ).rejects.toMatchObject({ code: -32602 })
    await expect(peer.client.getPrompt({ name: 'nope' })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('Unknown prompt: nope'),
    })
  })

  it('cancels a running call when the client aborts it', async () => {
    const controller = new AbortController()
    const call = peer.client.callTool({ name: 'slow', arguments: { ms: 5_000 } }, undefined, {
      signal: controller.signal,
    })
    setTimeout(() => controller.abort('test cancels'), 200)
    await expect(call).rejects.toThrow()
    // The connection stays usable afterwards.
    await expect(peer.client.ping()).resolves.toEqual({})
  })
})

describe('HTTP access control (spawned fixture)', () => {
  let http: HttpFixture
  const initialize = {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 't', version: '0' },
    },
  }
  beforeAll(async () => {
    http = await startHttpFixture()
  })
  afterAll(async () => {
    await http.close()
  })

  it('answers 401 with a Bearer challenge when the token is missing', async () => {
    const response = await post(http.url, initialize)
    expect(response.status).toBe(401)
    expect(response.headers.get('www-authenticate')).toBe('Bearer realm="mcp-core-fixture"')
    expect(await response.json()).toEqual({ error: 'unauthorized' })
  })

  it('answers 401 with invalid_token for a wrong token', async () => {
    const response = await post(http.url, initialize, { authorization: `Bearer ${'x'.repeat(48)}` })
    expect(response.status).toBe(401)
    expect(response.headers.get('www-authenticate')).toContain('error="invalid_token"')
  })

  it('answers 403 for a foreign Origin, even with a valid token', async () => {
    const response = await post(http.url, initialize, {
      authorization: `Bearer ${http.token}`,
      origin: 'http://evil.example.com',
    })
    expect(response.status).toBe(403)
    expect(await response.json()).toEqual({ error: 'forbidden_origin' })
  })

  it('makes the SDK client fail to connect without a token', async () => {
    const client = new Client({ name: 'e2e-no-token', version: '0.0.1' })
    await expect(
      client.connect(new StreamableHTTPClientTransport(new URL(http.url))),
    ).rejects.toThrow(/401|Unauthorized/i)
  })

  it('accepts the token with a lower-case scheme', async () => {
    const response = await post(http.url, initialize, { authorization: `bearer ${http.token}` })
    expect(response.status).toBe(200)
    const body = (await response.json()) as { result: { protocolVersion: string } }
    expect(body.result.protocolVersion).toBe('2025-11-25')
  })
})
