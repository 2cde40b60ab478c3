// The list tools (categories, category, backlinks, recent_changes, prefix search) against a real
// MediaWiki holding a scripted history: two users, categories and subcategories, a hidden category,
// transclusions, a page moved with a redirect. Each answer is compared with what the wiki's API
// reports through other modules or unfiltered lists, filtered here.
import {
  loginMediaWiki,
  MEDIAWIKI_ADMIN,
  startMediaWiki,
  type LocalMediaWiki,
} from '@wiki/test-utils'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBackend, siteFrom } from '../../src/create-backend.js'
import { archWikiTools } from '../../src/server.js'
import { callTool, failureCode } from '../call-tool.js'

type Tools = Record<string, Parameters<typeof callTool>[0]>
type Row = Record<string, unknown>

describe('list tools against a live MediaWiki', () => {
  let wiki: LocalMediaWiki
  let requests: string[] = []

  const tools = (cacheTtl = 0): Tools => {
    const backend = createBackend({
      site: siteFrom({ wikiUrl: wiki.url, articlePath: wiki.articlePath, apiPath: '/api.php' }),
      source: { cacheTtl, onRequest: (event) => requests.push(`${event.action}:${event.key}`) },
    })
    return Object.fromEntries(archWikiTools(backend).map((t) => [t.name, t]))
  }
  const api = async (params: Record<string, string>): Promise<Row> =>
    (await wiki.api({ ...params, formatversion: '2' })) as Row
  const url = (title: string) =>
    `${wiki.url}/index.php/${encodeURIComponent(title.replaceAll(' ', '_')).replaceAll('%3A', ':')}`

  /** Every page of a paged tool, following continue. */
  const allPages = async (tool: Parameters<typeof callTool>[0], args: Row, key: string) => {
    const out: Row[] = []
    let next: unknown = undefined
    let pages = 0
    do {
      const answer = await callTool(tool, next === undefined ? args : { ...args, continue: next })
      out.push(...(answer[key] as Row[]))
      next = answer.continue ?? undefined
      pages++
    } while (next !== undefined)
    return { items: out, pages }
  }

  beforeAll(async () => {
    wiki = await startMediaWiki()
    const admin = await loginMediaWiki(wiki, MEDIAWIKI_ADMIN.user, MEDIAWIKI_ADMIN.password)
    // Categories: Boot loaders ⊂ Software; UEFI loaders ⊂ Boot loaders; a hidden tracking one.
    await admin.edit('Category:Software', 'All software.')
    await admin.edit('Category:Boot loaders', 'Loaders.\n[[Category:Software]]')
    await admin.edit('Category:UEFI loaders', 'UEFI.\n[[Category:Boot loaders]]')
    await admin.edit('Category:Pages needing work', '__HIDDENCAT__\nTracking.')
    await wiki.edit('Template:Box', '<div>{{{1|}}}</div>')
    await wiki.edit(
      'Alpha',
      '{{Box|a}}\nSee [[Beta]] and [[Old name]].\n[[Category:Boot loaders]]\n[[Category:Pages needing work]]',
    )
    await admin.edit('Beta', 'Beta links [[Alpha]].\n[[Category:Boot loaders]]')
    await wiki.edit('Beta', 'Beta links [[Alpha]] twice: [[Alpha]].\n[[Category:Boot loaders]]')
    await admin.edit('Gamma loader', 'EFI.\n[[Category:UEFI loaders]]\n[[Category:Boot loaders]]')
    await wiki.edit('Talk:Alpha', 'Discussion.\n[[Category:Boot loaders]]')
    for (const n of [1, 2, 3, 4, 5]) {
      await wiki.edit(`Alpine ${n}`, `Page ${n} with {{Box|${n}}}.\n[[Category:Boot loaders]]`)
    }
    // A page moved by the admin, leaving a redirect; others link to and transclude it by both names.
    await admin.edit('Old name', 'The moved page.')
    await admin.move('Old name', 'New name', 'better name')
    await wiki.edit('Delta', 'Links [[New name]] and includes {{:New name}}.')
    await admin.edit('Epsilon', 'Links [[New name]].')
  })

  afterAll(async () => {
    await wiki?.stop()
  })

  it('categories: the page’s categories with hidden ones marked, as the wiki lists them', async () => {
    const t = tools()
    requests = []
    const answer = await callTool(t.categories!, { title_or_url: 'Alpha' })
    expect(requests).toHaveLength(1)
    // Independently: which categories list Alpha as a member, and which are hidden (pageprops).
    const names = ['Category:Boot loaders', 'Category:Pages needing work', 'Category:Software']
    const listing: string[] = []
    for (const category of names) {
      const members = (await api({
        action: 'query',
        list: 'categorymembers',
        cmtitle: category,
        cmlimit: 'max',
      })) as { query: { categorymembers: { title: string }[] } }
      if (members.query.categorymembers.some((m) => m.title === 'Alpha')) listing.push(category)
    }
    const props = (await api({
      action: 'query',
      prop: 'pageprops',
      ppprop: 'hiddencat',
      titles: listing.join('|'),
    })) as { query: { pages: { title: string; pageprops?: object }[] } }
    const hidden = new Set(props.query.pages.filter((p) => p.pageprops).map((p) => p.title))
    expect(answer).toEqual({
      categories: listing.map((title) => ({ title, hidden: hidden.has(title), url: url(title) })),
      title: 'Alpha',
      url: url('Alpha'),
      redirected_from: null,
      site: { name: 'default', base_url: wiki.url },
    })
    expect(hidden).toEqual(new Set(['Category:Pages needing work']))
    // A redirect is followed, as page does.
    const moved = await callTool(t.categories!, { title_or_url: `${wiki.url}/index.php/Old_name` })
    expect(moved).toMatchObject({ title: 'New name', redirected_from: 'Old name', categories: [] })
    expect(await failureCode(t.categories!, { title_or_url: 'No such page' })).toBe(
      'page_not_found',
    )
  })

  it('category: members, subcategories and namespaces, paged, equal to the API’s full list', async () => {
    const t = tools()
    const full = (await api({
      action: 'query',
      list: 'categorymembers',
      cmtitle: 'Category:Boot loaders',
      cmprop: 'ids|title|type',
      cmlimit: 'max',
    })) as {
      query: { categorymembers: { title: string; pageid: number; ns: number; type: string }[] }
    }
    const expected = full.query.categorymembers.map((m) => ({
      title: m.title,
      pageid: m.pageid,
      namespace: m.ns,
      type: m.type,
      url: url(m.title),
    }))
    expect(expected.length).toBeGreaterThan(8)
    requests = []
    const { items, pages } = await allPages(
      t.category!,
      { category: 'Boot loaders', limit: 3 },
      'members',
    )
    expect(items).toEqual(expected)
    expect(pages).toBe(Math.ceil(expected.length / 3))
    // siteinfo once (to know the category namespace), then one request per page.
    expect(requests.filter((r) => r !== 'query:siteinfo_general')).toHaveLength(pages)
    expect(items).toContainEqual(
      expect.objectContaining({ title: 'Category:UEFI loaders', type: 'subcat', namespace: 14 }),
    )

    const first = await callTool(t.category!, { category: 'Category:Boot loaders' })
    const info = (await api({
      action: 'query',
      prop: 'categoryinfo',
      titles: 'Category:Boot loaders',
    })) as {
      query: { pages: { categoryinfo: { pages: number; subcats: number; files: number } }[] }
    }
    const { pages: p, subcats, files } = info.query.pages[0]!.categoryinfo
    expect(first).toMatchObject({
      category: 'Category:Boot loaders',
      exists: true,
      counts: { pages: p, subcats, files },
      continue: null,
    })
    const subcatsOnly = await callTool(t.category!, { category: 'Boot loaders', type: ['subcat'] })
    expect(subcatsOnly.members).toEqual(expected.filter((m) => m.type === 'subcat'))
    const talk = await callTool(t.category!, { category: 'Boot loaders', namespace: [1] })
    expect(talk.members).toEqual(expected.filter((m) => m.namespace === 1))
    expect((talk.members as Row[]).map((m) => m.title)).toEqual(['Talk:Alpha'])
    const empty = await callTool(t.category!, { category: 'Nothing here' })
    expect(empty).toMatchObject({ members: [], exists: false, counts: null, continue: null })
  })

  it('backlinks: links, redirects and transclusions in one request, equal to linkshere/transcludedin', async () => {
    const t = tools()
    requests = []
    const answer = await callTool(t.backlinks!, { title_or_url: 'New name' })
    expect(requests).toEqual([expect.stringMatching(/^query:backlinks_/)])
    const here = (await api({
      action: 'query',
      prop: 'linkshere|transcludedin',
      titles: 'New name',
      lhprop: 'pageid|title|redirect',
      lhlimit: 'max',
      tilimit: 'max',
    })) as {
      query: { pages: { linkshere?: Row[]; transcludedin?: Row[] }[] }
    }
    const page = here.query.pages[0]!
    const expected = [
      ...(page.linkshere ?? []).map((l) => ({
        title: l.title,
        kind: l.redirect ? 'redirect' : 'link',
      })),
      ...(page.transcludedin ?? []).map((l) => ({ title: l.title, kind: 'transclusion' })),
    ]
    const got = (answer.backlinks as Row[]).map((b) => ({ title: b.title, kind: b.kind }))
    const key = (r: Row) => `${String(r.kind)} ${String(r.title)}`
    expect(got.map(key).sort()).toEqual(expected.map(key).sort())
    expect(got.map(key).sort()).toEqual([
      'link Delta',
      'link Epsilon',
      'redirect Old name',
      'transclusion Delta',
    ])
    expect(answer).toMatchObject({ title: 'New name', exists: true, continue: null })

    // Paged, one kind: the template's transclusions, two at a time.
    const ti = (await api({
      action: 'query',
      prop: 'transcludedin',
      titles: 'Template:Box',
      tilimit: 'max',
    })) as {
      query: { pages: { transcludedin: Row[] }[] }
    }
    const { items } = await allPages(
      t.backlinks!,
      { title_or_url: 'Template:Box', kind: ['transclusion'], limit: 2 },
      'backlinks',
    )
    expect(items.map((b) => b.title).sort()).toEqual(
      ti.query.pages[0]!.transcludedin.map((b) => b.title).sort(),
    )
    expect(items.every((b) => b.kind === 'transclusion')).toBe(true)
    const redirects = await callTool(t.backlinks!, { title_or_url: 'New name', kind: ['redirect'] })
    expect((redirects.backlinks as Row[]).map((b) => b.title)).toEqual(['Old name'])
    // A missing page may still be linked to.
    const wanted = await callTool(t.backlinks!, { title_or_url: 'Nowhere' })
    expect(wanted).toMatchObject({ exists: false, backlinks: [] })
  })

  it('recent_changes: filters equal the unfiltered list filtered here; paged; hidden nothing', async () => {
    const t = tools()
    const all = (
      (await api({
        action: 'query',
        list: 'recentchanges',
        rcprop: 'title|ids|timestamp|user|comment|sizes|flags|loginfo',
        rclimit: 'max',
      })) as { query: { recentchanges: Row[] } }
    ).query.recentchanges
    const shape = (c: Row) => ({
      type: c.type,
      title: c.title,
      namespace: c.ns,
      timestamp: c.timestamp,
      user: c.user,
      comment: c.comment,
      revision_url:
        (c.revid as number) > 0 ? `${wiki.url}/index.php?oldid=${String(c.revid)}` : null,
    })
    const pick = (r: Row) => ({
      type: r.type,
      title: r.title,
      namespace: r.namespace,
      timestamp: r.timestamp,
      user: r.user,
      comment: r.comment,
      revision_url: r.revision_url,
    })
    requests = []
    const { items, pages } = await allPages(t.recent_changes!, { limit: 7 }, 'changes')
    expect(requests).toHaveLength(pages)
    expect(items.map(pick)).toEqual(all.map(shape))

    const byAdmin = await allPages(t.recent_changes!, { user: 'Admin', limit: 50 }, 'changes')
    expect(byAdmin.items.map(pick)).toEqual(all.filter((c) => c.user === 'Admin').map(shape))
    // Two editors (besides the installer's Main Page).
    expect(new Set(all.map((c) => c.user))).toEqual(
      new Set(['Admin', '127.0.0.1', 'MediaWiki default']),
    )

    const moves = await callTool(t.recent_changes!, { type: ['log'] })
    expect((moves.changes as Row[]).map(pick)).toEqual(
      all.filter((c) => c.type === 'log').map(shape),
    )
    // A move's log entry points at the null revision the move made on the moved page.
    expect(moves.changes).toContainEqual(
      expect.objectContaining({ log_type: 'move', title: 'Old name', size: null }),
    )

    const talk = await callTool(t.recent_changes!, { namespace: [1] })
    expect((talk.changes as Row[]).map(pick)).toEqual(all.filter((c) => c.ns === 1).map(shape))

    const prefixed = await callTool(t.recent_changes!, { prefix: 'Alp', limit: 500 })
    expect((prefixed.changes as Row[]).map(pick)).toEqual(
      all.filter((c) => (c.title as string).startsWith('Alp')).map(shape),
    )
    expect(prefixed.scanned).toBe(all.length)
    // Written as the wiki writes titles: first letter upper-cased, namespace in its own spelling.
    const lower = await callTool(t.recent_changes!, { prefix: 'alp', limit: 500 })
    expect(lower.changes).toEqual(prefixed.changes)
    const talkPrefix = await callTool(t.recent_changes!, { prefix: 'talk:_al', limit: 500 })
    expect((talkPrefix.changes as Row[]).map(pick)).toEqual(
      all.filter((c) => (c.title as string).startsWith('Talk:Al')).map(shape),
    )
    expect(talkPrefix.changes).not.toEqual([])

    const times = [...new Set(all.map((c) => c.timestamp as string))].sort()
    const since = times[Math.floor(times.length / 2)]!
    const window = await callTool(t.recent_changes!, { since, until: times.at(-1), limit: 500 })
    expect((window.changes as Row[]).map(pick)).toEqual(
      all.filter((c) => (c.timestamp as string) >= since).map(shape),
    )
    // Sizes: Beta's second edit grew the page by the bytes it added.
    const beta = items.find((c) => c.title === 'Beta' && c.user === '127.0.0.1')
    expect(beta?.size_change).toBe(' twice: [[Alpha]]'.length)
    expect(await failureCode(t.recent_changes!, { since: times.at(-1), until: times[0] })).toBe(
      'invalid_arguments',
    )
  })

  it('search mode prefix: titles starting with the query, as allpages lists them', async () => {
    const t = tools()
    requests = []
    const answer = await callTool(t.search!, { query: 'Alp', mode: 'prefix', limit: 50 })
    expect(requests).toHaveLength(1)
    const pages = (await api({
      action: 'query',
      list: 'allpages',
      apprefix: 'Alp',
      aplimit: 'max',
    })) as {
      query: { allpages: { title: string }[] }
    }
    const results = answer.results as Row[]
    expect(results.map((r) => r.title).sort()).toEqual(
      pages.query.allpages.map((p) => p.title).sort(),
    )
    expect(results.every((r) => r.match === 'prefix' && r.url === url(r.title as string))).toBe(
      true,
    )
    const talk = await callTool(t.search!, { query: 'Talk:Al', mode: 'prefix' })
    expect((talk.results as Row[]).map((r) => r.title)).toEqual(['Talk:Alpha'])
  })

  it('one request per call, none within the TTL; tampered continue tokens and other hosts refused', async () => {
    const t = tools(60_000)
    await callTool(t.backlinks!, { title_or_url: 'Alpha' })
    await callTool(t.categories!, { title_or_url: 'Alpha' })
    requests = []
    await callTool(t.backlinks!, { title_or_url: 'Alpha' })
    await callTool(t.categories!, { title_or_url: 'Alpha' })
    expect(requests).toEqual([])
    for (const token of [
      'action=edit',
      'cmcontinue=x&list=allusers',
      'blcontinue=a&blcontinue=b',
    ]) {
      expect(await failureCode(t.category!, { category: 'Boot loaders', continue: token })).toBe(
        'invalid_arguments',
      )
    }
    expect(
      await failureCode(t.backlinks!, { title_or_url: 'Alpha', continue: 'rccontinue=1' }),
    ).toBe('invalid_arguments')
    for (const [name, args] of [
      ['categories', { title_or_url: 'https://evil.example/index.php/Alpha' }],
      ['category', { category: 'https://evil.example/index.php/Category:Boot_loaders' }],
      ['backlinks', { title_or_url: 'https://evil.example/index.php/Alpha' }],
    ] as const) {
      expect(await failureCode(t[name]!, args)).toBe('malformed_wiki_url')
    }
  })
})
