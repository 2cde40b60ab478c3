// API requests per call of every tool against the local MediaWiki, cold (a fresh server) and warm
// (the same call again within the cache TTL), with the table printed for the README. The tools
// added for any MediaWiki (history, diff, the list tools, prefix search, revid) must cost at most
// one request per call in the common case; the exceptions are pinned here with their reason.
import {
  loginMediaWiki,
  MEDIAWIKI_ADMIN,
  startMediaWiki,
  type LocalMediaWiki,
} from '@wiki/test-utils'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { requestCounts, requestTable, type RequestCountRow } from '../../bench/request-counts.mjs'
import { createBackend, siteFrom } from '../../src/create-backend.js'
import { archWikiTools } from '../../src/server.js'

describe('API requests per tool call on a live MediaWiki', () => {
  let wiki: LocalMediaWiki
  let rows: RequestCountRow[] = []
  const revids: number[] = []

  beforeAll(async () => {
    wiki = await startMediaWiki()
    const admin = await loginMediaWiki(wiki, MEDIAWIKI_ADMIN.user, MEDIAWIKI_ADMIN.password)
    await admin.edit('Category:Boot loaders', 'Loaders.')
    await wiki.edit('Template:Box', '<div>{{{1|}}}</div>')
    revids.push(
      await wiki.edit(
        'Alpha',
        '== Install ==\n{{Note|Read first.}}\n{{bc|# pacman -S alpha}}\nSee [[Beta]].\n[[Category:Boot loaders]]',
      ),
    )
    revids.push(
      await wiki.edit(
        'Alpha',
        '== Install ==\n{{Note|Read first.}}\n{{bc|# pacman -S alpha two}}\nSee [[Beta]].\n[[Category:Boot loaders]]',
      ),
    )
    await wiki.edit('Beta', '{{Box|b}} Back to [[Alpha]].')
    const makeTools = (onRequest: (event: { action: string; key: string }) => void) => {
      const backend = createBackend({
        site: siteFrom({ wikiUrl: wiki.url, articlePath: wiki.articlePath, apiPath: '/api.php' }),
        source: { cacheTtl: 60_000, onRequest },
      })
      return Object.fromEntries(archWikiTools(backend).map((t) => [t.name, t]))
    }
    const [first, second] = revids as [number, number]
    rows = await requestCounts(makeTools, [
      { tool: 'search', args: { query: 'Alpha' } },
      { tool: 'search', label: 'prefix "Al"', args: { query: 'Al', mode: 'prefix' } },
      { tool: 'page', args: { title_or_url: 'Alpha' } },
      {
        tool: 'page',
        label: 'Alpha at an old revid',
        args: { title_or_url: 'Alpha', revid: first },
      },
      { tool: 'sections', args: { title_or_url: 'Alpha' } },
      { tool: 'section', args: { title_or_url: 'Alpha', anchor: 'Install' } },
      { tool: 'commands', args: { title_or_url: 'Alpha' } },
      { tool: 'warnings', args: { title_or_url: 'Alpha' } },
      { tool: 'links', args: { title_or_url: 'Alpha' } },
      {
        tool: 'verify',
        label: 'revid + text',
        args: { revid: second, content_raw: '# pacman -S alpha two' },
      },
      { tool: 'history', args: { title_or_url: 'Alpha' } },
      { tool: 'diff', label: 'old revid → current', args: { title_or_url: 'Alpha', from: first } },
      {
        tool: 'diff',
        label: 'two old revids',
        args: { title_or_url: 'Alpha', from: first, to: second },
      },
      { tool: 'categories', args: { title_or_url: 'Alpha' } },
      { tool: 'category', label: '"Boot loaders"', args: { category: 'Boot loaders' } },
      {
        tool: 'category',
        label: '"Category:Boot loaders"',
        args: { category: 'Category:Boot loaders' },
      },
      { tool: 'backlinks', args: { title_or_url: 'Alpha' } },
      { tool: 'recent_changes', args: {} },
      { tool: 'recent_changes', label: 'prefix "al"', args: { prefix: 'al' } },
    ])
    // Printed for the README's table.
    process.stdout.write(`API requests per call, local MediaWiki\n${requestTable(rows)}\n`)
  }, 180_000)

  afterAll(async () => {
    await wiki?.stop()
  })

  const row = (tool: string, call?: string) =>
    rows.find((r) => r.tool === tool && (call === undefined || r.call === call))!

  it('each new tool costs one request per call, cold and warm', () => {
    for (const [tool, call] of [
      ['history', undefined],
      ['categories', undefined],
      ['backlinks', undefined],
      ['recent_changes', '{}'],
      ['search', 'prefix "Al"'],
      ['page', 'Alpha at an old revid'],
      ['category', '"Category:Boot loaders"'],
    ] as const) {
      const r = row(tool, call)
      expect({ tool, call, cold: r.cold, warm: r.warm }).toEqual({
        tool,
        call,
        cold: 1,
        warm: expect.any(Number),
      })
      expect(r.warm).toBeLessThanOrEqual(1)
    }
  })

  it('the evidence tools read a cached page without asking again', () => {
    for (const tool of ['page', 'sections', 'section', 'commands', 'warnings', 'links']) {
      expect(row(tool).warm).toBe(0)
    }
    expect(row('page').cold).toBe(1)
  })

  it('diff reads two revisions, so two parses cold; a known pair of revids is free warm', () => {
    expect(row('diff', 'old revid → current')).toMatchObject({ cold: 2 })
    expect(row('diff', 'two old revids')).toMatchObject({ cold: 2, warm: 0 })
  })
})
