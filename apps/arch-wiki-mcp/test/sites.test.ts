import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { UsageError } from '@wiki/mcp-core/node'
import { describe, expect, it } from 'vitest'
import { archWikiTools } from '../src/server.js'
import { OPTIONS, readSettings } from '../src/settings.js'
import { createSiteSet, parseSitesFile, readSitesFile } from '../src/sites.js'
import { callTool, failureCode } from './call-tool.js'
import { fakeWiki } from './fake-backend.js'

const ARCH = {
  name: 'arch',
  url: 'https://wiki.archlinux.org',
  article_path: '/title/$1',
  api_path: '/api.php',
  profile: 'archwiki',
}
const WIKIPEDIA = {
  name: 'wikipedia-en',
  url: 'https://en.wikipedia.org',
  article_path: '/wiki/$1',
  api_path: '/w/api.php',
  user_agent: 'my-agent/1.0 (me@example.org)',
  timeout: 10,
}

/** The message of the UsageError a sites file is refused with. */
function refusal(data: unknown): string {
  try {
    parseSitesFile(data, '/etc', 'sites.json')
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError)
    return (error as Error).message
  }
  throw new Error('the sites file was accepted')
}

describe('the sites file', () => {
  it('reads named sites, the first being the default, with per-site settings', () => {
    const sites = parseSitesFile(
      { sites: [ARCH, { ...WIKIPEDIA, offline: 'rec' }] },
      '/etc/wiki',
      'x',
    )
    expect(sites.map((s) => s.name)).toEqual(['arch', 'wikipedia-en'])
    expect(sites[0]).toMatchObject({
      profile: 'archwiki',
      userAgent: undefined,
      offline: undefined,
    })
    expect(sites[1]).toMatchObject({
      profile: 'none',
      userAgent: 'my-agent/1.0 (me@example.org)',
      timeout: 10,
      offline: '/etc/wiki/rec',
    })
    expect(sites[1]!.site).toMatchObject({
      base: 'https://en.wikipedia.org',
      apiPath: '/w/api.php',
    })
  })

  it('names the key path, the value and what was expected', () => {
    expect(refusal({ sites: [ARCH, { ...WIKIPEDIA, url: 'ftp://x.org' }] })).toMatch(
      /sites\[1\]\.url: got "ftp:\/\/x\.org"; expected an http or https URL/,
    )
    expect(refusal({ sites: [{ ...ARCH, article_path: '/title/' }] })).toMatch(
      /sites\[0\]\.article_path: got "\/title\/"; expected a path starting with "\/" and ending in "\$1"/,
    )
    expect(refusal({ sites: [{ ...ARCH, api_path: '/w/index.php' }] })).toMatch(
      /sites\[0\]\.api_path: got "\/w\/index\.php"; expected .*\/api\.php/,
    )
    expect(refusal({ sites: [{ ...ARCH, timeout: '30' }] })).toMatch(
      /sites\[0\]\.timeout: got "30"; expected number$/m,
    )
    expect(refusal({ sites: [{ ...ARCH, profile: 'mediawiki' }] })).toMatch(
      /sites\[0\]\.profile: got "mediawiki"; expected .*"archwiki".*"none"/,
    )
    expect(refusal({ sites: [{ ...ARCH, name: 'Arch Wiki' }] })).toMatch(
      /sites\[0\]\.name: got "Arch Wiki"; expected a lower-case name/,
    )
    expect(refusal({ sites: [ARCH, { ...WIKIPEDIA, name: 'arch' }] })).toMatch(
      /sites\[1\]\.name: got "arch"; expected a name no other site has/,
    )
    expect(refusal({ sites: [{ ...ARCH, timout: 5 }] })).toMatch(
      /sites\[0\]\.timout: got 5; expected no such key \(known: name, url, /,
    )
    expect(refusal({ sites: [] })).toMatch(/sites: got \[\]; expected .*1/)
    expect(refusal({ sites: [ARCH], site: [ARCH] })).toMatch(/site: got .*; expected no such key/)
    expect(refusal({})).toMatch(/sites: got nothing; expected array/)
    // Every problem at once, one line each.
    expect(refusal({ sites: [{ ...ARCH, url: 'x', timeout: 0 }] }).split('\n')).toHaveLength(3)
  })

  it("a profile object defines the wiki's own templates", () => {
    const [site] = parseSitesFile(
      {
        sites: [
          {
            ...WIKIPEDIA,
            profile: {
              name: 'wikipedia',
              templates: {
                Caution: { kind: 'admonition', type: 'CAUTION' },
                Code: { kind: 'codeBlock' },
                '!': { kind: 'literal', value: '|' },
              },
              caseInsensitive: true,
              languageSuffix: ['admonition'],
            },
          },
        ],
      },
      '/etc',
      'x',
    )
    expect(typeof site!.profile).toBe('object')
    const profile = site!.profile as Exclude<NonNullable<typeof site>['profile'], string>
    expect(profile.name).toBe('wikipedia')
    expect(profile.caseInsensitive).toBe(true)
    expect(profile.templates.get('caution')).toEqual({ kind: 'admonition', type: 'CAUTION' })
    expect(profile.languageSuffix).toEqual(['admonition'])
  })

  it('a bad profile object names its key path, the value and what was expected', () => {
    const withProfile = (profile: unknown) => ({ sites: [ARCH, { ...WIKIPEDIA, profile }] })
    const templates = { Note: { kind: 'admonition', type: 'NOTE' } }
    expect(
      refusal(withProfile({ name: 'w', templates: { Note: { kind: 'admonition', type: 'FOO' } } })),
    ).toMatch(
      /^ {2}sites\[1\]\.profile\.templates\.Note\.type: got "FOO"; expected one of NOTE, WARNING, TIP, CAUTION$/m,
    )
    expect(refusal(withProfile({ name: 'w', templates: { Note: 'admonition' } }))).toMatch(
      /sites\[1\]\.profile\.templates\.Note: got "admonition"; expected a role object with a `kind`$/m,
    )
    expect(refusal(withProfile({ name: 'w', templates: { Bc: { kind: 'block' } } }))).toMatch(
      /sites\[1\]\.profile\.templates\.Bc\.kind: got "block"; expected one of codeBlock, /,
    )
    expect(refusal(withProfile({ name: '', templates }))).toMatch(
      /sites\[1\]\.profile\.name: got ""; expected a non-empty string$/m,
    )
    expect(refusal(withProfile({ name: 'w', templates: [] }))).toMatch(
      /sites\[1\]\.profile\.templates: got \[\]; expected an object of name → role$/m,
    )
    expect(refusal(withProfile({ name: 'w', templates, caseInsensitive: 'yes' }))).toMatch(
      /sites\[1\]\.profile\.caseInsensitive: got "yes"; expected a boolean$/m,
    )
    expect(refusal(withProfile({ name: 'w', templates, languageSuffix: ['note'] }))).toMatch(
      /sites\[1\]\.profile\.languageSuffix: got \["note"\]; expected an array of role kinds/,
    )
    expect(refusal(withProfile({ name: 'w', templates, template: {} }))).toMatch(
      /sites\[1\]\.profile\.template: got \{\}; expected no such key \(known: name, templates, /,
    )
    expect(refusal(withProfile({ name: 'archwiki', templates }))).toMatch(
      /sites\[1\]\.profile\.name: got "archwiki"; expected a name other than "archwiki" or "none"/,
    )
    expect(refusal(withProfile(7))).toMatch(
      /sites\[1\]\.profile: got 7; expected one of "archwiki", "none" or an object with name and templates/,
    )
  })

  it('a file that is missing or not JSON is a usage error naming the file and the setting', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sites-'))
    writeFileSync(join(dir, 'bad.json'), '{"sites": [')
    expect(() => readSitesFile(join(dir, 'bad.json'))).toThrow(/bad\.json \(--sites/)
    expect(() => readSitesFile(join(dir, 'none.json'))).toThrow(UsageError)
  })

  it('--sites replaces the single-wiki flags, and refuses to be mixed with them', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sites-'))
    const file = join(dir, 'sites.json')
    writeFileSync(file, JSON.stringify({ sites: [ARCH, WIKIPEDIA] }))
    const none = Object.fromEntries(Object.keys(OPTIONS).map((k) => [k, undefined])) as Parameters<
      typeof readSettings
    >[0]
    expect(readSettings({ ...none, sites: file }).sites?.map((s) => s.name)).toEqual([
      'arch',
      'wikipedia-en',
    ])
    expect(readSettings(none).sites).toBeUndefined()
    expect(() => readSettings({ ...none, sites: file, wikiUrl: 'https://x.org' })).toThrow(
      /drop --wiki-url/,
    )
  })
})

describe('the site of a call', () => {
  const two = () => {
    const arch = fakeWiki({ name: 'arch', base: 'https://wiki.archlinux.org' })
    const other = fakeWiki({ name: 'other', base: 'http://127.0.0.1:8081', profile: 'none' })
    arch.edit('Example', '== Install ==\n{{Note|Arch text.}}\n{{bc|# pacman -S x}}\n')
    other.edit('Example', '== Install ==\n{{Note|Other text.}}\n # apt install x\n')
    const set = createSiteSet([arch.backend, other.backend])
    const tools = Object.fromEntries(archWikiTools(set).map((t) => [t.name, t]))
    return { arch, other, set, tools: tools as Record<string, (typeof tools)[string] & {}> }
  }

  it('is the named site, else the site of a URL, else the first', () => {
    const { arch, other, set } = two()
    expect(set.pick(undefined)).toBe(arch.backend)
    expect(set.pick('other', 'Example')).toBe(other.backend)
    expect(set.pick(undefined, 'http://127.0.0.1:8081/title/Example')).toBe(other.backend)
    expect(set.pick(undefined, 'https://wiki.archlinux.org/title/Example')).toBe(arch.backend)
  })

  it('every answer whose items carry no site names the wiki it came from', async () => {
    const { tools } = two()
    const other = { name: 'other', base_url: 'http://127.0.0.1:8081' }
    const arch = { name: 'arch', base_url: 'https://wiki.archlinux.org' }
    const page = { title_or_url: 'Example' }
    const calls: [string, Record<string, unknown>][] = [
      ['search', { query: 'Example' }],
      ['search', { query: 'Ex', mode: 'prefix' }],
      ['sections', page],
      ['commands', page],
      ['warnings', page],
      ['links', page],
      ['history', page],
      ['categories', page],
      ['category', { category: 'Example' }],
      ['backlinks', page],
      ['recent_changes', {}],
    ]
    for (const [name, args] of calls) {
      expect([name, (await callTool(tools[name]!, { ...args, site: 'other' })).site]).toEqual([
        name,
        other,
      ])
      expect([name, (await callTool(tools[name]!, args)).site]).toEqual([name, arch])
    }
    // The audits name the wiki the evidence was checked on: the one it came from.
    const evidence = await callTool(tools.section!, { ...page, anchor: 'Install', site: 'other' })
    const verified = await callTool(tools.verify!, { evidence })
    expect(verified).toMatchObject({ reproduced: true, site: other })
    expect((await callTool(tools.recheck!, { evidence })).site).toEqual(other)
    const byRevid = await callTool(tools.verify!, {
      revid: evidence.revid as number,
      content_raw: 'Arch text.',
    })
    expect(byRevid).toMatchObject({ reproduced: true, site: arch })
  })

  it('an empty or full commands and warnings answer names its site beside the list', async () => {
    const { arch, other, tools } = two()
    const archSite = { name: 'arch', base_url: 'https://wiki.archlinux.org' }
    const otherSite = { name: 'other', base_url: 'http://127.0.0.1:8081' }
    arch.edit('Plain', 'No blocks, no notes.\n')
    other.edit('Plain', 'No blocks, no notes.\n')
    for (const [site, expected] of [
      [undefined, archSite],
      ['other', otherSite],
    ] as const) {
      const commands = await callTool(tools.commands!, { title_or_url: 'Plain', site })
      expect(commands).toMatchObject({ commands: [], site: expected })
      const warnings = await callTool(tools.warnings!, { title_or_url: 'Plain', site })
      expect(warnings).toMatchObject({ warnings: [], site: expected })
    }
    // Beside a full list, the site is the one each item names.
    const full = await callTool(tools.commands!, { title_or_url: 'Example', site: 'other' })
    const items = full.commands as { site: unknown }[]
    expect(items).toHaveLength(1)
    expect([full.site, items[0]!.site]).toEqual([otherSite, otherSite])
    const notes = await callTool(tools.warnings!, { title_or_url: 'Example' })
    const notesItems = notes.warnings as { site: unknown }[]
    expect(notesItems).toHaveLength(1)
    expect([notes.site, notesItems[0]!.site]).toEqual([archSite, archSite])
  })

  it('never mixes sites: the same title answers from its own wiki, naming it', async () => {
    const { tools } = two()
    const first = await callTool(tools.section!, { title_or_url: 'Example', anchor: 'Install' })
    const second = await callTool(tools.section!, {
      title_or_url: 'Example',
      anchor: 'Install',
      site: 'other',
    })
    expect(first.content_raw).toContain('Arch text.')
    expect(second.content_raw).toContain('Other text.')
    expect(first.site).toEqual({ name: 'arch', base_url: 'https://wiki.archlinux.org' })
    expect(second.site).toEqual({ name: 'other', base_url: 'http://127.0.0.1:8081' })
    expect(second.revision_url).toMatch(/^http:\/\/127\.0\.0\.1:8081\//)
    // Each verifies on its own wiki, whichever site the call names by default.
    expect(await callTool(tools.verify!, { evidence: second })).toMatchObject({
      reproduced: true,
      revision_wikitext_url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:8081\//),
    })
    expect(await callTool(tools.verify!, { evidence: first })).toMatchObject({ reproduced: true })
    expect(await callTool(tools.recheck!, { evidence: second })).toMatchObject({
      status: 'unchanged',
    })
  })

  it('refuses an unknown site, a URL of a third host, and evidence checked on another site', async () => {
    const { tools } = two()
    expect(await failureCode(tools.page!, { title_or_url: 'Example', site: 'nope' })).toBe(
      'unknown_site',
    )
    await expect(callTool(tools.page!, { title_or_url: 'Example', site: 'nope' })).rejects.toThrow(
      /arch \(https:\/\/wiki\.archlinux\.org\/title\/\$1\), other/,
    )
    expect(
      await failureCode(tools.page!, { title_or_url: 'https://evil.example/title/Example' }),
    ).toBe('malformed_wiki_url')
    // A URL of one site read as another site.
    expect(
      await failureCode(tools.page!, {
        title_or_url: 'https://wiki.archlinux.org/title/Example',
        site: 'other',
      }),
    ).toBe('malformed_wiki_url')
    const section = await callTool(tools.section!, {
      title_or_url: 'Example',
      anchor: 'Install',
      site: 'other',
    })
    expect(await failureCode(tools.verify!, { evidence: section, site: 'arch' })).toBe(
      'malformed_wiki_url',
    )
    const forged = { ...section, site: { name: 'other', base_url: 'https://third.example' } }
    expect(await failureCode(tools.verify!, { evidence: forged })).toBe('malformed_wiki_url')
    const elsewhere = {
      ...section,
      url: 'https://third.example/title/Example',
      revision_url: 'https://third.example/index.php?oldid=1',
      revision_wikitext_url: 'https://third.example/api.php?action=parse&oldid=1',
      site: { name: 'other', base_url: 'https://third.example' },
    }
    expect(await failureCode(tools.recheck!, { evidence: elsewhere })).toBe('malformed_wiki_url')
  })

  it('a site without an admonition profile says so instead of an empty list', async () => {
    const { tools } = two()
    const arch = await callTool(tools.warnings!, { title_or_url: 'Example' })
    expect(arch).toMatchObject({ profile: 'archwiki', note: null })
    expect(arch.warnings).toHaveLength(1)
    const other = await callTool(tools.warnings!, { title_or_url: 'Example', site: 'other' })
    expect(other).toMatchObject({ warnings: [], profile: 'none' })
    expect(other.note).toMatch(/no admonition profile.*not evidence that the page has none/)
  })
})
