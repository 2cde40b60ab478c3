// Every tool through the official SDK client over stdio, and the read and raw tools over HTTP:
// a success and an error each, results checked for their shape.
import { execFileSync } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  call,
  connectHttp,
  connectStdio,
  copyFixture,
  newToken,
  startHttp,
  type HttpServer,
} from './helpers.js'

type Case = [
  tool: string,
  args: Record<string, unknown>,
  check: (value: Record<string, unknown>) => void,
]
type ErrorCase = [tool: string, args: Record<string, unknown>, code: string]

const READ_SUCCESSES: Case[] = [
  [
    'wikiSearch',
    { q: 'dns', topK: 3 },
    (v) => {
      expect(v.mode).toBe('ranked')
      expect((v.results as { slug: string }[])[0]?.slug).toBe('concetti/dns')
    },
  ],
  ['wikiSearch', { tipo: 'procedura' }, (v) => expect(v.total).toBe(2)],
  [
    'wikiListPages',
    { categoria: 'entita' },
    (v) =>
      expect((v.pages as { slug: string }[]).map((p) => p.slug)).toEqual([
        'entita/nas',
        'entita/router',
      ]),
  ],
  [
    'wikiReadPage',
    { slug: 'index' },
    (v) => {
      expect(v.path).toBe('index.md')
      expect(v.sha256).toMatch(/^[0-9a-f]{64}$/)
      expect(v.links).toContain('concetti/dns')
    },
  ],
  [
    'wikiGraph',
    {},
    (v) => {
      expect(v.broken).toEqual([{ target: 'registro-backup', sources: ['procedure/backup-nas'] }])
      expect(JSON.stringify(v.forward)).not.toContain('non-un-link')
    },
  ],
  [
    'wikiStatus',
    {},
    (v) => {
      expect(v.totalPages).toBe(12)
      expect(v.byTipo).toMatchObject({
        concetto: 3,
        entita: 2,
        procedura: 2,
        analisi: 1,
        'senza-tipo': 4,
      })
    },
  ],
]
const READ_ERRORS: ErrorCase[] = [
  ['wikiSearch', { tipo: 'concept' }, 'invalid_arguments'],
  ['wikiListPages', { categoria: '../x' }, 'invalid_path'],
  ['wikiReadPage', { slug: 'assente' }, 'not_found'],
  ['wikiGraph', { slug: '../etc' }, 'invalid_path'],
  ['wikiStatus', { extra: 1 }, 'invalid_arguments'],
]
const RAW_SUCCESSES: Case[] = [
  [
    'wikiListRaw',
    {},
    (v) =>
      expect((v.files as { filename: string }[]).map((f) => f.filename)).toEqual([
        'articoli/dns-locale.md',
        'documenti/scheda-router.pdf',
        'note/riunione-2026-04.txt',
      ]),
  ],
  [
    'wikiReadRaw',
    { filename: 'raw/documenti/scheda-router.pdf' },
    (v) => {
      expect(v.kind).toBe('pdf')
      expect(v.content).toContain('RT-100')
    },
  ],
  ['wikiChecksum', { path: 'raw/note/riunione-2026-04.txt' }, (v) => expect(v.root).toBe('raw')],
  [
    'wikiRawDiff',
    { filename: 'articoli/dns-locale.md' },
    (v) =>
      expect(v).toMatchObject({ changed: false, note: 'unchanged since the registered ingest' }),
  ],
]
const RAW_ERRORS: ErrorCase[] = [
  ['wikiListRaw', { limit: 0 }, 'invalid_arguments'],
  ['wikiReadRaw', { filename: '../wiki/index.md' }, 'invalid_path'],
  ['wikiChecksum', { path: 'nessuno.md' }, 'not_found'],
  ['wikiRawDiff', { filename: 'nessuno.md' }, 'not_found'],
]

describe('every tool over stdio', () => {
  let client: Client
  let close: () => Promise<void>
  let fixture: Awaited<ReturnType<typeof copyFixture>>
  beforeAll(async () => {
    fixture = await copyFixture()
    ;({ client, close } = await connectStdio({
      WIKI_PATH: fixture.wiki,
      RAW_PATH: fixture.raw,
      WIKI_TZ: 'UTC',
    }))
    await client.listTools() // lets the SDK validate structuredContent against each outputSchema
  })
  afterAll(async () => {
    await close()
    await fixture.cleanup()
  })

  it.each([...READ_SUCCESSES, ...RAW_SUCCESSES])('%s succeeds', async (tool, args, check) => {
    const result = await call(client, tool, args)
    expect(result.ok ? 'ok' : JSON.stringify(result.error)).toBe('ok')
    if (result.ok) check(result.value)
  })

  it.each([...READ_ERRORS, ...RAW_ERRORS])(
    '%s fails with a coded error',
    async (tool, args, code) => {
      const result = await call(client, tool, args)
      const error = result.ok ? undefined : result.error
      expect(error?.code).toBe(code)
      expect(error?.message).not.toContain(fixture.base)
    },
  )

  it('wikiWritePage: read → modify → write keeps every frontmatter key; stale checksum → conflict', async () => {
    const read = await call(client, 'wikiReadPage', { slug: 'entita/nas', full: true })
    if (!read.ok) throw new Error('read failed')
    const edited = (read.value.fileText as string).replace('192.168.1.20', '192.168.1.21')
    const written = await call(client, 'wikiWritePage', {
      path: 'entita/nas.md',
      content: edited,
      expectedChecksum: read.value.sha256,
    })
    expect(written).toMatchObject({ ok: true, value: { success: true, created: false } })
    const again = await call(client, 'wikiReadPage', { slug: 'entita/nas' })
    if (!again.ok) throw new Error('re-read failed')
    expect(again.value.frontmatter).toEqual(read.value.frontmatter)
    expect(await readFile(path.join(fixture.wiki, 'entita/nas.md'), 'utf8')).toBe(edited)
    const stale = await call(client, 'wikiWritePage', {
      path: 'entita/nas.md',
      content: edited,
      expectedChecksum: read.value.sha256,
    })
    expect(stale.ok ? undefined : stale.error).toMatchObject({
      code: 'conflict',
      path: 'entita/nas.md',
      currentSha256: again.value.sha256,
    })
    expect(stale.ok ? undefined : stale.error.message).toContain(
      're-read it, merge, retry. wikiReadPage gives the current fileText and sha256.',
    )
  })

  it('errors say which tool to use next, which the adapter cannot know', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['wikiReadPage', { slug: 'assente' }, 'Search with wikiSearch or list with wikiListPages.'],
      ['wikiGraph', { slug: 'assente' }, 'Search with wikiSearch or list with wikiListPages.'],
      ['wikiListPages', { categoria: '../x' }, 'categoria must name a subfolder of wiki/'],
      ['wikiReadRaw', { filename: 'nessuno.md' }, 'List files with wikiListRaw.'],
      ['wikiRawDiff', { filename: 'nessuno.md' }, 'List files with wikiListRaw.'],
    ]
    for (const [tool, args, hint] of cases) {
      const result = await call(client, tool, args)
      expect({ tool, message: result.ok ? undefined : result.error.message }).toEqual({
        tool,
        message: expect.stringContaining(hint),
      })
    }
  })

  it('wikiWritePage refuses invalid frontmatter with issues', async () => {
    const result = await call(client, 'wikiWritePage', {
      path: 'concetti/nuovo.md',
      content: '---\ntipo: concept\n---\n# Nuovo\n',
    })
    expect(result.ok ? undefined : result.error).toMatchObject({
      code: 'invalid_frontmatter',
      path: 'concetti/nuovo.md',
    })
  })

  it('wikiAppendLog builds the dated header; both forms at once are refused', async () => {
    const ok = await call(client, 'wikiAppendLog', {
      kind: 'query',
      title: 'Prova',
      body: '- Pagine consultate: [[dns]]',
    })
    expect(ok).toMatchObject({ ok: true, value: { success: true, path: 'log.md', created: false } })
    const log = await readFile(path.join(fixture.wiki, 'log.md'), 'utf8')
    expect(log).toMatch(
      /\n\n## \[\d{4}-\d{2}-\d{2}\] query \| Prova\n\n- Pagine consultate: \[\[dns\]\]\n$/,
    )
    const both = await call(client, 'wikiAppendLog', { entry: 'x', kind: 'lint', title: 'y' })
    expect(both.ok ? undefined : both.error.code).toBe('invalid_arguments')
  })

  it('an unknown tool is a JSON-RPC error', async () => {
    await expect(client.callTool({ name: 'wikiDropTable', arguments: {} })).rejects.toThrow(
      /-32602|not found|unknown/i,
    )
  })

  it('wikiRawDiff follows the git history of raw/', async () => {
    const git = (...args: string[]) =>
      execFileSync('git', ['-C', fixture.base, ...args], {
        env: {
          ...process.env,
          GIT_AUTHOR_NAME: 't',
          GIT_AUTHOR_EMAIL: 't@example.org',
          GIT_COMMITTER_NAME: 't',
          GIT_COMMITTER_EMAIL: 't@example.org',
        },
      })
    git('init', '-q')
    git('add', 'raw')
    git('commit', '-q', '-m', 'sources')
    const file = path.join(fixture.raw, 'note/riunione-2026-04.txt')
    await writeFile(
      file,
      `${await readFile(file, 'utf8')}- Nuova decisione: DNS resta sul router.\n`,
    )
    const result = await call(client, 'wikiRawDiff', { filename: 'note/riunione-2026-04.txt' })
    if (!result.ok) throw new Error(JSON.stringify(result.error))
    expect(result.value).toMatchObject({ changed: true, base: { reason: 'registered' } })
    expect(result.value.diff).toContain('+- Nuova decisione: DNS resta sul router.')
  })
})

describe('read and raw tools over HTTP', () => {
  let server: HttpServer
  let client: Client
  let fixture: Awaited<ReturnType<typeof copyFixture>>
  beforeAll(async () => {
    fixture = await copyFixture()
    const token = newToken()
    server = await startHttp({
      WIKI_PATH: fixture.wiki,
      RAW_PATH: fixture.raw,
      MCP_HTTP_TOKEN: token,
      MCP_HTTP_EXPOSE_RAW: 'true',
      WIKI_TZ: 'UTC',
    })
    client = await connectHttp(server.url, token)
    await client.listTools()
  })
  afterAll(async () => {
    await client.close()
    await server.close()
    await fixture.cleanup()
  })

  it.each([...READ_SUCCESSES, ...RAW_SUCCESSES])('%s succeeds', async (tool, args, check) => {
    const result = await call(client, tool, args)
    expect(result.ok ? 'ok' : JSON.stringify(result.error)).toBe('ok')
    if (result.ok) check(result.value)
  })

  it.each([...READ_ERRORS, ...RAW_ERRORS])(
    '%s fails with a coded error',
    async (tool, args, code) => {
      const result = await call(client, tool, args)
      expect(result.ok ? undefined : result.error.code).toBe(code)
    },
  )

  it('write tools are unknown over HTTP', async () => {
    await expect(
      client.callTool({ name: 'wikiWritePage', arguments: { path: 'x.md', content: '# x' } }),
    ).rejects.toThrow()
    await expect(
      client.callTool({ name: 'wikiAppendLog', arguments: { entry: 'x' } }),
    ).rejects.toThrow()
  })
})
