import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { startMediaWiki, type LocalMediaWiki } from '../src/index.js'

// One private wiki for the whole file: installing one takes a couple of seconds.
describe('startMediaWiki', () => {
  let wiki: LocalMediaWiki

  beforeAll(async () => {
    wiki = await startMediaWiki()
  })
  afterAll(async () => {
    await wiki.stop()
  })

  it('serves api.php on 127.0.0.1 with the requested extensions loaded', async () => {
    expect(wiki.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(wiki.apiUrl).toBe(`${wiki.url}/api.php`)
    const json = (await wiki.api({
      action: 'query',
      meta: 'siteinfo',
      siprop: 'general|extensions',
    })) as {
      query: { general: { server: string; dbtype: string }; extensions: { name: string }[] }
    }
    expect(json.query.general.server).toBe(wiki.url)
    expect(json.query.general.dbtype).toBe('sqlite')
    const names = json.query.extensions.map((extension) => extension.name)
    for (const name of ['Cite', 'ParserFunctions']) expect(names).toContain(name)
    expect(wiki.extensions).toContain('Cite')
  })

  it('saves a page and reads the same wikitext back through api.php', async () => {
    const text = '== Héading 𝔸 ==\nSome {{ic|text}} with 100% & <nowiki>[[x]]</nowiki>.\n'
    const revid = await wiki.edit('Probe page', text)
    expect(revid).toBeGreaterThan(0)
    const json = (await wiki.api({
      action: 'parse',
      page: 'Probe_page',
      prop: 'wikitext|revid|sections',
    })) as { parse: { title: string; revid: number; wikitext: { '*': string } } }
    expect(json.parse.title).toBe('Probe page')
    expect(json.parse.revid).toBe(revid)
    // MediaWiki strips the trailing newline when it saves.
    expect(json.parse.wikitext['*']).toBe(text.trimEnd())
  })

  it('gives a new revid to a second edit of the same page', async () => {
    const first = await wiki.edit('Twice', 'one')
    const second = await wiki.edit('Twice', 'two')
    expect(second).toBeGreaterThan(first)
  })

  it('gives each start its own database, even when started together', async () => {
    const [a, b] = await Promise.all([startMediaWiki(), startMediaWiki()])
    try {
      expect(a.url).not.toBe(b.url)
      await a.edit('Only in A', 'text')
      const inA = (await a.api({ action: 'query', titles: 'Only in A' })) as {
        query: { pages: Record<string, { missing?: string }> }
      }
      const inB = (await b.api({ action: 'query', titles: 'Only in A' })) as typeof inA
      expect(Object.values(inA.query.pages)[0]?.missing).toBeUndefined()
      expect(Object.values(inB.query.pages)[0]?.missing).toBe('')
      const siteB = (await b.api({ action: 'query', meta: 'siteinfo' })) as {
        query: { general: { server: string } }
      }
      expect(siteB.query.general.server).toBe(b.url)
    } finally {
      await Promise.all([a.stop(), b.stop()])
    }
  })

  it('stops the server and removes its folder', async () => {
    const other = await startMediaWiki()
    expect(existsSync(join(other.dir, 'LocalSettings.php'))).toBe(true)
    await other.stop()
    expect(existsSync(other.dir)).toBe(false)
    await expect(fetch(other.apiUrl)).rejects.toThrow()
    await other.stop()
  })
})
