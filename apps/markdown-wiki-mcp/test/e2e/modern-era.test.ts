// The built bin and the official SDK v2 client (2.4.0) in its three modes, over stdio and HTTP:
// pinned to MCP 2026-07-28, `auto` (which must settle on 2026-07-28 without falling back) and its
// legacy default. Every mode lists the tools, sees the app's icon and calls every tool the
// transport offers: all of them over stdio, the read and raw ones over HTTP. Connect and ready
// times are printed, never asserted.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  BIN,
  RAW_TOOLS,
  READ_TOOLS,
  WRITE_TOOLS,
  call,
  copyFixture,
  newToken,
  startHttp,
  type HttpServer,
} from './helpers.js'

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
  const info = { name: `markdown-wiki-e2e-${mode}`, version: '0.0.1' }
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

/** A successful call's structured result; the shared helper checks the result's shape. */
async function ok(client: Client, name: string, args: Record<string, unknown>) {
  const result = await call(client as never, name, args)
  if (!result.ok) throw new Error(`${name} failed: ${JSON.stringify(result.error)}`)
  return result.value
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
  expect(tools.map((tool) => tool.name).sort()).toEqual([...expected].sort())

  const called = new Set<string>()
  const use = async (name: string, args: Record<string, unknown>) => {
    called.add(name)
    return ok(client, name, args)
  }
  expect(
    ((await use('wikiSearch', { q: 'dns', topK: 3 })).results as { slug: string }[])[0]?.slug,
  ).toBe('concetti/dns')
  expect((await use('wikiListPages', { categoria: 'entita' })).pages).toHaveLength(2)
  const page = await use('wikiReadPage', { slug: 'entita/nas', full: true })
  expect(page.sha256).toMatch(/^[0-9a-f]{64}$/)
  expect((await use('wikiGraph', {})).broken).toEqual([
    { target: 'registro-backup', sources: ['procedure/backup-nas'] },
  ])
  expect((await use('wikiStatus', {})).totalPages).toBeGreaterThanOrEqual(12)
  expect((await use('wikiRecentChanges', { limit: 3 })).changes).toHaveLength(3)
  expect((await use('wikiListTags', {})).tags).toContainEqual({ tag: 'dns', count: 3 })
  expect((await use('wikiListRaw', {})).files).toHaveLength(3)
  expect(
    (await use('wikiReadRaw', { filename: 'raw/documenti/scheda-router.pdf' })).content,
  ).toContain('RT-100')
  expect((await use('wikiChecksum', { path: 'raw/note/riunione-2026-04.txt' })).root).toBe('raw')
  expect(await use('wikiRawDiff', { filename: 'articoli/dns-locale.md' })).toMatchObject({
    changed: false,
  })
  if (expected.includes('wikiWritePage')) {
    const edited = (page.fileText as string).replace(
      '192.168.1.20',
      `192.168.1.2${MODES.indexOf(mode)}`,
    )
    expect(
      await use('wikiWritePage', {
        path: 'entita/nas.md',
        content: edited,
        expectedChecksum: page.sha256,
      }),
    ).toMatchObject({ success: true, created: false })
    expect(
      await use('wikiAppendLog', { kind: 'query', title: `SDK v2 ${mode}`, body: '- prova' }),
    ).toMatchObject({ success: true, path: 'log.md' })
    expect(
      await use('wikiEditPage', {
        path: 'entita/nas.md',
        oldText: `192.168.1.2${MODES.indexOf(mode)}`,
        newText: '192.168.1.20',
      }),
    ).toMatchObject({ success: true, replacements: 1 })
    expect(
      await use('wikiMovePage', { from: 'entita/router', to: `entita/router-${mode}.md` }),
    ).toMatchObject({ success: true })
    await use('wikiWritePage', { path: `prova-${mode}.md`, content: page.fileText })
    expect(await use('wikiDeletePage', { path: `prova-${mode}.md` })).toMatchObject({
      brokenBacklinks: [],
    })
  }
  return [...called].sort()
}

afterAll(() => {
  if (timings.length > 0) {
    process.stdout.write(
      `markdown-wiki-mcp connect times, SDK v2 (this run):\n${timings.join('\n')}\n`,
    )
  }
})

describe.each(MODES)('markdown-wiki-mcp, SDK v2 client %s', (mode) => {
  it('over stdio: lists and calls every tool', async () => {
    const fixture = await copyFixture()
    const client = newClient(mode)
    try {
      await connect(
        client,
        new StdioClientTransport({
          command: process.execPath,
          args: [BIN],
          env: {
            PATH: process.env.PATH ?? '',
            WIKI_PATH: fixture.wiki,
            RAW_PATH: fixture.raw,
            WIKI_TZ: 'UTC',
          },
          stderr: 'pipe',
        }),
        `stdio ${mode}`,
      )
      const all = [...READ_TOOLS, ...WRITE_TOOLS, ...RAW_TOOLS]
      expect(await session(client, mode, all)).toEqual([...all].sort())
      expect(readFileSync(path.join(fixture.wiki, 'log.md'), 'utf8')).toContain(
        `query | SDK v2 ${mode}`,
      )
    } finally {
      await client.close()
      await fixture.cleanup()
    }
  })

  describe('over HTTP', () => {
    let server: HttpServer
    let token: string
    let fixture: Awaited<ReturnType<typeof copyFixture>>
    beforeAll(async () => {
      fixture = await copyFixture()
      token = newToken()
      server = await startHttp({
        WIKI_PATH: fixture.wiki,
        RAW_PATH: fixture.raw,
        MCP_HTTP_TOKEN: token,
        MCP_HTTP_EXPOSE_RAW: 'true',
        WIKI_TZ: 'UTC',
      })
    })
    afterAll(async () => {
      await server.close()
      await fixture.cleanup()
    })

    it('lists and calls the nine read and raw tools', async () => {
      const client = newClient(mode)
      try {
        await connect(
          client,
          new StreamableHTTPClientTransport(new URL(server.url), {
            requestInit: { headers: { Authorization: `Bearer ${token}` } },
          }),
          `http ${mode}`,
        )
        const served = [...READ_TOOLS, ...RAW_TOOLS]
        expect(await session(client, mode, served)).toEqual([...served].sort())
      } finally {
        await client.close()
      }
    })
  })
})
