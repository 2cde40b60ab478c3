import { afterEach, describe, expect, it } from 'vitest'
import {
  createMarkdownFolderSource,
  type MarkdownFolderSource,
} from '@wiki/wiki-adapters/markdown-folder'
import { itPage, makeWiki } from './markdown-folder/helpers.js'

let cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups) await cleanup()
  cleanups = []
})

async function open(
  files: Record<string, string>,
  options: { watch?: boolean } = {},
): Promise<{ source: MarkdownFolderSource; wiki: string }> {
  const made = await makeWiki(files)
  const source = await createMarkdownFolderSource({
    wikiPath: made.wiki,
    rawPath: made.raw,
    timeZone: 'UTC',
    watch: options.watch ?? false,
  })
  cleanups.push(async () => {
    await source.close()
    await made.cleanup()
  })
  return { source, wiki: made.wiki }
}

describe('search ranking', () => {
  it('scores BM25F: weighted, length-normalised field counts, saturated once, times idf', async () => {
    const { source } = await open({
      'a.md': itPage('Gatto', 'Il gatto dorme.', { tags: '[animale]' }),
      'b.md': itPage('Cane', 'Un gatto e un cane.', { tags: '[gatto]' }),
      'c.md': itPage('Pesce', 'Nessun felino qui.'),
    })
    const result = await source.search({ q: 'gatto' })
    expect(result.mode).toBe('ranked')
    // N = 3, df = 2; titles and tags are one word each (average 1), bodies hold 3, 3 and 4
    // indexed words (the H1 counts in the body; stop words and one-letter words do not)
    const idf = Math.log(1 + (3 - 2 + 0.5) / (2 + 0.5))
    const bodyNorm = 0.25 + (0.75 * 3) / (10 / 3)
    const bm25 = (tf: number): number => (idf * tf * 2.2) / (tf + 1.2)
    // a: title weight 3 (norm 1) + body 2 occurrences; b: tag weight 1.5 + body 1 occurrence
    const a = bm25(3 + 2 / bodyNorm)
    const b = bm25(1.5 + 1 / bodyNorm)
    expect(result.results.map((hit) => hit.slug)).toEqual(['a', 'b'])
    expect(result.results[0]?.score).toBeCloseTo(a, 10)
    expect(result.results[1]?.score).toBeCloseTo(b, 10)
    expect(result.total).toBe(2)
    expect(result.truncated).toBe(false)
  })

  it('folds accents and drops stop words and one-character tokens', async () => {
    const { source } = await open({
      'entita.md': itPage('Entità giuridica', 'Una entità è un soggetto.'),
      'altro.md': itPage('Altro', 'della della della'),
    })
    const folded = await source.search({ q: 'ENTITA' })
    expect(folded.results.map((hit) => hit.slug)).toEqual(['entita'])
    const stop = await source.search({ q: 'della e' })
    expect(stop.mode).toBe('substring')
  })

  it('orders ties by slug and applies topK, total and truncated', async () => {
    const { source } = await open({
      'z.md': itPage('Zeta', 'parola'),
      'y.md': itPage('Ypsilon', 'parola'),
      'x.md': itPage('Ics', 'parola'),
    })
    const result = await source.search({ q: 'parola', topK: 2 })
    expect(result.results.map((hit) => hit.slug)).toEqual(['x', 'y'])
    expect(result.total).toBe(3)
    expect(result.truncated).toBe(true)
  })

  it('filters by type, status and case-insensitive tag, and lists all without q', async () => {
    const { source } = await open({
      'a.md': itPage('A', 'uno', { tipo: 'procedura', tags: '[Rete]' }),
      'b.md': itPage('B', 'uno', { stato: 'bozza' }),
      'index.md': '# Indice\n',
    })
    expect((await source.search({ type: 'procedura' })).results.map((h) => h.slug)).toEqual(['a'])
    expect((await source.search({ status: 'bozza' })).results.map((h) => h.slug)).toEqual(['b'])
    expect((await source.search({ tag: 'rete' })).results.map((h) => h.slug)).toEqual(['a'])
    const all = await source.search({})
    expect(all.mode).toBe('all')
    expect(all.results.map((h) => h.slug)).toEqual(['a', 'b', 'index'])
    expect(all.results[0]?.score).toBeUndefined()
  })

  it('falls back to folded substring search when no token is usable', async () => {
    const { source } = await open({
      'a.md': itPage('A', 'si va in città'),
      'b.md': itPage('B', 'niente'),
    })
    const result = await source.search({ q: 'in' })
    expect(result.mode).toBe('substring')
    expect(result.results.map((h) => h.slug)).toEqual(['a'])
    expect(result.results[0]?.snippet).toContain('in città')
  })

  it('cuts snippets 60 characters around the earliest folded substring match', async () => {
    const long = `${'x'.repeat(100)} Testing ${'y'.repeat(100)}`
    const { source } = await open({ 'a.md': itPage('A', long) })
    const hit = (await source.search({ q: 'testing' })).results[0]
    expect(hit?.snippet?.startsWith('…')).toBe(true)
    expect(hit?.snippet?.endsWith('…')).toBe(true)
    expect(hit?.snippet).toContain('Testing')
    expect(hit?.snippet).toBe(`…${'x'.repeat(59)} Testing ${'y'.repeat(59)}…`)
  })

  it('keeps only schema keys in items, lists default to [], unquoted dates stay strings', async () => {
    const { source } = await open({
      'a.md': '---\ntipo: concetto\naggiornato: 2026-08-22\nextra: 1\n---\n# A\n',
    })
    const item = (await source.search({})).results[0]
    expect(item?.frontmatter).toEqual({
      tipo: 'concetto',
      aggiornato: '2026-08-22',
      tags: [],
      fonti: [],
    })
    const page = await source.readPage('a')
    expect(page.frontmatter).toEqual({ tipo: 'concetto', aggiornato: '2026-08-22', extra: 1 })
  })
})

describe('freshness', () => {
  it('sees external edits, additions and deletions (poll mode) and re-reads only changed files', async () => {
    const { writeFile, rm } = await import('node:fs/promises')
    const path = await import('node:path')
    const { source, wiki } = await open({
      'a.md': itPage('A', 'alpha'),
      'b.md': itPage('B', 'beta'),
    })
    expect(source.mode).toBe('poll')
    const before = source.fileReads
    await writeFile(path.join(wiki, 'a.md'), itPage('A', 'gamma'))
    expect((await source.search({ q: 'gamma' })).results.map((h) => h.slug)).toEqual(['a'])
    expect(source.fileReads).toBe(before + 1)
    await writeFile(path.join(wiki, 'c.md'), itPage('C', 'delta'))
    await rm(path.join(wiki, 'b.md'))
    expect((await source.search({})).results.map((h) => h.slug)).toEqual(['a', 'c'])
  })

  it('sees an external edit through the watcher', async () => {
    const { writeFile } = await import('node:fs/promises')
    const path = await import('node:path')
    const { source, wiki } = await open(
      { 'a.md': itPage('A', 'alpha'), 'b.md': itPage('B', 'beta') },
      { watch: true },
    )
    expect(source.mode).toBe('watch')
    const before = source.fileReads
    await writeFile(path.join(wiki, 'a.md'), itPage('A', 'omega'))
    let hits: string[] = []
    for (let i = 0; i < 50 && hits.length === 0; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20))
      hits = (await source.search({ q: 'omega' })).results.map((h) => h.slug)
    }
    expect(hits).toEqual(['a'])
    expect(source.fileReads).toBe(before + 1)
  })
})
