// Replays the JSON-RPC corpus (fixtures/jsonrpc/<revision>/<method>/<case>.json) through
// both transports in-process: createHttpHandler with Web Requests, and serveStdio on injected
// streams with a sentinel ping after every case. Cases under `common` run at every legacy revision
// and must give the same answer each time; `_http` cases exercise the HTTP pipeline only.
//
// Legacy cases are sent after an `initialize` (stdio) or with the revision's MCP-Protocol-Version
// header (HTTP). Cases of the stateless revision (2026-07-28) carry their revision in the body's
// `_meta`; over stdio nothing precedes them, and over HTTP the harness mirrors the body into
// MCP-Protocol-Version, Mcp-Method and Mcp-Name as a client does (a case may override or drop them).
// An SSE answer contributes each event's data in order.
//
// `UPDATE=1` rewrites each case's `expect`, `http.status` and pinned header values from the HTTP
// run; review the diff like code, the stdio run must still agree.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { PassThrough } from 'node:stream'
import { createHttpHandler } from '@wiki/mcp-core/http'
import { serveStdio } from '@wiki/mcp-core/stdio'
import { repoPath } from '@wiki/test-utils'
import { describe, expect, it } from 'vitest'
import { corpusServer } from './fixtures/corpus-server.js'

interface Case {
  note?: string
  /** HTTP only: handler options for this case, or a handler that is already shutting down. */
  handler?: { maxBodyBytes?: number; shuttingDown?: boolean }
  request?: { method?: string; path?: string; headers?: Record<string, string | null> }
  send?: string
  sendBase64?: string
  expect: unknown[]
  http: { status: number; headers?: Record<string, string | null> }
}

const REVISIONS = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25']
const MODERN_REVISIONS = new Set(['2026-07-28'])
const CORPUS = repoPath('fixtures/jsonrpc')
const TOKEN = 'corpus-token-0123456789abcdef0123456789abcdef'
const silent = { debug() {}, info() {}, warn() {}, error() {} }
const UPDATE = process.env.UPDATE === '1'

function listCases(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory()
        ? listCases(join(dir, entry.name))
        : entry.name.endsWith('.json')
          ? [join(dir, entry.name)]
          : [],
    )
    .sort()
}

const files = listCases(CORPUS)
const cases = files.map((file) => {
  const [revision = '', method = ''] = relative(CORPUS, file).split(sep)
  return { file, name: relative(CORPUS, file), revision, method }
})

function bodyBytes(c: Case): Uint8Array {
  return c.sendBase64 !== undefined
    ? new Uint8Array(Buffer.from(c.sendBase64, 'base64'))
    : new TextEncoder().encode(c.send ?? '')
}

/** Batch replies run concurrently; their order is not part of the contract. */
function normalise(value: unknown): unknown {
  if (!Array.isArray(value)) return value
  return [...value].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))
}

interface HttpOutcome {
  status: number
  values: unknown[]
  headers: Record<string, string | null>
}

/** The headers a client derives from a stateless request's body. */
function mirroredHeaders(c: Case, revision: string): Record<string, string> {
  const headers: Record<string, string> = { 'mcp-protocol-version': revision }
  let body: unknown
  try {
    body = JSON.parse(c.send ?? '')
  } catch {
    return headers
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return headers
  const { method, params } = body as { method?: unknown; params?: Record<string, unknown> }
  const version = (params?._meta as Record<string, unknown> | undefined)?.[
    'io.modelcontextprotocol/protocolVersion'
  ]
  if (typeof version === 'string') headers['mcp-protocol-version'] = version
  if (typeof method === 'string') headers['mcp-method'] = method
  const name = method === 'resources/read' ? params?.uri : params?.name
  const named = method === 'tools/call' || method === 'prompts/get' || method === 'resources/read'
  if (named && typeof name === 'string') headers['mcp-name'] = name
  return headers
}

/** The JSON values of a response body: one JSON document, or the data of each SSE event. */
function bodyValues(text: string, contentType: string | null): unknown[] {
  if (text === '') return []
  if (contentType?.startsWith('text/event-stream')) {
    return text
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map((line) => JSON.parse(line.slice('data: '.length)) as unknown)
  }
  return [normalise(JSON.parse(text))]
}

async function overHttp(c: Case, revision: string | undefined): Promise<HttpOutcome> {
  const handler = createHttpHandler(corpusServer, {
    auth: { tokens: [TOKEN] },
    host: '127.0.0.1',
    pageSize: 1,
    log: silent,
    ...(c.handler?.maxBodyBytes === undefined ? {} : { maxBodyBytes: c.handler.maxBodyBytes }),
  })
  if (c.handler?.shuttingDown) await handler.shutdown(0)
  const headers = new Headers({
    host: '127.0.0.1:3000',
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    authorization: `Bearer ${TOKEN}`,
    ...(revision === undefined
      ? {}
      : MODERN_REVISIONS.has(revision)
        ? mirroredHeaders(c, revision)
        : { 'mcp-protocol-version': revision }),
  })
  for (const [name, value] of Object.entries(c.request?.headers ?? {})) {
    if (value === null) headers.delete(name)
    else headers.set(name, value.replace('${TOKEN}', TOKEN))
  }
  const method = c.request?.method ?? 'POST'
  const request = new Request(`http://127.0.0.1:3000${c.request?.path ?? '/mcp'}`, {
    method,
    headers,
    ...(method === 'GET' || method === 'HEAD' ? {} : { body: bodyBytes(c) }),
  })
  const response = await handler(request)
  const text = await response.text()
  const pinned: Record<string, string | null> = {}
  for (const name of Object.keys(c.http.headers ?? {})) pinned[name] = response.headers.get(name)
  return {
    status: response.status,
    values: bodyValues(text, response.headers.get('content-type')),
    headers: pinned,
  }
}

interface StdioOutcome {
  negotiated: string | undefined
  values: unknown[]
  sentinel: unknown
}

async function overStdio(c: Case, revision: string): Promise<StdioOutcome> {
  const input = new PassThrough()
  const output = new PassThrough()
  const lines: string[] = []
  let buffer = ''
  output.setEncoding('utf8')
  output.on('data', (chunk: string) => {
    buffer += chunk
    const parts = buffer.split('\n')
    buffer = parts.pop()!
    lines.push(...parts)
  })
  const served = serveStdio(corpusServer, { input, output, pageSize: 1, log: silent })
  const stateless = MODERN_REVISIONS.has(revision)
  const init = {
    jsonrpc: '2.0',
    id: '__init',
    method: 'initialize',
    params: {
      protocolVersion: revision,
      capabilities: {},
      clientInfo: { name: 'corpus', version: '0' },
    },
  }
  if (!stateless) {
    input.write(`${JSON.stringify(init)}\n{"jsonrpc":"2.0","method":"notifications/initialized"}\n`)
  }
  input.write(Buffer.concat([bodyBytes(c), Buffer.from('\n')]))
  input.write('{"jsonrpc":"2.0","id":"__sentinel","method":"ping"}\n')
  input.end()
  await Promise.race([
    served.closed,
    new Promise((_resolve, reject) =>
      setTimeout(() => reject(new Error('serveStdio did not close after EOF')), 5_000),
    ),
  ])
  const messages = lines.map((line) => JSON.parse(line) as { id?: unknown })
  const initialized = messages.find((message) => message.id === '__init') as
    { result?: { protocolVersion?: string } } | undefined
  return {
    negotiated: initialized?.result?.protocolVersion,
    values: messages
      .filter((message) => message.id !== '__init' && message.id !== '__sentinel')
      .map(normalise),
    sentinel: messages.find((message) => message.id === '__sentinel'),
  }
}

describe('JSON-RPC corpus', () => {
  it('has the required cases', () => {
    const names = new Set(cases.map((c) => c.name.replaceAll(sep, '/')))
    for (const revision of REVISIONS) {
      for (const batch of ['empty', 'mixed', 'notifications-only', 'with-initialize']) {
        expect(names).toContain(`${revision}/_batch/${batch}.json`)
      }
    }
    for (const version of [...REVISIONS, '1999-01-01', '2026-07-28']) {
      expect(names).toContain(`common/initialize/requested-${version}.json`)
    }
    for (const modern of [
      'server-discover/ok',
      'tools-list/first-page',
      'tools-call/echo',
      'subscriptions-listen/acknowledged-then-closed',
      'removed/ping',
      'removed/logging-setLevel',
      'envelope/version-unsupported',
      'envelope/capabilities-missing',
      '_http/mcp-method-mismatch',
      '_http/mcp-name-mismatch',
    ]) {
      expect(names).toContain(`2026-07-28/${modern}.json`)
    }
    expect(cases.length).toBeGreaterThan(100)
  })

  describe.each(cases)('$name', ({ file, revision, method }) => {
    const c = JSON.parse(readFileSync(file, 'utf8')) as Case
    const revisions = revision === 'common' ? REVISIONS : [revision]

    it('over HTTP (createHttpHandler)', async () => {
      // `common/_http` cases set every header themselves; a revision's own `_http` cases get its headers.
      const runs = method === '_http' ? [revision === 'common' ? undefined : revision] : revisions
      const outcomes: HttpOutcome[] = []
      for (const run of runs) outcomes.push(await overHttp(c, run))
      const first = outcomes[0]!
      if (UPDATE) {
        c.expect = first.values
        c.http = {
          status: first.status,
          ...(c.http.headers ? { headers: first.headers } : {}),
        }
        writeFileSync(file, `${JSON.stringify(c, null, 2)}\n`)
      }
      for (const outcome of outcomes) {
        expect(outcome.values).toEqual(c.expect.map(normalise))
        expect(outcome.status).toBe(c.http.status)
        expect(outcome.headers).toEqual(c.http.headers ?? {})
      }
    })

    // The HTTP pipeline cases (`_http`) have no stdio counterpart.
    if (method !== '_http') {
      it('over stdio (serveStdio), then a sentinel ping', async () => {
        for (const run of revisions) {
          const outcome = await overStdio(c, run)
          expect(outcome.negotiated).toBe(MODERN_REVISIONS.has(run) ? undefined : run)
          expect(outcome.values).toEqual(c.expect.map(normalise))
          expect(outcome.sentinel).toEqual({ jsonrpc: '2.0', id: '__sentinel', result: {} })
        }
      })
    }
  })
})
