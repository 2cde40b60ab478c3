// The built bin and the official SDK v2 client (2.4.0) in its three modes, over stdio and HTTP,
// against the fake AhaWiki: pinned to MCP 2026-07-28, `auto` (which must settle on 2026-07-28
// without falling back) and its legacy default. Every mode lists the tools, sees the app's icon
// and calls every tool the transport offers: all five over stdio with writes on, the four read
// tools over HTTP. Connect and ready times are printed, never asserted.
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { readFileSync } from 'node:fs'
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FakeAhaWiki } from '../fake/fake-ahawiki.mjs'
import { appEnv, BIN, KEY, startFake, stopFake, type Json } from './harness.js'

const ICON_SVG = readFileSync(new URL('../../icon.svg', import.meta.url))
const TOKEN = 'modern-http-token-0123456789abcdef'
const READ_TOOLS = [
  'ahawiki_search',
  'ahawiki_read_page',
  'ahawiki_list_pages',
  'ahawiki_recent_changes',
]

type Mode = 'pinned' | 'auto' | 'legacy'
const MODES: Mode[] = ['pinned', 'auto', 'legacy']
const ERA: Record<Mode, [string, string]> = {
  pinned: ['modern', '2026-07-28'],
  auto: ['modern', '2026-07-28'],
  legacy: ['legacy', '2025-11-25'],
}
const timings: string[] = []

function newClient(mode: Mode): Client {
  const info = { name: `ahawiki-e2e-${mode}`, version: '1.0.0' }
  if (mode === 'legacy') return new Client(info)
  return new Client(info, {
    versionNegotiation: { mode: mode === 'auto' ? 'auto' : { pin: '2026-07-28' } },
  })
}

/** Connects and lists the tools, timing both (over stdio the first answer shows readiness). */
async function connect(client: Client, transport: Parameters<Client['connect']>[0], label: string) {
  const started = performance.now()
  await client.connect(transport)
  const connected = performance.now()
  await client.listTools()
  const ready = performance.now()
  timings.push(
    `  ${label}: connect ${(connected - started).toFixed(0)} ms, ready ${(ready - started).toFixed(0)} ms`,
  )
}

/** Checks the era and the icon, lists the tools and calls each one with a success; returns the tools called. */
async function session(client: Client, mode: Mode, expected: string[]): Promise<string[]> {
  expect([client.getProtocolEra(), client.getNegotiatedProtocolVersion()]).toEqual(ERA[mode])
  const icon = client.getServerVersion()?.icons?.[0]
  expect(icon?.mimeType).toBe('image/svg+xml')
  expect(Buffer.from(icon!.src.replace(/^data:image\/svg\+xml;base64,/, ''), 'base64')).toEqual(
    ICON_SVG,
  )
  const { tools } = await client.listTools()
  expect(tools.map((tool) => tool.name)).toEqual(expected)

  const called = new Set<string>()
  const use = async (name: string, args: Record<string, unknown>): Promise<Json> => {
    called.add(name)
    const result = await client.callTool({ name, arguments: args })
    if (result.isError) throw new Error(`${name} failed: ${JSON.stringify(result.content)}`)
    const text = (result.content as { text: string }[])[0]!.text
    expect(JSON.parse(text)).toEqual(result.structuredContent)
    return result.structuredContent
  }
  expect((await use('ahawiki_search', { q: 'hello' })).results[0].name).toBe('Plan')
  const page = await use('ahawiki_read_page', { name: 'Plan' })
  expect(page).toMatchObject({ name: 'Plan' })
  expect((await use('ahawiki_list_pages', {})).pages.map((p: Json) => p.name)).toContain('Plan')
  expect((await use('ahawiki_recent_changes', { name: 'Plan' })).changes[0]).toMatchObject({
    name: 'Plan',
  })
  if (expected.includes('ahawiki_save_page')) {
    const saved = await use('ahawiki_save_page', {
      name: 'Plan',
      text: `${page.content}\n${mode}`,
      revision: page.revision,
      comment: `SDK v2 ${mode}`,
    })
    expect(saved).toMatchObject({ name: 'Plan', previousRevision: page.revision })
  }
  return [...called]
}

let fake: FakeAhaWiki
beforeAll(async () => {
  fake = await startFake({ pages: [{ name: 'Plan', text: 'hello from the plan' }] })
})
afterAll(async () => {
  await stopFake(fake)
  if (timings.length > 0) {
    process.stdout.write(`ahawiki-mcp connect times, SDK v2 (this run):\n${timings.join('\n')}\n`)
  }
})

describe.each(MODES)('ahawiki-mcp, SDK v2 client %s', (mode) => {
  it('over stdio with writes on: lists and calls all five tools', async () => {
    const client = newClient(mode)
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN],
      env: appEnv(fake, { AHAWIKI_MCP_WRITE: '1' }),
      stderr: 'pipe',
    })
    let stderr = ''
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')))
    try {
      await connect(client, transport, `stdio ${mode}`)
      expect(await session(client, mode, [...READ_TOOLS, 'ahawiki_save_page'])).toEqual([
        ...READ_TOOLS,
        'ahawiki_save_page',
      ])
    } finally {
      await client.close()
    }
    expect(stderr).not.toContain(KEY)
  })

  describe('over HTTP', () => {
    let child: ChildProcess
    let url: string
    beforeAll(async () => {
      child = spawn(process.execPath, [BIN, '--http', '--http-port', '0'], {
        env: appEnv(fake, { MCP_HTTP_TOKEN: TOKEN }),
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      url = await new Promise<string>((resolve, reject) => {
        let stderr = ''
        child.stderr!.on('data', (chunk: Buffer) => {
          stderr += chunk.toString()
          const match = /(http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(stderr)
          if (match) resolve(match[1]!)
        })
        child.once('exit', () => reject(new Error(`exited early: ${stderr}`)))
      })
    })
    afterAll(async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM')
        await once(child, 'exit')
      }
    })

    it('lists and calls the four read tools', async () => {
      const client = newClient(mode)
      try {
        await connect(
          client,
          new StreamableHTTPClientTransport(new URL(url), {
            requestInit: { headers: { Authorization: `Bearer ${TOKEN}` } },
          }),
          `http ${mode}`,
        )
        expect(await session(client, mode, READ_TOOLS)).toEqual(READ_TOOLS)
      } finally {
        await client.close()
      }
    })
  })
})
