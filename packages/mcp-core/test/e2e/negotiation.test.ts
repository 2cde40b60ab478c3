// Version negotiation and per-revision shaping, spoken as raw JSON-RPC to the spawned fixture.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  isJsonRpcMessage,
  post,
  startHttpFixture,
  startStdioFixture,
  type HttpFixture,
} from './helpers.js'

const SUPPORTED = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25']
const clientInfo = { name: 'raw', version: '0' }

function initializeParams(protocolVersion: string | undefined) {
  return { ...(protocolVersion ? { protocolVersion } : {}), capabilities: {}, clientInfo }
}

describe('initialize over stdio, one process per revision', () => {
  it.each([
    ...SUPPORTED.map((v) => [v, v]),
    ['1999-01-01', '2025-11-25'],
    ['2026-07-28', '2025-11-25'],
  ])(
    'requested %s → negotiated %s, with revision-shaped tools/list',
    async (requested, expected) => {
      const fixture = startStdioFixture()
      try {
        const init = await fixture.request(1, 'initialize', initializeParams(requested))
        expect(init).toEqual({
          jsonrpc: '2.0',
          id: 1,
          result: {
            protocolVersion: expected,
            capabilities: { tools: {}, prompts: {} },
            // Whether a legacy revision also loses serverInfo.title is left open by the MCP specification.
            serverInfo: expect.objectContaining({ name: 'mcp-core-fixture', version: '1.2.3' }),
            instructions: 'A test fixture: every tool is deterministic and harmless.',
          },
        })
        fixture.send({ jsonrpc: '2.0', method: 'notifications/initialized' })
        const list = await fixture.request(2, 'tools/list')
        const tools = (list.result as { tools: Record<string, unknown>[] }).tools
        const add = tools.find((tool) => tool.name === 'add')!
        // Annotations from 2025-03-26, title and outputSchema from 2025-06-18.
        expect('annotations' in add).toBe(expected >= '2025-03-26')
        expect('outputSchema' in add).toBe(expected >= '2025-06-18')
        expect('title' in add).toBe(expected >= '2025-06-18')
        const call = await fixture.request(3, 'tools/call', {
          name: 'add',
          arguments: { a: 1, b: 2 },
        })
        const result = call.result as Record<string, unknown>
        expect(result.content).toEqual([{ type: 'text', text: '{"sum":3}' }])
        expect('structuredContent' in result).toBe(expected >= '2025-06-18')
        expect(await fixture.close()).toBe(0)
        expect(fixture.lines.every(isJsonRpcMessage)).toBe(true)
      } finally {
        fixture.child.kill()
      }
    },
  )

  it('serves requests that arrive before initialize, and negotiates again on a repeat', async () => {
    const fixture = startStdioFixture()
    try {
      expect(await fixture.request('early', 'ping')).toEqual({
        jsonrpc: '2.0',
        id: 'early',
        result: {},
      })
      const first = await fixture.request(1, 'initialize', initializeParams('2024-11-05'))
      expect((first.result as { protocolVersion: string }).protocolVersion).toBe('2024-11-05')
      const second = await fixture.request(2, 'initialize', initializeParams('2025-06-18'))
      expect((second.result as { protocolVersion: string }).protocolVersion).toBe('2025-06-18')
      const call = await fixture.request(3, 'tools/call', {
        name: 'echo',
        arguments: { text: 'x' },
      })
      expect(call.result).toEqual({
        content: [{ type: 'text', text: '{"text":"x"}' }],
        structuredContent: { text: 'x' },
      })
    } finally {
      fixture.child.kill()
    }
  })

  it('drops audio blocks under 2024-11-05 and keeps them under 2025-03-26', async () => {
    for (const [version, types] of [
      ['2024-11-05', ['text']],
      ['2025-03-26', ['text', 'audio']],
    ] as const) {
      const fixture = startStdioFixture()
      try {
        await fixture.request(1, 'initialize', initializeParams(version))
        const call = await fixture.request(2, 'tools/call', { name: 'test_audio_content' })
        const content = (call.result as { content: { type: string }[] }).content
        expect(content.map((block) => block.type)).toEqual(types)
      } finally {
        fixture.child.kill()
      }
    }
  })
})

describe('initialize and shaping over HTTP', () => {
  let http: HttpFixture
  let auth: Record<string, string>
  beforeAll(async () => {
    http = await startHttpFixture()
    auth = { authorization: `Bearer ${http.token}` }
  })
  afterAll(async () => {
    await http.close()
  })

  it.each<[string | undefined, string]>([
    ['2024-11-05', '2024-11-05'],
    ['2025-03-26', '2025-03-26'],
    ['2025-06-18', '2025-06-18'],
    ['2025-11-25', '2025-11-25'],
    ['1999-01-01', '2025-11-25'],
    ['2026-07-28', '2025-11-25'],
    [undefined, '2025-11-25'],
  ])('requested %s → negotiated %s', async (requested, expected) => {
    const response = await post(
      http.url,
      { jsonrpc: '2.0', id: 'init', method: 'initialize', params: initializeParams(requested) },
      // The version header is ignored on initialize, even an unsupported one.
      { ...auth, 'mcp-protocol-version': '1999-01-01' },
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('mcp-session-id')).toBeNull()
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    const body = (await response.json()) as { id: string; result: { protocolVersion: string } }
    expect(body.id).toBe('init')
    expect(body.result.protocolVersion).toBe(expected)
  })

  it.each([
    ['2024-11-05', false, false],
    ['2025-03-26', true, false],
    [undefined, true, false],
    ['2025-06-18', true, true],
    ['2025-11-25', true, true],
  ])('shapes tools/list by the header %s', async (header, annotations, outputSchema) => {
    const response = await post(
      http.url,
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      { ...auth, ...(header ? { 'mcp-protocol-version': header } : {}) },
    )
    expect(response.status).toBe(200)
    const body = (await response.json()) as { result: { tools: Record<string, unknown>[] } }
    const add = body.result.tools.find((tool) => tool.name === 'add')!
    expect('annotations' in add).toBe(annotations)
    expect('outputSchema' in add).toBe(outputSchema)
  })

  it('refuses an unsupported MCP-Protocol-Version on other methods with 400', async () => {
    const response = await post(
      http.url,
      { jsonrpc: '2.0', id: 3, method: 'ping' },
      { ...auth, 'mcp-protocol-version': '1999-01-01' },
    )
    expect(response.status).toBe(400)
    const body = (await response.json()) as { id: unknown; error: { code: number } }
    expect(body.id).toBeNull()
    expect(body.error.code).toBe(-32600)
  })

  it('answers server/discover with -32601 and status 200', async () => {
    const response = await post(
      http.url,
      { jsonrpc: '2.0', id: 4, method: 'server/discover' },
      auth,
    )
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({
      jsonrpc: '2.0',
      id: 4,
      error: { code: -32601, message: 'Method not found' },
    })
  })

  it('answers a notification with 202 and an empty body', async () => {
    const response = await post(
      http.url,
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      auth,
    )
    expect(response.status).toBe(202)
    expect(await response.text()).toBe('')
  })

  it('serves /healthz without auth and 404s well-known paths as JSON', async () => {
    const health = await fetch(new URL('/healthz', http.url))
    expect(health.status).toBe(200)
    expect(await health.json()).toEqual({ status: 'ok' })
    const wellKnown = await fetch(new URL('/.well-known/oauth-protected-resource', http.url))
    expect(wellKnown.status).toBe(404)
    expect(await wellKnown.json()).toEqual({ error: 'not_found' })
  })

  it('refuses GET on the endpoint with 405 and Allow: POST', async () => {
    const response = await fetch(http.url, { headers: auth })
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe('POST')
  })
})

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '0' },
  'io.modelcontextprotocol/clientCapabilities': {},
}

describe('2026-07-28 without a handshake, on the built server', () => {
  it('over stdio: discovers, then lists in the stateless shape, with no initialize at all', async () => {
    const fixture = startStdioFixture()
    try {
      const discover = await fixture.request(1, 'server/discover', { _meta: META })
      expect(discover.result).toMatchObject({
        resultType: 'complete',
        supportedVersions: ['2026-07-28', ...SUPPORTED.toReversed()],
        capabilities: { tools: {}, prompts: {} },
        ttlMs: 3_600_000,
        cacheScope: 'private',
        _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'mcp-core-fixture' } },
      })
      const list = await fixture.request(2, 'tools/list', { _meta: META })
      const result = list.result as { resultType: string; tools: Record<string, unknown>[] }
      expect(result.resultType).toBe('complete')
      expect(result.tools.find((tool) => tool.name === 'add')).toHaveProperty('outputSchema')
      const unknown = await fixture.request(3, 'tools/list', {
        _meta: { ...META, 'io.modelcontextprotocol/protocolVersion': '2099-01-01' },
      })
      expect(unknown.error).toMatchObject({
        code: -32022,
        data: { requested: '2099-01-01', supported: expect.arrayContaining(['2026-07-28']) },
      })
      expect(await fixture.close()).toBe(0)
      expect(fixture.lines.every(isJsonRpcMessage)).toBe(true)
    } finally {
      fixture.child.kill()
    }
  })

  describe('over HTTP', () => {
    let http: HttpFixture
    let headers: Record<string, string>
    beforeAll(async () => {
      http = await startHttpFixture()
      headers = { authorization: `Bearer ${http.token}`, 'mcp-protocol-version': '2026-07-28' }
    })
    afterAll(async () => {
      await http.close()
    })

    it('calls a tool with the mirrored headers and no session', async () => {
      const response = await post(
        http.url,
        {
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: 'add', arguments: { a: 2, b: 3 }, _meta: META },
        },
        { ...headers, 'mcp-method': 'tools/call', 'mcp-name': 'add' },
      )
      expect(response.status).toBe(200)
      expect(response.headers.get('mcp-session-id')).toBeNull()
      expect(((await response.json()) as { result: unknown }).result).toMatchObject({
        structuredContent: { sum: 5 },
        resultType: 'complete',
      })
    })

    it('refuses an Mcp-Name that names another tool than the body, with 400 and -32020', async () => {
      const response = await post(
        http.url,
        {
          jsonrpc: '2.0',
          id: 2,
          method: 'tools/call',
          params: { name: 'add', arguments: { a: 2, b: 3 }, _meta: META },
        },
        { ...headers, 'mcp-method': 'tools/call', 'mcp-name': 'echo' },
      )
      expect(response.status).toBe(400)
      expect(((await response.json()) as { error: { code: number } }).error.code).toBe(-32020)
    })

    it('answers the removed ping with 404 and -32601', async () => {
      const response = await post(
        http.url,
        { jsonrpc: '2.0', id: 3, method: 'ping', params: { _meta: META } },
        { ...headers, 'mcp-method': 'ping' },
      )
      expect(response.status).toBe(404)
      expect(((await response.json()) as { error: unknown }).error).toEqual({
        code: -32601,
        message: 'Method not found',
        data: { reason: 'ping is not part of protocol version 2026-07-28' },
      })
    })
  })
})
