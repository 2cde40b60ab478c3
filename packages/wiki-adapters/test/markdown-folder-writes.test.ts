import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  createMarkdownFolderSource,
  type MarkdownFolderSource,
} from '@wiki/wiki-adapters/markdown-folder'
import { caught, itPage, makeWiki, sha256, treeHash } from './markdown-folder/helpers.js'

let made: Awaited<ReturnType<typeof makeWiki>>
let source: MarkdownFolderSource
const original = itPage('Esistente', 'vecchio testo')

beforeEach(async () => {
  made = await makeWiki({ 'esistente.md': original, 'log.md': '# Log\n' })
  source = await createMarkdownFolderSource({
    wikiPath: made.wiki,
    rawPath: made.raw,
    timeZone: 'UTC',
    watch: false,
  })
})
afterEach(async () => {
  await source.close()
  await made.cleanup()
})

const fm = (lines: string): string => `---\n${lines}\n---\n# T\n`
const base = {
  tipo: 'tipo: concetto',
  tags: 'tags: [a]',
  fonti: 'fonti: []',
  aggiornato: 'aggiornato: 2026-08-22',
  stato: 'stato: stabile',
}
const without = (key: keyof typeof base): string =>
  fm(
    Object.entries(base)
      .filter(([k]) => k !== key)
      .map(([, v]) => v)
      .join('\n'),
  )
const replaced = (key: keyof typeof base, line: string): string =>
  fm(
    Object.entries(base)
      .map(([k, v]) => (k === key ? line : v))
      .join('\n'),
  )

const badFrontmatter: [string, string, string][] = [
  ['tipo missing', without('tipo'), 'tipo'],
  ['tags missing', without('tags'), 'tags'],
  ['fonti missing', without('fonti'), 'fonti'],
  ['aggiornato missing', without('aggiornato'), 'aggiornato'],
  ['stato missing', without('stato'), 'stato'],
  ['wrong tipo enum', replaced('tipo', 'tipo: concept'), 'tipo'],
  ['tipo case differs', replaced('tipo', 'tipo: Concetto'), 'tipo'],
  ['wrong stato enum', replaced('stato', 'stato: draft'), 'stato'],
  ['no tags', replaced('tags', 'tags: []'), 'tags'],
  ['tags as a string', replaced('tags', 'tags: rete'), 'tags'],
  ['tags with a number', replaced('tags', 'tags: [1]'), 'tags'],
  ['fonti as a string', replaced('fonti', 'fonti: raw/x.md'), 'fonti'],
  ['date 22/08/2026', replaced('aggiornato', 'aggiornato: 22/08/2026'), 'aggiornato'],
  ['date 2026-8-2', replaced('aggiornato', 'aggiornato: 2026-8-2'), 'aggiornato'],
  ['date as a number', replaced('aggiornato', 'aggiornato: 20260822'), 'aggiornato'],
  ['unclosed fence', `---\ntipo: concetto\n# T\n`, '(yaml)'],
  ['YAML syntax error', replaced('tags', 'tags: [a'), '(yaml)'],
  ['duplicate key', fm(`${Object.values(base).join('\n')}\ntipo: analisi`), '(yaml)'],
  ['root a list', fm('- a\n- b'), '(root)'],
  ['!!binary', replaced('fonti', 'fonti: !!binary aGVsbG8='), '(yaml)'],
  ['!!set', replaced('fonti', 'fonti: !!set {a}'), '(yaml)'],
  ['custom tag', replaced('stato', 'stato: !mine stabile'), '(yaml)'],
  ['no block at all', '# Solo testo\n', 'tipo'],
]

describe('frontmatter validation before any disk access', () => {
  it.each(badFrontmatter)(
    '%s → invalid_frontmatter naming %s; nothing changes',
    async (_name, content, field) => {
      const before = await treeHash(made.wiki)
      const mtime = (await stat(path.join(made.wiki, 'esistente.md'))).mtimeMs
      for (const target of ['esistente.md', 'nuova/cartella/pagina.md']) {
        const error = await caught(source.writePage({ path: target, content }))
        expect(error.code).toBe('invalid_frontmatter')
        const issues = error.data?.issues as { field: string }[]
        expect(issues.map((i) => i.field)).toContain(field)
        expect(error.message).toContain(`Invalid frontmatter in ${target}: ${field}`)
      }
      expect(await treeHash(made.wiki)).toBe(before)
      expect((await stat(path.join(made.wiki, 'esistente.md'))).mtimeMs).toBe(mtime)
    },
  )

  it('lists every problem at once', async () => {
    const error = await caught(
      source.writePage({ path: 'x.md', content: fm('tipo: concept\ntags: []') }),
    )
    const issues = error.data?.issues as { field: string; problem: string }[]
    expect(issues.map((i) => i.field)).toEqual(['tipo', 'tags', 'fonti', 'aggiornato', 'stato'])
    expect(error.message).toContain(
      'tipo: must be one of concetto|soggetto|procedura|normativa|entita|analisi (got "concept"); tags: must contain at least 1 item',
    )
  })

  it('lets exempt service pages skip the schema but not YAML validity', async () => {
    await source.writePage({ path: 'index.md', content: '# Indice\n\n- [[esistente]]\n' })
    const error = await caught(
      source.writePage({ path: 'index.md', content: '---\n- a\n---\n# Indice\n' }),
    )
    expect(error.code).toBe('invalid_frontmatter')
  })

  it('English preset validates English keys', async () => {
    const { frontmatterPresets } = await import('@wiki/wiki-adapters/markdown-folder')
    const en = await createMarkdownFolderSource({
      wikiPath: made.wiki,
      schema: frontmatterPresets.en,
      watch: false,
    })
    const good =
      '---\ntype: concept\ntags: [a]\nsources: []\nupdated: 2026-01-02\nstatus: draft\n---\n# E\n'
    expect((await en.writePage({ path: 'en.md', content: good })).created).toBe(true)
    const error = await caught(
      en.writePage({ path: 'en2.md', content: good.replace('draft', 'bozza') }),
    )
    expect(error.data?.issues).toEqual([
      { field: 'status', problem: 'must be one of draft|stable|needs-review (got "bozza")' },
    ])
    await en.close()
  })
})

describe('conditional writes', () => {
  it('writes bytes exactly as given and reports sha256, created and bytes', async () => {
    const content = itPage('Nuova', 'città\r\nsenza newline finale')
    const result = await source.writePage({ path: 'a/b/nuova.md', content })
    expect(result).toEqual({
      success: true,
      path: 'a/b/nuova.md',
      sha256: sha256(content),
      created: true,
      bytes: Buffer.byteLength(content),
    })
    expect(await readFile(path.join(made.wiki, 'a/b/nuova.md'), 'utf8')).toBe(content)
    expect((await source.search({ q: 'città' })).results.map((h) => h.slug)).toEqual(['a/b/nuova'])
  })

  it('"" creates only; 64 and 12 hex must match; a missing file with a checksum conflicts', async () => {
    const current = sha256(original)
    const created = await caught(
      source.writePage({ path: 'esistente.md', content: original, expectedChecksum: '' }),
    )
    expect(created.code).toBe('conflict')
    expect(created.data).toEqual({ path: 'esistente.md', currentSha256: current })
    const stale = await caught(
      source.writePage({
        path: 'esistente.md',
        content: original,
        expectedChecksum: 'f'.repeat(64),
      }),
    )
    expect(stale.code).toBe('conflict')
    expect(stale.message).toContain('re-read')
    expect(stale.message).not.toMatch(/wiki[A-Z]/)
    const next = itPage('Esistente', 'nuovo')
    expect(
      (await source.writePage({ path: 'esistente.md', content: next, expectedChecksum: current }))
        .created,
    ).toBe(false)
    expect(
      (
        await source.writePage({
          path: 'esistente.md',
          content: original,
          expectedChecksum: sha256(next).slice(0, 12),
        })
      ).sha256,
    ).toBe(current)
    const missing = await caught(
      source.writePage({ path: 'assente.md', content: original, expectedChecksum: current }),
    )
    expect(missing.data).toEqual({ path: 'assente.md', currentSha256: null })
  })

  it('refuses content over 200,000 characters and malformed checksums', async () => {
    expect(
      (await caught(source.writePage({ path: 'x.md', content: 'x'.repeat(200_001) }))).code,
    ).toBe('too_large')
    expect(
      (await caught(source.writePage({ path: 'x.md', content: original, expectedChecksum: 'ABC' })))
        .code,
    ).toBe('invalid_arguments')
  })

  it('leaves no temp file or lock folder behind', async () => {
    await source.writePage({ path: 'esistente.md', content: itPage('Esistente', 'due') })
    expect((await readdir(made.wiki)).sort()).toEqual(['esistente.md', 'log.md'])
  })

  it('round trip: read fileText, edit, write with sha256 keeps every key', async () => {
    await writeFile(
      path.join(made.wiki, 'extra.md'),
      original.replace('stato: stabile', 'stato: stabile\nautore: Ada'),
    )
    const page = await source.readPage('extra')
    const edited = page.fileText.replace('vecchio testo', 'testo rivisto')
    await source.writePage({ path: page.path, content: edited, expectedChecksum: page.sha256 })
    const again = await source.readPage('extra')
    expect(again.frontmatter).toEqual(page.frontmatter)
    expect(again.content).toContain('testo rivisto')
  })
})

describe('appendLog', () => {
  it('builds the dated header, separates entries by a blank line and warns on free entries without header', async () => {
    const first = await source.appendLog({
      kind: 'ingest',
      title: 'Articolo',
      body: '- Pagine create: [[a]]',
    })
    const today = new Date().toISOString().slice(0, 10)
    expect(first.header).toBe(`## [${today}] ingest | Articolo`)
    expect(first.created).toBe(false)
    const second = await source.appendLog({ entry: 'nota libera' })
    expect(second.warning).toContain('## [YYYY-MM-DD]')
    const text = await readFile(path.join(made.wiki, 'log.md'), 'utf8')
    expect(text).toBe(
      `# Log\n\n## [${today}] ingest | Articolo\n\n- Pagine create: [[a]]\n\nnota libera\n`,
    )
    expect(second.sha256).toBe(sha256(text))
  })

  it('creates a missing log.md and refuses multi-line titles and huge entries', async () => {
    const { rm } = await import('node:fs/promises')
    await rm(path.join(made.wiki, 'log.md'))
    expect((await source.appendLog({ kind: 'lint', title: 'Controllo' })).created).toBe(true)
    expect((await caught(source.appendLog({ kind: 'lint', title: 'a\nb' }))).code).toBe(
      'invalid_arguments',
    )
    expect((await caught(source.appendLog({ entry: 'x'.repeat(32_001) }))).code).toBe('too_large')
  })
})
