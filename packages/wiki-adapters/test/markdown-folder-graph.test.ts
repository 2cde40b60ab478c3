import { afterEach, describe, expect, it } from 'vitest'
import { utimes } from 'node:fs/promises'
import path from 'node:path'
import {
  createMarkdownFolderSource,
  frontmatterPresets,
  parseFrontmatterSchema,
  WikiSourceError,
} from '@wiki/wiki-adapters/markdown-folder'
import { itPage, makeWiki } from './markdown-folder/helpers.js'

let cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups) await cleanup()
  cleanups = []
})

async function open(files: Record<string, string>, schema = frontmatterPresets.it) {
  const made = await makeWiki(files)
  const source = await createMarkdownFolderSource({
    wikiPath: made.wiki,
    rawPath: made.raw,
    timeZone: 'UTC',
    watch: false,
    schema,
  })
  cleanups.push(async () => {
    await source.close()
    await made.cleanup()
  })
  return { source, made }
}

describe('link extraction and resolution', () => {
  it('resolves exact, case-insensitive, basename and suffix targets; reports broken and ambiguous', async () => {
    const { source } = await open({
      'index.md': '# Index\n[[a/rete]] [[Rete]] [[b/Rete]]',
      'a/rete.md': itPage(
        'Rete A',
        'vedi [[protocollo|il protocollo]] e [[PROTOCOLLO#sezione]] e ![[immagine]]',
      ),
      'b/rete.md': itPage(
        'Rete B',
        'torna a [[a/rete]] e [manuale](../c/manuale.md "t") e [fuori](../../x.md) e [web](https://x.org/y.md)',
      ),
      'c/manuale.md': itPage(
        'Manuale',
        '```\n[[codice]]\n```\n`[[inline]]` e [[ /a/rete.md ]] e [[c/manuale]]',
      ),
      'protocollo.md': itPage('Protocollo', 'nessun link'),
    })
    const graph = await source.graph()
    expect(graph.forward).toEqual({
      'a/rete': ['protocollo', 'immagine'],
      'b/rete': ['a/rete', 'c/manuale'],
      'c/manuale': ['a/rete', 'c/manuale'],
      index: ['a/rete', 'Rete', 'b/rete'],
      protocollo: [],
    })
    expect(graph.broken).toEqual([{ target: 'immagine', sources: ['a/rete'] }])
    expect(graph.ambiguous).toEqual([
      { target: 'Rete', candidates: ['a/rete', 'b/rete'], sources: ['index'] },
    ])
    expect(graph.reverse.immagine).toEqual(['a/rete'])
    expect(graph.reverse['a/rete']).toEqual(['b/rete', 'c/manuale', 'index'])
    // c/manuale links only itself besides b/rete's link, so it is not an orphan; nothing links index
    expect(graph.orphans).toEqual([])
    expect(graph.counts).toEqual({ pages: 5, links: 9, orphans: 0, broken: 1, ambiguous: 1 })
    const page = await source.readPage('manuale')
    expect(page.links).toEqual(['a/rete', 'c/manuale'])
  })

  it('counts a page linked only by itself as an orphan, service pages never', async () => {
    const { source } = await open({
      'index.md': '# I',
      'solo.md': itPage('Solo', '[[solo]]'),
      'x.md': itPage('X', '[[solo]]'),
    })
    const graph = await source.graph()
    expect(graph.orphans).toEqual(['x'])
    const one = await source.graph({ slug: 'x' })
    expect(Object.keys(one.forward)).toEqual(['x'])
    expect(one.orphans).toEqual(['x'])
    expect(one.counts.pages).toBe(3)
  })

  it('caps keys and items with limit and reports truncated', async () => {
    const { source } = await open({
      'a.md': itPage('A', '[[b]] [[c]] [[d]]'),
      'b.md': itPage('B', ''),
      'c.md': itPage('C', ''),
    })
    const graph = await source.graph({ limit: 1 })
    expect(graph.truncated).toBe(true)
    expect(graph.forward).toEqual({ a: ['b'] })
    expect(graph.counts.pages).toBe(3)
  })
})

describe('readPage resolution', () => {
  it('finds exact, case-insensitive and basename slugs; several → ambiguous; none → not_found', async () => {
    const { source } = await open({
      'x/Uno.md': itPage('Uno', 'a'),
      'y/uno.md': itPage('uno', 'b'),
      'z/due.md': itPage('Due', 'c'),
    })
    expect((await source.readPage('x/Uno.md')).slug).toBe('x/Uno')
    expect((await source.readPage('Z/DUE')).slug).toBe('z/due')
    expect((await source.readPage('due')).slug).toBe('z/due')
    const ambiguous = await source.readPage('uno').catch((e: unknown) => e)
    expect(ambiguous).toBeInstanceOf(WikiSourceError)
    expect((ambiguous as WikiSourceError).data?.candidates).toEqual(['x/Uno', 'y/uno'])
    const missing = await source.readPage('tre').catch((e: unknown) => e)
    expect((missing as WikiSourceError).code).toBe('not_found')
    // the adapter knows no MCP: the app says which tool to use next
    expect((missing as WikiSourceError).message).toBe('No page "tre" in wiki/.')
  })

  it('cuts content and fileText at maxChars without splitting a surrogate pair', async () => {
    const body = `${'a'.repeat(1500)}😀${'b'.repeat(10)}`
    const { source } = await open({ 'p.md': `# P\n\n${body}` })
    const page = await source.readPage('p', { maxChars: 1506 })
    expect(page.truncated).toBe(true)
    expect(page.fileText.length).toBe(1505)
    expect(page.size).toBe(Buffer.byteLength(`# P\n\n${body}`))
  })

  it('keeps invalid frontmatter pages indexed with frontmatterError', async () => {
    const { source } = await open({ 'rotta.md': '---\ntipo: [\n---\n# Rotta\ncontenuto' })
    const page = await source.readPage('rotta')
    expect(page.frontmatter).toEqual({})
    expect(page.frontmatterError?.line).toBeGreaterThanOrEqual(2)
    expect((await source.search({ q: 'contenuto' })).results[0]?.frontmatterError).toBeDefined()
  })
})

describe('status', () => {
  it('counts by tipo and stato with senza- buckets and takes lastUpdated from the date field or mtime', async () => {
    const { source, made } = await open({
      'index.md': '# Indice',
      'a.md': itPage('A', '', { aggiornato: '2026-01-05' }),
      'b.md': itPage('B', '', { tipo: 'procedura', stato: 'bozza', aggiornato: '2026-03-01' }),
      'c.md': '---\ntipo: 3\naggiornato: not-a-date\n---\n# C',
    })
    const old = new Date('2020-01-01T00:00:00Z')
    for (const name of ['index.md', 'c.md']) await utimes(path.join(made.wiki, name), old, old)
    const status = await source.status()
    expect(status.totalPages).toBe(4)
    expect(status.buckets).toEqual({
      byTipo: { concetto: 1, 'senza-tipo': 2, procedura: 1 },
      byStato: { 'senza-stato': 2, bozza: 1, stabile: 1 },
    })
    expect(status.lastUpdated).toBe('2026-03-01')
  })

  it('uses no- and English bucket names with the en preset', async () => {
    const { source } = await open({ 'a.md': '# A' }, frontmatterPresets.en)
    const status = await source.status()
    expect(status.buckets).toEqual({ byType: { 'no-type': 1 }, byStatus: { 'no-status': 1 } })
  })
})

describe('custom schema', () => {
  const custom = {
    language: 'none',
    fields: [
      { key: 'kind', role: 'type', kind: 'enum', values: ['note', 'howto'], required: true },
      { key: 'labels', role: 'tags', kind: 'string-list', minItems: 0, required: false },
    ],
    exempt: ['README.md'],
    stopWords: ['zz'],
  }

  it('validates with the custom fields, stop words and bucket names', async () => {
    const schema = parseFrontmatterSchema(custom)
    const { source } = await open({ 'n.md': '---\nkind: note\n---\n# Nota\nzz parola' }, schema)
    expect((await source.search({ q: 'zz' })).mode).toBe('substring')
    expect((await source.status()).buckets).toEqual({ byKind: { note: 1 } })
    const error = await source
      .writePage({ path: 'x.md', content: '---\nkind: other\n---\n' })
      .catch((e: unknown) => e)
    expect((error as WikiSourceError).data?.issues).toEqual([
      { field: 'kind', problem: 'must be one of note|howto (got "other")' },
    ])
    expect((await source.writePage({ path: 'README.md', content: '# readme' })).created).toBe(true)
  })

  it('refuses unknown properties, duplicate keys and roles, wrong role kinds, empty enums and reserved keys with JSON pointers', () => {
    const bad = {
      language: 'xx',
      extra: 1,
      fields: [
        { key: 'q', role: 'type', kind: 'enum', values: [], required: true },
        { key: 'q', role: 'type', kind: 'string', required: true, other: 1 },
      ],
    }
    let message = ''
    try {
      parseFrontmatterSchema(bad)
    } catch (error) {
      message = (error as Error).message
    }
    for (const pointer of [
      '/extra',
      '/language',
      '/fields/0/values',
      '/fields/0/key',
      '/fields/1/key',
      '/fields/1/role',
      '/fields/1/other',
    ]) {
      expect(message).toContain(pointer)
    }
  })

  it('pins the presets: it is the reference schema, en has about 100 stop words', async () => {
    expect(frontmatterPresets.it.fields.map((f) => f.key)).toEqual([
      'tipo',
      'tags',
      'fonti',
      'aggiornato',
      'stato',
    ])
    expect(frontmatterPresets.en.fields.map((f) => f.key)).toEqual([
      'type',
      'tags',
      'sources',
      'updated',
      'status',
    ])
    const { source } = await open({ 'a.md': '# A\nthe of and' }, frontmatterPresets.en)
    expect((await source.search({ q: 'the of and' })).mode).toBe('substring')
  })
})
