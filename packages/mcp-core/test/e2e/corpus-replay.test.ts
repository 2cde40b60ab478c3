// Replays the part of the JSON-RPC corpus that does not depend on the corpus server's tool table
// against the spawned fixture, over stdio and over loopback HTTP, at revision 2025-11-25.
// The full corpus runs in-process in test/corpus.test.ts.
import { readdirSync, readFileSync } from 'node:fs'
import { request } from 'node:http'
import { join, relative } from 'node:path'
import { repoPath } from '@wiki/test-utils'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  startHttpFixture,
  startStdioFixture,
  type HttpFixture,
  type StdioFixture,
} from './helpers.js'

interface Case {
  handler?: unknown
  request?: { method?: string; path?: string; headers?: Record<string, string | null> }
  send?: string
  sendBase64?: string
  expect: unknown[]
  http: { status: number; headers?: Record<string, string | null> }
}

const REVISION = '2025-11-25'
const CORPUS = repoPath('fixtures/jsonrpc')
/** tools/call cases that fail before any tool runs, so the tool table does not matter. */
const TOOL_INDEPENDENT = new Set([
  'name-missing',
  'params-missing',
  'params-array',
  'arguments-string',
  'arguments-array',
  'name-number',
  'unknown-tool',
])

function load(dir: string): { name: string; c: Case }[] {
  const path = join(CORPUS, dir)
  return readdirSync(path)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => ({
      name: relative(CORPUS, join(path, file)),
      c: JSON.parse(readFileSync(join(path, file), 'utf8')) as Case,
    }))
}

const rpcCases = [
  ...load('common/_invalid'),
  ...load('common/_unknown'),
  ...load('common/ping'),
  ...load('common/notifications'),
  ...load(`${REVISION}/_batch`),
  ...load('common/tools-call').filter(({ name }) =>
    TOOL_INDEPENDENT.has(name.split('/').pop()!.replace('.json', '')),
  ),
]
// HTTP pipeline cases whose answers name neither the server nor its definition.
const httpCases = load('common/_http').filter(
  ({ c }) =>
    c.handler === undefined &&
    !c.http.headers?.['www-authenticate'] &&
    !c.http.headers?.['mcp-session-id'] &&
    !(c.send ?? '').includes('"initialize"'),
)

function bytes(c: Case): Buffer {
  return c.sendBase64 !== undefined
    ? Buffer.from(c.sendBase64, 'base64')
    : Buffer.from(c.send ?? '')
}

const sortBatch = (value: unknown): unknown =>
  Array.isArray(value)
    ? [...value].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))
    : value

/** A raw node:http exchange, so Host and every other header are exactly what the case says. */
function send(
  url: string,
  token: string,
  c: Case,
  revision: string | undefined,
): Promise<{ status: number; text: string; headers: Record<string, string | null> }> {
  const endpoint = new URL(url)
  const headers: Record<string, string> = {
    host: endpoint.host,
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    authorization: `Bearer ${token}`,
    ...(revision ? { 'mcp-protocol-version': revision } : {}),
  }
  for (const [name, value] of Object.entries(c.request?.headers ?? {})) {
    if (value === null) delete headers[name]
    else headers[name] = value.replace('${TOKEN}', token)
  }
  const method = c.request?.method ?? 'POST'
  const body = method === 'GET' || method === 'HEAD' ? undefined : bytes(c)
  if (body) headers['content-length'] = String(body.length)
  return new Promise((resolve, reject) => {
    const req = request(
      new URL(c.request?.path ?? endpoint.pathname, endpoint),
      { method, headers },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (text += chunk))
        res.on('end', () => {
          const pinned: Record<string, string | null> = {}
          for (const name of Object.keys(c.http.headers ?? {})) {
            const value = res.headers[name]
            pinned[name] = value === undefined ? null : String(value)
          }
          resolve({ status: res.statusCode ?? 0, text, headers: pinned })
        })
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

describe(`corpus replay against the spawned fixture over HTTP (${REVISION})`, () => {
  let http: HttpFixture
  beforeAll(async () => {
    http = await startHttpFixture()
  })
  afterAll(async () => {
    await http.close()
  })

  it.each([...rpcCases, ...httpCases])('$name', async ({ name, c }) => {
    const outcome = await send(
      http.url,
      http.token,
      c,
      name.includes('_http') ? undefined : REVISION,
    )
    expect(outcome.status).toBe(c.http.status)
    expect(outcome.text === '' ? [] : [sortBatch(JSON.parse(outcome.text))]).toEqual(
      c.expect.map(sortBatch),
    )
    expect(outcome.headers).toEqual(c.http.headers ?? {})
  })
})

describe(`corpus replay against the spawned fixture over stdio (${REVISION})`, () => {
  let fixture: StdioFixture
  let seen = 0
  beforeAll(async () => {
    fixture = startStdioFixture()
    await fixture.request('__init', 'initialize', {
      protocolVersion: REVISION,
      capabilities: {},
      clientInfo: { name: 'replay', version: '0' },
    })
  })
  afterAll(async () => {
    await fixture.close()
  })

  it.each(rpcCases)('$name, then a sentinel ping', async ({ c }) => {
    const before = fixture.lines.length
    fixture.child.stdin.write(Buffer.concat([bytes(c), Buffer.from('\n')]))
    const sentinel = `__sentinel_${seen++}`
    await fixture.request(sentinel, 'ping')
    // An asynchronous reply (a tool call) may trail the sentinel's; give it a moment to arrive.
    const replies = () =>
      fixture.lines
        .slice(before)
        .map((line) => JSON.parse(line) as { id?: unknown })
        .filter((message) => message.id !== sentinel)
    for (let waited = 0; replies().length < c.expect.length && waited < 2_000; waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    expect(replies().map(sortBatch)).toEqual(c.expect.map(sortBatch))
  })
})
