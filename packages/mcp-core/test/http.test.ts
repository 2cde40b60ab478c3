import { describe, expect, it } from 'vitest'
import * as z from 'zod'
import { createServer, defineTool } from '@wiki/mcp-core'
import { createHttpHandler, type CreateHttpHandlerOptions } from '@wiki/mcp-core/http'

const TOKEN = 'a'.repeat(40)
const OTHER = 'b'.repeat(40)

const echo = defineTool({
  name: 'echo',
  description: 'Echoes its text.',
  input: z.strictObject({ text: z.string() }),
  output: z.strictObject({ text: z.string(), principal: z.string().optional() }),
  access: 'read',
  handler: ({ text }, ctx) => ({
    text,
    ...(ctx.session.principal ? { principal: ctx.session.principal } : {}),
  }),
})

const slow = defineTool({
  name: 'slow',
  description: 'Sends progress, waits, answers unless aborted.',
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

const server = createServer({ name: 'test', version: '1.0.0', tools: [echo, slow] })
const silent = { debug() {}, info() {}, warn() {}, error() {} }

function handler(options: Partial<CreateHttpHandlerOptions> = {}) {
  return createHttpHandler(server, {
    auth: { tokens: [{ name: 'alice', token: TOKEN }, OTHER] },
    log: silent,
    ...options,
  })
}

function post(body: string | object, headers: Record<string, string> = {}, init: RequestInit = {}) {
  return new Request('http://127.0.0.1:3000/mcp', {
    method: 'POST',
    headers: {
      authorization: `Bearer ${TOKEN}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    ...init,
  })
}

const ping = { jsonrpc: '2.0', id: 1, method: 'ping' }

/** Resolves once the handler is serving a request, so the next step cannot race it. */
async function untilBusy(handle: { stats(): { inFlight: number } }): Promise<void> {
  while (handle.stats().inFlight === 0) await new Promise((resolve) => setTimeout(resolve, 1))
  // Let the handler start (tool calls register for cancellation once running).
  await new Promise((resolve) => setTimeout(resolve, 5))
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- replies are arbitrary JSON
const read = (response: Response): Promise<any> => response.json()

describe('createHttpHandler pipeline', () => {
  it('serves /healthz without auth and 404s other paths with a JSON body', async () => {
    const handle = handler()
    const health = await handle(new Request('http://127.0.0.1:3000/healthz'))
    expect(health.status).toBe(200)
    expect(await read(health)).toEqual({ status: 'ok' })
    for (const path of ['/.well-known/oauth-protected-resource', '/', '/mcp/x']) {
      const response = await handle(new Request(`http://127.0.0.1:3000${path}`))
      expect(response.status).toBe(404)
      expect(await read(response)).toEqual({ error: 'not_found' })
    }
  })

  it('refuses foreign Host names on loopback (403 forbidden_host)', async () => {
    const handle = handler()
    const evil = await handle(post(ping, { host: 'evil.example.com' }))
    expect(evil.status).toBe(403)
    expect(await read(evil)).toEqual({ error: 'forbidden_host' })
    expect((await handle(post(ping, { host: 'localhost:3000' }))).status).toBe(200)
    expect((await handle(post(ping, { host: '[::1]:3000' }))).status).toBe(200)
    const allowed = handler({ allowedHosts: ['mcp.internal'] })
    expect((await allowed(post(ping, { host: 'mcp.internal:3000' }))).status).toBe(200)
  })

  it('refuses non-loopback, null and unparseable Origins (403 forbidden_origin)', async () => {
    const handle = handler()
    for (const origin of ['http://evil.example.com', 'null', 'not a url']) {
      const response = await handle(post(ping, { origin }))
      expect(response.status).toBe(403)
      expect(await read(response)).toEqual({ error: 'forbidden_origin' })
    }
    expect((await handle(post(ping, { origin: 'http://localhost:5173' }))).status).toBe(200)
    const allowed = handler({ allowedOrigins: ['https://app.example'] })
    expect((await allowed(post(ping, { origin: 'https://app.example' }))).status).toBe(200)
  })

  it('answers GET and DELETE on the endpoint with 405 and Allow: POST', async () => {
    const handle = handler()
    for (const method of ['GET', 'DELETE']) {
      const response = await handle(new Request('http://127.0.0.1:3000/mcp', { method }))
      expect(response.status).toBe(405)
      expect(response.headers.get('allow')).toBe('POST')
      expect(await read(response)).toEqual({ error: 'method_not_allowed' })
    }
  })

  it('requires a configured bearer token (401 with WWW-Authenticate)', async () => {
    const handle = handler()
    const missing = await handle(post(ping, { authorization: '' }))
    expect(missing.status).toBe(401)
    expect(missing.headers.get('www-authenticate')).toBe('Bearer realm="test"')
    const wrong = await handle(post(ping, { authorization: `Bearer ${'c'.repeat(40)}` }))
    expect(wrong.status).toBe(401)
    expect(wrong.headers.get('www-authenticate')).toBe('Bearer realm="test", error="invalid_token"')
    expect(await read(wrong)).toEqual({ error: 'unauthorized' })
    expect((await handle(post(ping, { authorization: `bearer ${OTHER}` }))).status).toBe(200)
  })

  it('names the principal after the token used', async () => {
    const handle = handler()
    const call = {
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'echo', arguments: { text: 'x' } },
    }
    const v = { 'mcp-protocol-version': '2025-11-25' }
    const alice = await read(await handle(post(call, v)))
    expect(alice.result.structuredContent).toEqual({ text: 'x', principal: 'alice' })
    const second = await read(await handle(post(call, { ...v, authorization: `Bearer ${OTHER}` })))
    expect(second.result.structuredContent).toEqual({ text: 'x', principal: 'token-2' })
  })

  it('requires application/json (415) and bounds the body (413)', async () => {
    const handle = handler({ maxBodyBytes: 64 })
    const text = await handle(post(ping, { 'content-type': 'text/plain' }))
    expect(text.status).toBe(415)
    expect(await read(text)).toEqual({ error: 'unsupported_media_type' })
    expect(
      (await handle(post(ping, { 'content-type': 'application/json; charset=utf-8' }))).status,
    ).toBe(200)
    const big = JSON.stringify({ ...ping, params: { pad: 'x'.repeat(100) } })
    const declared = await handle(post(big))
    expect(declared.status).toBe(413)
    expect(await read(declared)).toEqual({ error: 'payload_too_large' })
    const encoder = new TextEncoder()
    const chunked = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode(big.slice(0, 50)))
        controller.enqueue(encoder.encode(big.slice(50)))
        controller.close()
      },
    })
    const streamed = await handle(post('', {}, { body: chunked, duplex: 'half' }))
    expect(streamed.status).toBe(413)
  })

  it('gives up on a body that does not arrive in time (408)', async () => {
    const handle = handler({ bodyTimeoutMs: 20 })
    const stalled = new ReadableStream<Uint8Array>({ start() {} })
    const response = await handle(post('', {}, { body: stalled, duplex: 'half' }))
    expect(response.status).toBe(408)
    expect(await read(response)).toEqual({ error: 'request_timeout' })
  })

  it('answers parse errors and invalid requests with 400, JSON-RPC errors with 200', async () => {
    const handle = handler()
    const parse = await handle(post('{"jsonrpc":'))
    expect(parse.status).toBe(400)
    expect(await read(parse)).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700, message: 'Parse error' },
    })
    const invalid = await handle(post({ jsonrpc: '1.0', id: 3, method: 'ping' }))
    expect(invalid.status).toBe(400)
    expect((await read(invalid)).error.code).toBe(-32600)
    const unknown = await handle(post({ jsonrpc: '2.0', id: 4, method: 'resources/list' }))
    expect(unknown.status).toBe(200)
    expect(await read(unknown)).toEqual({
      jsonrpc: '2.0',
      id: 4,
      error: { code: -32601, message: 'Method not found' },
    })
  })

  it('tells a 2026-07-28 request without its _meta from a legacy one, and lets initialize stay legacy', async () => {
    const handle = handler()
    // Without the envelope, server/discover is a legacy request for a method that does not exist.
    const legacy = await handle(post({ jsonrpc: '2.0', id: 5, method: 'server/discover' }))
    expect(legacy.status).toBe(200)
    expect((await read(legacy)).error).toEqual({ code: -32601, message: 'Method not found' })
    // The header declares the stateless revision, so the missing envelope is the client's fault.
    const ping2 = await handle(
      post(ping, { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'ping' }),
    )
    expect(ping2.status).toBe(400)
    expect((await read(ping2)).error.code).toBe(-32602)
    const init = await handle(
      post(
        {
          jsonrpc: '2.0',
          id: 6,
          method: 'initialize',
          params: { protocolVersion: '2026-07-28', capabilities: {} },
        },
        { 'mcp-protocol-version': '2026-07-28' },
      ),
    )
    expect(init.status).toBe(200)
    expect((await read(init)).result.protocolVersion).toBe('2025-11-25')
  })

  it('answers notifications with 202 and an empty body', async () => {
    const handle = handler()
    const response = await handle(post({ jsonrpc: '2.0', method: 'notifications/initialized' }))
    expect(response.status).toBe(202)
    expect(await response.text()).toBe('')
  })

  it('shapes results by the MCP-Protocol-Version header, 2025-03-26 when absent', async () => {
    const handle = handler()
    const call = {
      jsonrpc: '2.0',
      id: 7,
      method: 'tools/call',
      params: { name: 'echo', arguments: { text: 'y' } },
    }
    const legacy = await read(await handle(post(call)))
    expect(legacy.result).toEqual({
      content: [{ type: 'text', text: '{"text":"y","principal":"alice"}' }],
    })
    const current = await read(await handle(post(call, { 'mcp-protocol-version': '2025-06-18' })))
    expect(current.result.structuredContent).toEqual({ text: 'y', principal: 'alice' })
  })

  it('accepts batches without a header (2025-03-26) and refuses them under 2025-06-18', async () => {
    const handle = handler()
    const batch = [
      ping,
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { ...ping, id: 2 },
    ]
    const accepted = await handle(post(batch))
    expect(accepted.status).toBe(200)
    expect(await read(accepted)).toEqual([
      { jsonrpc: '2.0', id: 1, result: {} },
      { jsonrpc: '2.0', id: 2, result: {} },
    ])
    const onlyNotifications = await handle(
      post([{ jsonrpc: '2.0', method: 'notifications/initialized' }]),
    )
    expect(onlyNotifications.status).toBe(202)
    const refused = await handle(post(batch, { 'mcp-protocol-version': '2025-06-18' }))
    expect(refused.status).toBe(400)
    expect(await read(refused)).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: {
        code: -32600,
        message: 'Invalid Request',
        data: { reason: 'batches are not supported in protocol version 2025-06-18' },
      },
    })
  })

  it('answers JSON with Cache-Control: no-store when progress is not requested', async () => {
    const handle = handler()
    const response = await handle(post(ping))
    expect(response.headers.get('content-type')).toBe('application/json')
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(response.headers.get('mcp-session-id')).toBeNull()
  })

  it('upgrades to SSE on the first progress notification', async () => {
    const handle = handler()
    const call = {
      jsonrpc: '2.0',
      id: 8,
      method: 'tools/call',
      params: { name: 'slow', arguments: { ms: 5 }, _meta: { progressToken: 42 } },
    }
    const response = await handle(post(call, { 'mcp-protocol-version': '2025-11-25' }))
    expect(response.headers.get('content-type')).toBe('text/event-stream')
    expect(response.headers.get('cache-control')).toBe('no-cache, no-transform')
    const events = (await response.text())
      .split('\n\n')
      .filter((event) => event !== '')
      .map((event) => {
        const [kind, data] = event.split('\n')
        expect(kind).toBe('event: message')
        return JSON.parse(data!.slice('data: '.length))
      })
    expect(events).toEqual([
      {
        jsonrpc: '2.0',
        method: 'notifications/progress',
        params: { progressToken: 42, progress: 1, total: 2, message: 'started' },
      },
      {
        jsonrpc: '2.0',
        id: 8,
        result: {
          content: [{ type: 'text', text: '{"waited":5}' }],
          structuredContent: { waited: 5 },
        },
      },
    ])
    expect(handle.stats().inFlight).toBe(0)
  })

  it('answers with SSE when the client accepts only text/event-stream, with keep-alive comments', async () => {
    const handle = handler({ keepAliveMs: 5 })
    const call = {
      jsonrpc: '2.0',
      id: 13,
      method: 'tools/call',
      params: { name: 'slow', arguments: { ms: 30 } },
    }
    const response = await handle(post(call, { accept: 'text/event-stream' }))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/event-stream')
    expect(response.headers.get('x-accel-buffering')).toBe('no')
    const text = await response.text()
    expect(text).toContain(': keep-alive\n\n')
    expect(
      text.endsWith(
        `event: message\ndata: ${JSON.stringify({ jsonrpc: '2.0', id: 13, result: { content: [{ type: 'text', text: '{"waited":30}' }] } })}\n\n`,
      ),
    ).toBe(true)
  })

  it('keeps JSON when the client does not accept SSE, dropping progress', async () => {
    const handle = handler()
    const call = {
      jsonrpc: '2.0',
      id: 9,
      method: 'tools/call',
      params: { name: 'slow', arguments: { ms: 1 }, _meta: { progressToken: 1 } },
    }
    const response = await handle(post(call, { accept: 'application/json' }))
    expect(response.headers.get('content-type')).toBe('application/json')
    expect((await read(response)).id).toBe(9)
  })

  it('aborts the handler on client disconnect and frees the slot', async () => {
    const handle = handler()
    const controller = new AbortController()
    const call = {
      jsonrpc: '2.0',
      id: 10,
      method: 'tools/call',
      params: { name: 'slow', arguments: { ms: 10_000 } },
    }
    const pending = handle(post(call, {}, { signal: controller.signal }))
    await untilBusy(handle)
    expect(handle.stats().inFlight).toBe(1)
    controller.abort()
    const response = await pending
    expect(response.status).toBe(202)
    expect(handle.stats()).toEqual({ inFlight: 0, peakInFlight: 1 })
  })

  it('cancels a call by principal and request id', async () => {
    const handle = handler()
    const call = {
      jsonrpc: '2.0',
      id: 'c1',
      method: 'tools/call',
      params: { name: 'slow', arguments: { ms: 10_000 } },
    }
    const pending = handle(post(call))
    await untilBusy(handle)
    // Another principal cannot cancel it.
    const foreign = await handle(
      post(
        { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'c1' } },
        { authorization: `Bearer ${OTHER}` },
      ),
    )
    expect(foreign.status).toBe(202)
    expect(handle.stats().inFlight).toBe(1)
    await handle(
      post({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'c1' } }),
    )
    expect((await pending).status).toBe(202)
    expect(handle.stats().inFlight).toBe(0)
  })

  it('shutdown refuses new requests and answers running calls with unavailable after the grace', async () => {
    const handle = handler()
    const call = {
      jsonrpc: '2.0',
      id: 11,
      method: 'tools/call',
      params: { name: 'slow', arguments: { ms: 10_000 } },
    }
    const pending = handle(post(call))
    await untilBusy(handle)
    const stopping = handle.shutdown(20)
    const refused = await handle(post(ping))
    expect(refused.status).toBe(503)
    expect(refused.headers.get('retry-after')).toBe('1')
    expect((await handle(new Request('http://127.0.0.1:3000/healthz'))).status).toBe(503)
    await stopping
    const body = await read(await pending)
    expect(JSON.parse(body.result.content[0].text).code).toBe('unavailable')
  })

  it('returns 503 when maxInFlight is reached', async () => {
    const handle = handler({ maxInFlight: 1 })
    // Long enough to still be in flight on a loaded machine when the second request arrives.
    const call = {
      jsonrpc: '2.0',
      id: 12,
      method: 'tools/call',
      params: { name: 'slow', arguments: { ms: 1500 } },
    }
    const first = handle(post(call))
    await untilBusy(handle)
    const second = await handle(post(ping))
    expect(second.status).toBe(503)
    expect((await first).status).toBe(200)
  })

  it('refuses auth: false off loopback and an empty token list', () => {
    expect(() => createHttpHandler(server, { auth: false, host: '0.0.0.0', log: silent })).toThrow(
      /loopback/,
    )
    expect(() => createHttpHandler(server, { auth: { tokens: [] }, log: silent })).toThrow(
      /at least one token/,
    )
    expect(() => createHttpHandler(server, { auth: false, log: silent })).not.toThrow()
  })
})
