import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { afterEach, describe, expect, it } from 'vitest'
import type { FakeAhaWiki } from '../fake/fake-ahawiki.mjs'
import { appEnv, BIN, KEY, runBin, startFake, stopFake } from './harness.js'

const TOKEN = 'http-token-0123456789abcdef-e2e'

let fake: FakeAhaWiki | undefined
let child: ChildProcess | undefined
afterEach(async () => {
  if (child && child.exitCode === null) {
    child.kill('SIGTERM')
    await once(child, 'exit')
  }
  child = undefined
  if (fake) await stopFake(fake)
  fake = undefined
})

/** Starts `--http` on a free port and resolves with its URL once it listens. */
async function startHttp(
  env: Record<string, string>,
): Promise<{ url: string; stderr: () => string }> {
  child = spawn(process.execPath, [BIN, '--http', '--http-port', '0'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stderr = ''
  let stdout = ''
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  const url = await new Promise<string>((resolve, reject) => {
    child!.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString()
      const match = /on (http:\/\/\S+\/mcp)/.exec(stderr)
      if (match) resolve(match[1]!)
    })
    child!.once('exit', () => reject(new Error(`exited early: ${stderr}`)))
  })
  return { url, stderr: () => stderr + stdout }
}

describe('--http (read-only Streamable HTTP)', () => {
  it('serves only the four read tools, even with AHAWIKI_MCP_WRITE=1', async () => {
    fake = await startFake({ pages: [{ name: 'A', text: 'hello' }] })
    const { url, stderr } = await startHttp(
      appEnv(fake, { AHAWIKI_MCP_WRITE: '1', MCP_HTTP_TOKEN: TOKEN }),
    )
    const client = new Client({ name: 'http-e2e', version: '1.0.0' })
    await client.connect(
      new StreamableHTTPClientTransport(new URL(url), {
        requestInit: { headers: { Authorization: `Bearer ${TOKEN}` } },
      }),
    )
    const names = (await client.listTools()).tools.map((t) => t.name)
    expect(names).toEqual([
      'ahawiki_search',
      'ahawiki_read_page',
      'ahawiki_list_pages',
      'ahawiki_recent_changes',
    ])
    const read = await client.callTool({ name: 'ahawiki_read_page', arguments: { name: 'A' } })
    expect((read.structuredContent as { content: string }).content).toBe('hello')
    await client.close()
    expect(stderr()).toContain('AHAWIKI_MCP_WRITE=1 is ignored over HTTP')
    expect(stderr()).not.toContain(KEY)
  })

  it('answers 401 to a wrong or missing token', async () => {
    fake = await startFake()
    const { url } = await startHttp(appEnv(fake, { MCP_HTTP_TOKEN: TOKEN }))
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' })
    const headers = {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    }
    const wrong = await fetch(url, {
      method: 'POST',
      body,
      headers: { ...headers, authorization: 'Bearer not-the-token-at-all' },
    })
    expect(wrong.status).toBe(401)
    const missing = await fetch(url, { method: 'POST', body, headers })
    expect(missing.status).toBe(401)
  })

  it('refuses to start without a token', () => {
    const run = runBin(
      ['--http'],
      appEnv(undefined, {
        AHAWIKI_BASE_URL: 'https://wiki.example.test',
        AHAWIKI_API_KEY: KEY,
      }),
    )
    // A missing token is a bad setting: exit 2, as in every app.
    expect(run.status).toBe(2)
    expect(run.stdout).toBe('')
    expect(run.stderr.trim().split('\n')).toHaveLength(1)
    expect(run.stderr).not.toContain(KEY)
  })
})

describe('--check', () => {
  it('prints registration snippets with placeholders and no environment', () => {
    const run = runBin(['--check'], { PATH: process.env.PATH ?? '', AHAWIKI_API_KEY: KEY })
    expect(run.status).toBe(0)
    expect(run.stdout).toContain('claude mcp add --transport stdio')
    expect(run.stdout).toContain('"ahawiki-http"')
    expect(run.stdout).toContain('<your AhaWiki API key>')
    expect(run.stdout).toContain('--stdio')
    expect(run.stdout).not.toContain(KEY)
  })
})
