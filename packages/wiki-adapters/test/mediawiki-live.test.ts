import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startMediaWiki, type LocalMediaWiki } from '@wiki/test-utils'
import type { WikiSourceError } from '@wiki/wiki-adapters/mediawiki'
import {
  createMediaWikiSource,
  recordMediaWiki,
  type MediaWikiSource,
} from '@wiki/wiki-adapters/mediawiki'
import { directoryStore } from './mediawiki/helpers.js'

// Pages the project writes itself into a private MediaWiki (Debian package, SQLite, php -S).
describe('createMediaWikiSource against a real MediaWiki', () => {
  let wiki: LocalMediaWiki
  const revids = new Map<string, number>()
  const fresh = (): MediaWikiSource =>
    createMediaWikiSource({ apiUrl: wiki.apiUrl, userAgent: 'wiki-mcp-tests/0 (+local)' })

  beforeAll(async () => {
    wiki = await startMediaWiki()
    const pages: [string, string][] = [
      ['Template:Warning (Français)', '<strong>Attention :</strong> {{{1}}}'],
      ['Template:Note', "'''Note:''' {{{1}}}"],
      ['Template:Tip', "'''Tip:''' {{{1}}}"],
      ['Template:Attention', '#REDIRECT [[Template:Warning (Français)]]'],
      ['Template:SoftWarn', '#REDIRECT [[Template:Attention]]'],
      ['Template:BigTip Alias', '#REDIRECT [[Template:Tip]]'],
      ['Template:Bc', '<pre>{{{1}}}</pre>'],
      [
        'Live page',
        '𝔸𝔸𝔸 intro\n\n== First ==\n{{Attention|careful}}\n{{bc|echo hi}}\n\n== First ==\nagain\n',
      ],
      ['Live redirect', '#REDIRECT [[Live page]]'],
      ['Shared part', '== Shared heading ==\nshared text\n'],
      ['Host page', 'Intro\n\n== Local ==\nmine\n{{:Shared part}}\n== Trailing ==\nend\n'],
    ]
    for (const [title, text] of pages) revids.set(title, await wiki.edit(title, text))
  })

  afterAll(async () => {
    await wiki.stop()
  })

  it('parses a page by title with sections whose offsets count code points', async () => {
    const page = await fresh().getPage('Live page')
    expect(page).toMatchObject({
      title: 'Live page',
      revid: revids.get('Live page'),
      redirectedFrom: null,
    })
    const second = [...page.wikitext.slice(0, page.wikitext.indexOf('== First ==\nagain'))].length
    expect(page.sections.map((s) => [s.anchor, s.level, s.byteoffset])).toEqual([
      ['First', '2', 11],
      ['First_2', '2', second],
    ])
    // 11 code points of "𝔸𝔸𝔸 intro\n\n" are 14 UTF-16 units and 20 UTF-8 bytes.
    const offset = page.sections[0]!.byteoffset!
    expect([...page.wikitext].slice(offset).join('').startsWith('== First ==')).toBe(true)
    expect(page.wikitext.slice(offset).startsWith('== First ==')).toBe(false)
  })

  it('lists a transcluded section with a null offset and its source page', async () => {
    const page = await fresh().getPage('Host page')
    expect(page.sections.map((s) => [s.anchor, s.byteoffset, s.fromtitle, s.index])).toEqual([
      ['Local', 7, 'Host_page', '1'],
      ['Shared_heading', null, 'Shared_part', 'T-1'],
      [
        'Trailing',
        [...page.wikitext.slice(0, page.wikitext.indexOf('== Trailing'))].length,
        'Host_page',
        '2',
      ],
    ])
  })

  it('follows a page redirect and reports redirected_from', async () => {
    const page = await fresh().getPage('Live redirect')
    expect(page.title).toBe('Live page')
    expect(page.redirectedFrom).toBe('Live redirect')
  })

  it('parses by revid and fetches the wikitext alone', async () => {
    const revid = revids.get('Live page')!
    const wikiSource = fresh()
    const revision = await wikiSource.getRevision(revid)
    expect(revision.title).toBe('Live page')
    const alone = await fresh().getRevisionWikitext(revid)
    expect(alone.wikitext).toBe(revision.wikitext)
  })

  it('reports missing pages and revisions as page_not_found', async () => {
    const missing = await fresh()
      .getPage('No such page here')
      .catch((e: unknown) => e)
    expect((missing as WikiSourceError).code).toBe('page_not_found')
    const noRevision = await fresh()
      .getRevision(9_999_999)
      .catch((e: unknown) => e)
    expect((noRevision as WikiSourceError).code).toBe('page_not_found')
  })

  it('resolves one-hop aliases, refuses two hops and ignores other templates', async () => {
    const aliases = await fresh().resolveTemplateAliases('Live page', [
      'attention',
      'SoftWarn',
      'BigTip_Alias',
      'bc',
      'Missing template',
    ])
    expect(aliases.get('Attention')).toEqual({
      kind: 'admonition',
      type: 'WARNING',
      alias: 'Attention',
      aliasTarget: 'Template:Warning (Français)',
      aliasRevid: revids.get('Template:Attention'),
    })
    expect(aliases.get('BigTip Alias')).toMatchObject({
      kind: 'admonition',
      type: 'TIP',
      alias: 'BigTip Alias',
      aliasRevid: revids.get('Template:BigTip Alias'),
    })
    expect(aliases.get('SoftWarn')).toMatchObject({ kind: 'unresolvable' })
    expect(aliases.get('Bc')).toEqual({ kind: 'none' })
    expect(aliases.get('Missing template')).toEqual({ kind: 'none' })
  })

  it('reads the revision of the redirect page itself, which changes when it is edited', async () => {
    const before = await fresh().resolveTemplateAliases('Live page', ['Attention'])
    const newRevid = await wiki.edit(
      'Template:Attention',
      '#REDIRECT [[Template:Warning (Français)]]\n[[Category:Aliases]]',
    )
    const after = await fresh().resolveTemplateAliases('Live page', ['Attention'])
    const first = before.get('Attention')
    const second = after.get('Attention')
    expect(first?.kind === 'admonition' && first.aliasRevid).toBe(revids.get('Template:Attention'))
    expect(second?.kind === 'admonition' && second.aliasRevid).toBe(newRevid)
    expect(newRevid).not.toBe(revids.get('Template:Attention'))
  })

  it('derives link prefixes from the live siteinfo', async () => {
    const result = await fresh().linkPrefixes()
    expect(result.from).toBe('siteinfo')
    expect(result.prefixes.has('template')).toBe(true)
    expect(result.prefixes.has('category')).toBe(true)
  })

  it('searches with an exact-title request then a full-text request', async () => {
    const results = await fresh().search('Live page', 10)
    expect(results.nearmatch.map((hit) => hit.title)).toEqual(['Live page'])
    expect(Array.isArray(results.text)).toBe(true)
  })

  it('records a live page and replays it offline to the same revision', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wiki-mcp-record-'))
    try {
      const store = directoryStore(dir)
      await recordMediaWiki({
        apiUrl: wiki.apiUrl,
        store,
        titles: ['Live redirect'],
        siteinfo: true,
        templateNames: () => ['Attention', 'Bc'],
      })
      expect(readdirSync(dir).sort()).toEqual([
        'parse_Live_redirect.json',
        'query_aliases_Live_page.json',
        'query_aliasrevs_Live_page.json',
        'query_siteinfo.json',
      ])
      const offline = createMediaWikiSource({ apiUrl: wiki.apiUrl, offline: store })
      const live = await fresh().getPage('Live redirect')
      const replayed = await offline.getPage('Live redirect')
      expect(replayed).toEqual(live)
      const aliases = await offline.resolveTemplateAliases('Live page', ['Attention', 'Bc'])
      expect(aliases.get('Attention')).toMatchObject({ kind: 'admonition', type: 'WARNING' })
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
