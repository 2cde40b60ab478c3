import { describe, expect, it } from 'vitest'
import { archWikiTools, createArchWikiServer } from '../src/server.js'
import { callTool, failureCode } from './call-tool.js'
import { fakeWiki } from './fake-backend.js'

const PAGE = [
  'Intro with [[Pacman]] and [[Category:Boot]].',
  '== Install ==',
  "{{Note|Be ''careful''.}}",
  "{{bc|# mount ''device'' /mnt}}",
  ' # echo one',
  ' # echo two',
  'See [[GRUB#Installation|the GRUB page]] and [[#Usage]].',
  '== Usage ==',
  'Plain prose only.',
  '',
].join('\n')

function setup() {
  const wiki = fakeWiki()
  const revid = wiki.edit('Example', PAGE)
  const tools = Object.fromEntries(archWikiTools(wiki.backend).map((t) => [t.name, t]))
  return { wiki, revid, tools: tools as Record<string, (typeof tools)[string] & {}> }
}

const hashKeys = (value: unknown): string[] =>
  JSON.stringify(value).match(/"[a-z_]*hash[a-z_]*":/g) ?? []

describe('tool list', () => {
  it('has the fifteen tools in order', () => {
    const { tools } = setup()
    expect(Object.keys(tools)).toEqual([
      'search',
      'page',
      'sections',
      'section',
      'commands',
      'warnings',
      'links',
      'verify',
      'recheck',
      'history',
      'diff',
      'categories',
      'category',
      'backlinks',
      'recent_changes',
    ])
  })
})

describe('search', () => {
  it('puts the exact match first, keeps the wiki order, drops its duplicate, truncates', async () => {
    const { wiki, tools } = setup()
    wiki.searchHits = {
      exact: { title: 'GRUB', pageid: 1, snippet: '' },
      text: [
        { title: 'GRUB/Tips', pageid: 2, snippet: 'a <span class="searchmatch">GRUB</span> b' },
        { title: 'GRUB', pageid: 1, snippet: 'dup' },
        { title: 'Zzz', pageid: 3, snippet: '' },
        { title: 'Aaa', pageid: 4, snippet: '' },
      ],
    }
    const result = await callTool(tools.search!, { query: 'GRUB', limit: 3 })
    expect(result.results).toEqual([
      {
        title: 'GRUB',
        pageid: 1,
        snippet: '',
        url: 'https://wiki.example.org/title/GRUB',
        match: 'title',
      },
      {
        title: 'GRUB/Tips',
        pageid: 2,
        snippet: 'a GRUB b',
        url: 'https://wiki.example.org/title/GRUB%2FTips',
        match: 'text',
      },
      {
        title: 'Zzz',
        pageid: 3,
        snippet: '',
        url: 'https://wiki.example.org/title/Zzz',
        match: 'text',
      },
    ])
    expect(wiki.calls).toEqual(['search GRUB 3'])
    expect(JSON.stringify(result)).not.toContain('revid')
  })

  it('defaults the limit to 10 and refuses limits outside 1–50, fractions and booleans', async () => {
    const { wiki, tools } = setup()
    await callTool(tools.search!, { query: 'x' })
    expect(wiki.calls).toEqual(['search x 10'])
    for (const limit of [0, 51, 2.5, true]) {
      await expect(callTool(tools.search!, { query: 'x', limit })).rejects.toThrow()
    }
    await expect(callTool(tools.search!, { query: '   ' })).rejects.toThrow(/non-whitespace/)
    await expect(callTool(tools.search!, { query: 'x', extra: 1 })).rejects.toThrow()
  })
})

describe('page and sections', () => {
  it('page is evidence: revid, URLs, whole-page hash, sections, in contract order', async () => {
    const { tools, revid, wiki } = setup()
    const page = await callTool(tools.page!, { title_or_url: 'Example' })
    expect(Object.keys(page)).toEqual([
      'title',
      'pageid',
      'revid',
      'url',
      'revision_url',
      'revision_wikitext_url',
      'wikitext',
      'wikitext_hash',
      'sections',
      'redirected_from',
      'site',
    ])
    expect(page.revid).toBe(revid)
    expect(page.wikitext_hash).toBe(wiki.backend.hash(PAGE))
    expect(page.revision_url).toBe(`https://wiki.example.org/index.php?oldid=${revid}`)
    expect((page.sections as { link_anchor: string }[])[0]).toMatchObject({
      anchor: 'Install',
      link_anchor: 'Install',
      level: '2',
    })
  })

  it('sections is a pointer: no revid and no hash key', async () => {
    const { tools } = setup()
    const result = await callTool(tools.sections!, { title_or_url: 'Example' })
    expect(Object.keys(result)).toEqual(['sections', 'title', 'redirected_from', 'site'])
    expect(JSON.stringify(result)).not.toContain('revid')
    expect(hashKeys(result)).toEqual([])
  })

  it('a missing page is page_not_found in every page tool', async () => {
    const { tools } = setup()
    for (const name of ['page', 'sections', 'commands', 'warnings', 'links']) {
      expect(await failureCode(tools[name]!, { title_or_url: 'Nope' })).toBe('page_not_found')
    }
    expect(await failureCode(tools.section!, { title_or_url: 'Nope', anchor: 'A' })).toBe(
      'page_not_found',
    )
  })
})

describe('section', () => {
  it('returns the slice from its heading to the next, with both hashes, in order', async () => {
    const { tools, revid, wiki } = setup()
    const result = await callTool(tools.section!, { title_or_url: 'Example', anchor: 'Install' })
    const raw = PAGE.slice(PAGE.indexOf('== Install =='), PAGE.indexOf('== Usage =='))
    expect(result).toEqual({
      title: 'Example',
      url: 'https://wiki.example.org/title/Example#Install',
      revision_url: `https://wiki.example.org/index.php?oldid=${revid}#Install`,
      revision_wikitext_url: `https://wiki.example.org/api.php?action=parse&oldid=${revid}&prop=wikitext&format=json`,
      revid,
      timestamp: null,
      section_anchor: 'Install',
      section_heading: 'Install',
      extraction_method: 'wikitext_character_offset',
      content: raw.replace('== Install ==', '## Install'),
      content_raw: raw,
      content_hash: wiki.backend.hash(raw),
      content_hash_cleaned: wiki.backend.hash(raw.replace('== Install ==', '## Install')),
      redirected_from: null,
      site: { name: 'default', base_url: 'https://wiki.example.org' },
    })
    expect(Object.keys(result)[0]).toBe('title')
  })

  it('an unknown, spaced or encoded anchor is section_not_found', async () => {
    const { tools } = setup()
    for (const anchor of ['Nope', 'install', 'Install ', '%49nstall']) {
      expect(await failureCode(tools.section!, { title_or_url: 'Example', anchor })).toBe(
        'section_not_found',
      )
    }
  })

  it('a transcluded section (null offset) is evidence_unresolvable', async () => {
    const { wiki, tools } = setup()
    wiki.edit('T', '== A ==\nx\n')
    const revision = await wiki.backend.page('T')
    ;(revision.sections as unknown as { byteoffset: number | null }[])[0]!.byteoffset = null
    expect(await failureCode(tools.section!, { title_or_url: 'T', anchor: 'A' })).toBe(
      'evidence_unresolvable',
    )
    expect(await failureCode(tools.commands!, { title_or_url: 'T', anchor: 'A' })).toBe(
      'evidence_unresolvable',
    )
  })
})

describe('commands', () => {
  it('lists blocks with both hashes, placeholders or null, and anchored URLs', async () => {
    const { tools, revid, wiki } = setup()
    const result = await callTool(tools.commands!, { title_or_url: 'Example', anchor: 'Install' })
    const [bc, indented] = result.commands as Record<string, unknown>[]
    expect(Object.keys(bc!)).toEqual([
      'content',
      'content_raw',
      'content_hash',
      'content_hash_cleaned',
      'block_type',
      'source_pattern',
      'language',
      'header',
      'placeholders',
      'source_url',
      'revision_url',
      'revision_wikitext_url',
      'revid',
      'site',
    ])
    expect(bc).toMatchObject({
      content: '# mount <device> /mnt',
      content_raw: "# mount ''device'' /mnt",
      content_hash: wiki.backend.hash("# mount ''device'' /mnt"),
      block_type: 'block_code',
      source_pattern: 'template_bc',
      language: null,
      placeholders: ['device'],
      source_url: 'https://wiki.example.org/title/Example#Install',
      revision_url: `https://wiki.example.org/index.php?oldid=${revid}#Install`,
      revid,
    })
    expect(indented).toMatchObject({
      content_raw: '# echo one\n# echo two',
      block_type: 'preformatted',
      source_pattern: 'indented_block',
      placeholders: null,
    })
    expect(result.title).toBe('Example')
  })

  it('[] is a positive answer for a section without blocks', async () => {
    const { tools } = setup()
    const result = await callTool(tools.commands!, { title_or_url: 'Example', anchor: 'Usage' })
    expect(result).toEqual({
      commands: [],
      title: 'Example',
      redirected_from: null,
      site: { name: 'default', base_url: 'https://wiki.example.org' },
    })
  })
})

describe('warnings', () => {
  it('self-attesting names carry no alias; redirect aliases carry the redirect revision', async () => {
    const { wiki, tools } = setup()
    const revid = wiki.edit('Fr', '{{Note|Un.}}\n{{Attention|Deux.}}\n')
    wiki.aliases.set('Attention', {
      type: 'WARNING',
      alias: 'Attention',
      aliasTarget: 'Template:Warning (Français)',
      aliasRevid: 42,
    })
    const result = await callTool(tools.warnings!, { title_or_url: 'Fr' })
    const [note, attention] = result.warnings as Record<string, unknown>[]
    expect(Object.keys(note!)).toEqual([
      'type',
      'message',
      'message_raw',
      'content_hash',
      'message_hash_cleaned',
      'revid',
      'alias',
      'alias_target',
      'alias_revid',
      'source_url',
      'revision_url',
      'revision_wikitext_url',
      'alias_revision_url',
      'site',
    ])
    expect(note).toMatchObject({
      type: 'NOTE',
      alias: null,
      alias_revid: null,
      alias_revision_url: null,
    })
    expect(attention).toMatchObject({
      type: 'WARNING',
      message_raw: 'Deux.',
      content_hash: wiki.backend.hash('Deux.'),
      revid,
      alias: 'Attention',
      alias_target: 'Template:Warning (Français)',
      alias_revid: 42,
      alias_revision_url: 'https://wiki.example.org/index.php?oldid=42',
      source_url: 'https://wiki.example.org/title/Fr',
    })
  })

  it('asks for aliases of the whole page even for an anchored call', async () => {
    const { wiki, tools } = setup()
    const result = await callTool(tools.warnings!, { title_or_url: 'Example', anchor: 'Usage' })
    expect(result.warnings).toEqual([])
    expect(wiki.calls).toEqual(['page Example', 'aliases'])
  })
})

describe('links', () => {
  it('is attributed: revid and URLs, no hash key; [[#A]] targets the page', async () => {
    const { tools, revid } = setup()
    const result = await callTool(tools.links!, { title_or_url: 'Example' })
    expect(hashKeys(result)).toEqual([])
    expect(result.prefixes_from).toBe('siteinfo')
    const links = result.links as Record<string, unknown>[]
    expect(links.map((l) => [l.target_page, l.anchor, l.display_text])).toEqual([
      ['Pacman', null, null],
      ['GRUB', 'Installation', 'the GRUB page'],
      ['Example', 'Usage', null],
    ])
    expect(links[0]).toMatchObject({ source_page: 'Example', revid })
  })
})

describe('server definition', () => {
  it('passes mcp-core validation with fifteen tools and the prompt', () => {
    const server = createArchWikiServer(fakeWiki().backend, '1.2.3')
    expect(server.tools.map((t) => t.name)).toHaveLength(15)
    expect(server.prompts.map((p) => p.name)).toEqual(['arch-wiki-usage'])
    expect(server.readOnly).toBe(true)
  })
})

describe('list tools', () => {
  it('categories: URLs on the wiki, hidden kept, pointers only', async () => {
    const { wiki, tools } = setup()
    wiki.lists.categories = {
      title: 'Example',
      redirectedFrom: 'Ex',
      categories: [
        { title: 'Category:Boot loaders', hidden: false },
        { title: 'Category:Pages with broken links', hidden: true },
      ],
    }
    const answer = await callTool(tools.categories!, {
      title_or_url: 'https://wiki.example.org/title/Ex',
    })
    expect(wiki.calls).toContain('categories Ex')
    expect(answer).toEqual({
      categories: [
        {
          title: 'Category:Boot loaders',
          hidden: false,
          url: 'https://wiki.example.org/title/Category%3ABoot_loaders',
        },
        {
          title: 'Category:Pages with broken links',
          hidden: true,
          url: 'https://wiki.example.org/title/Category%3APages_with_broken_links',
        },
      ],
      title: 'Example',
      url: 'https://wiki.example.org/title/Example',
      redirected_from: 'Ex',
      site: { name: 'default', base_url: 'https://wiki.example.org' },
    })
    expect(hashKeys(answer)).toEqual([])
    expect(
      await failureCode(tools.categories!, { title_or_url: 'https://other.example/title/Ex' }),
    ).toBe('malformed_wiki_url')
  })

  it('category: the namespace is added, filters and continue passed through, kinds renamed', async () => {
    const { wiki, tools } = setup()
    wiki.lists.members = {
      title: 'Category:Boot loaders',
      exists: true,
      counts: { pages: 1, subcats: 1, files: 0 },
      members: [
        { title: 'GRUB', pageid: 3, ns: 0, type: 'page' },
        { title: 'Category:UEFI', pageid: 4, ns: 14, type: 'subcat' },
      ],
      continue: 'cmcontinue=page|x&continue=-||',
    }
    const answer = await callTool(tools.category!, {
      category: 'Boot loaders',
      type: ['page', 'subcat'],
      namespace: [0, 14],
      limit: 2,
      continue: 'cmcontinue=page|w&continue=-||',
    })
    expect(wiki.calls.at(-1)).toBe(
      `category ${JSON.stringify({ category: 'Category:Boot loaders', limit: 2, types: ['page', 'subcat'], namespaces: [0, 14], continue: 'cmcontinue=page|w&continue=-||' })}`,
    )
    expect(answer).toMatchObject({
      members: [
        { title: 'GRUB', namespace: 0, type: 'page', url: 'https://wiki.example.org/title/GRUB' },
        { title: 'Category:UEFI', namespace: 14, type: 'subcat' },
      ],
      category: 'Category:Boot loaders',
      counts: { pages: 1, subcats: 1, files: 0 },
      continue: 'cmcontinue=page|x&continue=-||',
    })
    expect(tools.category!.input.safeParse({ category: 'X', limit: 501 }).success).toBe(false)
  })

  it('backlinks: kinds passed through, default limit 50', async () => {
    const { wiki, tools } = setup()
    wiki.lists.backlinks = {
      title: 'GRUB',
      exists: true,
      backlinks: [{ title: 'GRUB2', pageid: 9, ns: 0, kind: 'redirect' }],
      continue: null,
    }
    const answer = await callTool(tools.backlinks!, { title_or_url: 'GRUB', kind: ['redirect'] })
    expect(wiki.calls.at(-1)).toBe(
      `backlinks ${JSON.stringify({ title: 'GRUB', limit: 50, kinds: ['redirect'] })}`,
    )
    expect(answer.backlinks).toEqual([
      {
        title: 'GRUB2',
        pageid: 9,
        namespace: 0,
        kind: 'redirect',
        url: 'https://wiki.example.org/title/GRUB2',
      },
    ])
  })

  it('recent_changes: revision URLs, size change, hidden users, and a reversed window refused', async () => {
    const { wiki, tools } = setup()
    const change = {
      type: 'edit' as const,
      title: 'GRUB',
      ns: 0,
      pageid: 3,
      revid: 12,
      oldRevid: 11,
      timestamp: '2026-12-01T10:00:00Z',
      user: null,
      comment: 'fix',
      minor: true,
      bot: false,
      oldSize: 100,
      newSize: 90,
      logType: null,
      logAction: null,
    }
    wiki.lists.recentChanges = {
      changes: [
        change,
        { ...change, type: 'new', revid: 11, oldRevid: 0, oldSize: 0, newSize: 100 },
      ],
      scanned: 5,
      continue: null,
    }
    const answer = await callTool(tools.recent_changes!, {
      prefix: 'GR',
      since: '2026-12-01T00:00:00Z',
    })
    expect(answer.changes).toEqual([
      expect.objectContaining({
        user: null,
        size: 90,
        size_change: -10,
        revision_url: 'https://wiki.example.org/index.php?oldid=12',
        previous_revision_url: 'https://wiki.example.org/index.php?oldid=11',
      }),
      expect.objectContaining({ type: 'new', size_change: 100, previous_revision_url: null }),
    ])
    expect(JSON.stringify(answer)).not.toMatch(/"revid"|hash/)
    expect(answer.scanned).toBe(5)
    expect(
      await failureCode(tools.recent_changes!, {
        since: '2026-12-02T00:00:00Z',
        until: '2026-12-01T23:59:59.5Z',
      }),
    ).toBe('invalid_arguments')
    expect(tools.recent_changes!.input.safeParse({ since: 'yesterday' }).success).toBe(false)
  })

  it('search mode prefix asks the prefix search only', async () => {
    const { wiki, tools } = setup()
    wiki.lists.prefix = [{ title: 'GRUB/Tips', pageid: 5, ns: 0 }]
    const answer = await callTool(tools.search!, { query: 'GRUB/', mode: 'prefix', limit: 5 })
    expect(wiki.calls).toEqual(['prefix GRUB/ 5'])
    expect(answer.results).toEqual([
      {
        title: 'GRUB/Tips',
        pageid: 5,
        snippet: '',
        url: 'https://wiki.example.org/title/GRUB%2FTips',
        match: 'prefix',
      },
    ])
  })
})
