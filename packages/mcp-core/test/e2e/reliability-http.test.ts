// Reliability over HTTP. The spawned fixture covers fuzzing, slow-tool isolation and SIGTERM;
// an in-process `serveHttp` on a real loopback socket covers what needs the handler's own view
// (abort reasons, `stats()`), with a tool defined here.
import { Agent, request } from 'node:http'
import { connect } from 'node:net'
import { createServer, defineTool, type AbortReason } from '@wiki/mcp-core'
import { serveHttp } from '@wiki/mcp-core/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { seededRandom } from '@wiki/test-utils'
import { malformedMessage } from './fuzz.js'
import { exited, newToken, post, startHttpFixture, within, type HttpFixture } from './helpers.js'

const FUZZ_BODIES = 2_000

/** A POST through node:http, whose agent can hold a thousand sockets (fetch's pool is slower). */
function rawPost(
  agent: Agent,
  url: string,
  token: string,
  body: object,
): Promise<{ status: number; text: string }> {
  const payload = JSON.stringify(body)
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          authorization: `Bearer ${token}`,
          'mcp-protocol-version': '2025-11-25',
        },
      },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (text += chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }))
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end(payload)
  })
}
/** Runs `tasks` with at most `limit` in flight. */
async function pool<T>(limit: number, tasks: (() => Promise<T>)[]): Promise<T[]> {
  const results: T[] = []
  let next = 0
  async function worker(): Promise<void> {
    while (next < tasks.length) {
      const index = next++
      results[index] = await tasks[index]!()
    }
  }
  await Promise.all(Array.from({ length: limit }, worker))
  return results
}

describe('HTTP reliability, spawned fixture', () => {
  let http: HttpFixture
  let auth: Record<string, string>
  beforeAll(async () => {
    http = await startHttpFixture()
    auth = { authorization: `Bearer ${http.token}`, 'mcp-protocol-version': '2025-11-25' }
  })
  afterAll(async () => {
    await http.close()
  })

  it(`answers ${FUZZ_BODIES} seeded malformed bodies with JSON or an empty 202`, async () => {
    const random = seededRandom(424242)
    const bodies = Array.from({ length: FUZZ_BODIES }, () => malformedMessage(random))
    const outcomes = await pool(
      32,
      bodies.map((body) => async () => {
        const response = await post(http.url, body, auth)
        const text = await response.text()
        if (response.status === 202) return text === '' ? 'ok' : `202 with body ${text}`
        if (![200, 400].includes(response.status)) return `status ${response.status} for ${body}`
        try {
          const value = JSON.parse(text) as unknown
          return typeof value === 'object' && value !== null ? 'ok' : `non-object ${text}`
        } catch {
          return `non-JSON ${text.slice(0, 80)} for ${body}`
        }
      }),
    )
    expect(outcomes.filter((outcome) => outcome !== 'ok')).toEqual([])
    const ping = await post(http.url, { jsonrpc: '2.0', id: 'sentinel', method: 'ping' }, auth)
    expect(await ping.json()).toEqual({ jsonrpc: '2.0', id: 'sentinel', result: {} })
    expect(http.child.exitCode).toBeNull()
  })

  it('finishes 100 ping/echo requests while a 3 s slow call runs', async () => {
    const slowStarted = Date.now()
    let slowDoneAt = 0
    const slow = post(
      http.url,
      {
        jsonrpc: '2.0',
        id: 'slow',
        method: 'tools/call',
        params: { name: 'slow', arguments: { ms: 3_000 } },
      },
      auth,
    ).then(async (response) => {
      slowDoneAt = Date.now()
      return response.json()
    })
    await new Promise((resolve) => setTimeout(resolve, 100))
    const quick = await Promise.all(
      Array.from({ length: 100 }, async (_, i) => {
        const body =
          i % 2 === 0
            ? { jsonrpc: '2.0', id: i, method: 'ping' }
            : {
                jsonrpc: '2.0',
                id: i,
                method: 'tools/call',
                params: { name: 'echo', arguments: { text: String(i) } },
              }
        const response = await post(http.url, body, auth)
        const value = (await response.json()) as { id: number }
        return { id: value.id, at: Date.now() }
      }),
    )
    expect(quick.map((answer) => answer.id)).toEqual(Array.from({ length: 100 }, (_, i) => i))
    expect(slowDoneAt).toBe(0)
    expect(Math.max(...quick.map((answer) => answer.at)) - slowStarted).toBeLessThan(3_000)
    expect(await slow).toMatchObject({ id: 'slow', result: { structuredContent: {} } })
  })
})

describe('HTTP shutdown, spawned fixture', () => {
  it('lets an in-flight call finish on SIGTERM, then exits 0', async () => {
    const http: HttpFixture = await startHttpFixture()
    try {
      const call = post(
        http.url,
        {
          jsonrpc: '2.0',
          id: 'inflight',
          method: 'tools/call',
          params: { name: 'slow', arguments: { ms: 800 } },
        },
        { authorization: `Bearer ${http.token}` },
      )
      await new Promise((resolve) => setTimeout(resolve, 200))
      http.child.kill('SIGTERM')
      const response = await call
      expect(response.status).toBe(200)
      const body = (await response.json()) as {
        result: { isError?: boolean; content: { text: string }[] }
      }
      const payload = JSON.parse(body.result.content[0]!.text) as {
        elapsedMs?: number
        error?: { code: string }
      }
      // Either the call completed within the grace period, or it was ended as `unavailable`.
      const outcome = body.result.isError ? payload.error?.code : typeof payload.elapsedMs
      expect(['number', 'unavailable']).toContain(outcome)
      expect(await within(12_000, 'exit after SIGTERM', exited(http.child))).toBe(0)
    } finally {
      http.child.kill('SIGKILL')
    }
  })
})

describe('HTTP reliability, in-process serveHttp on loopback', () => {
  const token = newToken()
  // A current revision, so results carry structuredContent (headerless means 2025-03-26).
  const auth = { authorization: `Bearer ${token}`, 'mcp-protocol-version': '2025-11-25' }
  const aborts: AbortReason[] = []
  let openGate = () => {}
  const gate = {
    arrived: 0,
    opened: new Promise<void>((resolve) => (openGate = resolve)),
    open: () => openGate(),
  }
  let started = 0
  const server = createServer({
    name: 'reliability',
    version: '0.0.0',
    tools: [
      defineTool({
        name: 'gate',
        description: 'Waits until `count` calls have arrived (or 10 s passed), then 50 ms more.',
        input: z.strictObject({ count: z.number().int().min(1) }),
        output: z.strictObject({ arrived: z.number() }),
        access: 'read',
        async handler(args) {
          gate.arrived++
          if (gate.arrived >= args.count) gate.open()
          await Promise.race([gate.opened, new Promise((resolve) => setTimeout(resolve, 10_000))])
          await new Promise((resolve) => setTimeout(resolve, 50))
          return { arrived: gate.arrived }
        },
      }),
      defineTool({
        name: 'wait',
        description: 'Waits `ms` milliseconds, reporting progress every 50 ms; records aborts.',
        input: z.strictObject({ ms: z.number().int().min(0) }),
        output: z.strictObject({ waited: z.number() }),
        access: 'read',
        async handler(args, ctx) {
          started++
          let waited = 0
          ctx.progress(0, args.ms)
          while (waited < args.ms) {
            await new Promise<void>((resolve, reject) => {
              const onAbort = () => {
                clearTimeout(timer)
                aborts.push(ctx.signal.reason as AbortReason)
                reject(new Error('aborted'))
              }
              const timer = setTimeout(() => {
                ctx.signal.removeEventListener('abort', onAbort)
                resolve()
              }, 50)
              ctx.signal.addEventListener('abort', onAbort, { once: true })
            })
            waited += 50
            ctx.progress(waited, args.ms)
          }
          return { waited }
        },
      }),
    ],
  })
  let handle: Awaited<ReturnType<typeof serveHttp>>
  let url: string
  beforeAll(async () => {
    handle = await serveHttp(server, {
      host: '127.0.0.1',
      port: 0,
      auth: { tokens: [token] },
      maxBodyBytes: 4096,
      handleSignals: false,
    })
    url = new URL('/mcp', handle.url).href
  })
  afterAll(async () => {
    await handle.close()
  })

  function waitCall(id: number | string, ms: number, extra: Record<string, unknown> = {}) {
    return {
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name: 'wait', arguments: { ms }, ...extra },
    }
  }

  async function settled(): Promise<void> {
    await within(
      1_000,
      'inFlight back to 0',
      (async () => {
        while (handle.stats().inFlight !== 0)
          await new Promise((resolve) => setTimeout(resolve, 10))
      })(),
    )
  }

  it('aborts the handler with "disconnect" when a JSON client goes away', async () => {
    aborts.length = 0
    const controller = new AbortController()
    const before = started
    const call = post(url, waitCall(1, 10_000), auth, { signal: controller.signal })
    await within(
      2_000,
      'handler start',
      (async () => {
        while (started === before) await new Promise((resolve) => setTimeout(resolve, 10))
      })(),
    )
    controller.abort()
    await expect(call).rejects.toThrow()
    await settled()
    expect(aborts).toEqual(['disconnect'])
  })

  it('aborts with "cancelled" on notifications/cancelled from the same principal', async () => {
    aborts.length = 0
    const before = started
    const call = post(url, waitCall('to-cancel', 10_000), auth).then(
      async (response) => ({ status: response.status, text: await response.text() }),
      () => ({ status: 0, text: '' }),
    )
    await within(
      2_000,
      'handler start',
      (async () => {
        while (started === before) await new Promise((resolve) => setTimeout(resolve, 10))
      })(),
    )
    const cancel = await post(
      url,
      { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'to-cancel' } },
      auth,
    )
    expect(cancel.status).toBe(202)
    await settled()
    expect(aborts).toEqual(['cancelled'])
    // The cancelled call's POST ends promptly and never carries a result for the call.
    const outcome = await within(2_000, 'cancelled POST to end', call)
    expect(outcome.text).not.toContain('"result"')
  })

  it('aborts with "disconnect" after the first SSE progress event', async () => {
    aborts.length = 0
    const controller = new AbortController()
    const response = await post(
      url,
      waitCall(2, 10_000, { _meta: { progressToken: 'tok' } }),
      auth,
      {
        signal: controller.signal,
      },
    )
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/)
    const reader = response.body!.getReader()
    const first = await reader.read()
    expect(new TextDecoder().decode(first.value)).toContain('notifications/progress')
    controller.abort()
    await settled()
    expect(aborts).toEqual(['disconnect'])
  })

  it('answers 413 for a body of maxBodyBytes + 1, with Content-Length and chunked', async () => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'ping', params: { pad: '' } })
    const oversize = body.replace('"pad":""', `"pad":"${'x'.repeat(4096 + 1 - body.length)}"`)
    expect(Buffer.byteLength(oversize)).toBe(4097)
    const withLength = await post(url, oversize, auth)
    expect(withLength.status).toBe(413)
    expect(await withLength.json()).toEqual({ error: 'payload_too_large' })
    const bytes = new TextEncoder().encode(oversize)
    const chunked = await post(url, '', auth, {
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(bytes.subarray(0, 2000))
          controller.enqueue(bytes.subarray(2000))
          controller.close()
        },
      }),
      duplex: 'half',
    })
    expect(chunked.status).toBe(413)
    // One byte less is fine.
    const fits = await post(url, oversize.replace('xx', 'x'), auth)
    expect(fits.status).toBe(200)
  })

  it('lets a client still sending read its 413, and keeps the connection for the next request', async () => {
    // The client declares 1 MiB, sends a little, reads the 413, then sends the rest and a second
    // request on the same socket. A server that closed under it would fail those writes (EPIPE).
    const { port } = new URL(url)
    const socket = connect(Number(port), '127.0.0.1')
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve)
      socket.once('error', reject)
    })
    let received = ''
    const errors: Error[] = []
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => (received += chunk))
    socket.on('error', (error) => errors.push(error))
    const until = (text: string): Promise<void> =>
      within(
        5_000,
        `a reply holding ${text}`,
        new Promise<void>((resolve) => {
          const check = (): void => {
            if (received.includes(text)) resolve()
            else setTimeout(check, 10)
          }
          check()
        }),
      )
    const head = (length: number): string =>
      `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
      `Authorization: ${auth.authorization}\r\nMcp-Protocol-Version: 2025-11-25\r\n` +
      `Content-Length: ${length}\r\n\r\n`
    const size = 1024 * 1024
    const chunk = 64 * 1024
    socket.write(head(size) + 'x'.repeat(chunk))
    await until('payload_too_large')
    expect(received).toMatch(/^HTTP\/1\.1 413 /)
    for (let sent = chunk; sent < size; sent += chunk) {
      await new Promise<void>((resolve) => socket.write('x'.repeat(chunk), () => resolve()))
    }
    const ping = JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'ping' })
    socket.write(head(Buffer.byteLength(ping)) + ping)
    await until('"id":9')
    expect(errors).toEqual([])
    socket.destroy()
  })

  it('holds 1000 concurrent authenticated tools/call requests in flight at once', async () => {
    // Every call waits until all 1000 have reached the handler, then 50 ms: the server must
    // accept and hold them all (no 503, no lost ids), not merely finish them one by one.
    const agent = new Agent({ keepAlive: true, maxSockets: Infinity })
    const startedAt = Date.now()
    try {
      const responses = await Promise.all(
        Array.from({ length: 1000 }, (_, i) =>
          rawPost(agent, url, token, {
            jsonrpc: '2.0',
            id: i,
            method: 'tools/call',
            params: { name: 'gate', arguments: { count: 1000 } },
          }).then(({ status, text }) => {
            const body = JSON.parse(text) as {
              id: number
              result?: { structuredContent?: unknown }
            }
            return { status, id: body.id, arrived: body.result?.structuredContent }
          }),
        ),
      )
      expect(Date.now() - startedAt).toBeLessThan(30_000)
      expect(responses.filter((r) => r.status !== 200)).toEqual([])
      expect(responses.map((r) => r.id)).toEqual(Array.from({ length: 1000 }, (_, i) => i))
      expect(responses.every((r) => (r.arrived as { arrived: number }).arrived === 1000)).toBe(true)
      expect(handle.stats().peakInFlight).toBeGreaterThanOrEqual(1000)
      expect(handle.stats().inFlight).toBe(0)
    } finally {
      agent.destroy()
    }
  })
})
