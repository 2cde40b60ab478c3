// The built bin and the official SDK v2 client (2.4.0) in its three modes, over stdio and HTTP:
// pinned to MCP 2026-07-28, `auto` (which must settle on 2026-07-28 without falling back) and its
// legacy default. Every mode lists the tools and the prompt, sees the app's icon and calls every
// tool through the shared exerciseEveryTool. Connect and ready times are printed, never asserted.
import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio'
import { SHARED_MISSING_REASON, sharedDir } from '@wiki/test-utils'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BIN, exerciseEveryTool } from './helpers.js'

const shared = sharedDir()
const dir = shared && join(shared, 'arch-fixtures')
const TOKEN = 'e2e-modern-token-0123456789abcdef'
const ICON_SVG = readFileSync(new URL('../../icon.svg', import.meta.url))

type Mode = 'pinned' | 'auto' | 'legacy'
const MODES: Mode[] = ['pinned', 'auto', 'legacy']
const ERA: Record<Mode, [string, string]> = {
  pinned: ['modern', '2026-07-28'],
  auto: ['modern', '2026-07-28'],
  legacy: ['legacy', '2025-11-25'],
}
const timings: string[] = []

function newClient(mode: Mode): Client {
  const info = { name: `arch-e2e-${mode}`, version: '1.0.0' }
  if (mode === 'legacy') return new Client(info)
  return new Client(info, {
    versionNegotiation: { mode: mode === 'auto' ? 'auto' : { pin: '2026-07-28' } },
  })
}

/**
 * Connects and lists the tools, timing both: over stdio a negotiating client probes on a spare
 * process and starts the session's own process only after, so its first answer, not `connect`,
 * shows when the server is ready.
 */
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

/** Checks the era and the icon, lists, then calls every tool; returns the names listed. */
async function session(client: Client, mode: Mode): Promise<string[]> {
  expect([client.getProtocolEra(), client.getNegotiatedProtocolVersion()]).toEqual(ERA[mode])
  const icon = client.getServerVersion()?.icons?.[0]
  expect(icon?.mimeType).toBe('image/svg+xml')
  expect(Buffer.from(icon!.src.replace(/^data:image\/svg\+xml;base64,/, ''), 'base64')).toEqual(
    ICON_SVG,
  )
  const { tools } = await client.listTools()
  expect(tools).toHaveLength(15)
  const { prompts } = await client.listPrompts()
  expect(prompts.map((prompt) => prompt.name)).toEqual(['arch-wiki-usage'])
  await exerciseEveryTool((name, args) => client.callTool({ name, arguments: args }) as never)
  return tools.map((tool) => tool.name).sort()
}

const TOOLS = [
  'backlinks',
  'categories',
  'category',
  'commands',
  'diff',
  'history',
  'links',
  'page',
  'recent_changes',
  'recheck',
  'search',
  'section',
  'sections',
  'verify',
  'warnings',
]

afterAll(() => {
  if (timings.length > 0) {
    process.stdout.write(`arch-wiki-mcp connect times, SDK v2 (this run):\n${timings.join('\n')}\n`)
  }
})

describe.skipIf(!dir)(`arch-wiki-mcp, SDK v2 client ${dir ? '' : SHARED_MISSING_REASON}`, () => {
  describe.each(MODES)('%s', (mode) => {
    it('over stdio: lists and calls every tool', async () => {
      const client = newClient(mode)
      await connect(
        client,
        new StdioClientTransport({
          command: process.execPath,
          args: [BIN, '--stdio'],
          env: { PATH: process.env.PATH ?? '', ARCH_WIKI_OFFLINE: dir as string },
          stderr: 'pipe',
        }),
        `stdio ${mode}`,
      )
      try {
        expect(await session(client, mode)).toEqual(TOOLS)
      } finally {
        await client.close()
      }
    })
  })

  describe('over HTTP', () => {
    let child: ChildProcess
    let url: string
    beforeAll(async () => {
      child = spawn(process.execPath, [BIN, '--http', '--http-port', '0'], {
        env: {
          PATH: process.env.PATH ?? '',
          ARCH_WIKI_OFFLINE: dir as string,
          MCP_HTTP_TOKEN: TOKEN,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      url = await new Promise<string>((resolve, reject) => {
        let stderr = ''
        child.stderr?.on('data', (chunk: Buffer) => {
          stderr += chunk.toString()
          const match = /(http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(stderr)
          if (match) resolve(match[1]!)
        })
        child.on('exit', (code) => reject(new Error(`exited ${code}: ${stderr}`)))
      })
    })
    afterAll(async () => {
      const exited = new Promise((resolve) => child.on('exit', resolve))
      child.kill('SIGTERM')
      await exited
    })

    it.each(MODES)('%s: lists and calls every tool', async (mode) => {
      const client = newClient(mode)
      await connect(
        client,
        new StreamableHTTPClientTransport(new URL(url), {
          requestInit: { headers: { Authorization: `Bearer ${TOKEN}` } },
        }),
        `http ${mode}`,
      )
      try {
        expect(await session(client, mode)).toEqual(TOOLS)
      } finally {
        await client.close()
      }
    })
  })
})
