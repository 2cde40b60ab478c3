// The tools over the recorded Arch Wiki corpus (read in place from ../shared/arch-fixtures) with
// the real adapter, parser and provenance: the README's examples and known facts of the corpus.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { SHARED_MISSING_REASON, sharedDir } from '@wiki/test-utils'
import { describe, expect, it } from 'vitest'
import { createBackend, siteFrom } from '../src/create-backend.js'
import { createDirectoryStore } from '../src/directory-store.js'
import { archWikiTools } from '../src/server.js'
import { DEFAULTS } from '../src/settings.js'
import { callTool, failureCode } from './call-tool.js'

const shared = sharedDir()
const dir = shared && join(shared, 'arch-fixtures')

function setup() {
  const requests: string[] = []
  const backend = createBackend({
    site: siteFrom(DEFAULTS),
    source: {
      offline: createDirectoryStore(dir as string),
      onRequest: (event) => requests.push(`${event.action}:${event.key}`),
    },
  })
  const tools = Object.fromEntries(archWikiTools(backend).map((t) => [t.name, t]))
  return { requests, tools: tools as Record<string, (typeof tools)[string] & {}> }
}

describe.skipIf(!dir)(`recorded Arch Wiki corpus ${dir ? '' : SHARED_MISSING_REASON}`, () => {
  it('README example: the GRUB Installation command', async () => {
    const { tools } = setup()
    const result = await callTool(tools.commands!, { title_or_url: 'GRUB', anchor: 'Installation' })
    const block = (result.commands as Record<string, unknown>[]).find(
      (c) => c.content_hash === '8b8dfad439a8fb73f328ec9c2da75cf575e7a24ad945d3890ddc626f180b7a44',
    )
    expect(block).toEqual({
      content: '# grub-install --target=x86_64-efi --efi-directory=<esp> --bootloader-id=GRUB',
      content_raw:
        "# grub-install --target=x86_64-efi --efi-directory=''esp'' --bootloader-id=GRUB",
      content_hash: '8b8dfad439a8fb73f328ec9c2da75cf575e7a24ad945d3890ddc626f180b7a44',
      content_hash_cleaned: '29e88b233ac641da1dec1beeb7500687263991279c8fd0d5762ca45479ffb12e',
      block_type: 'block_code',
      source_pattern: 'template_bc',
      language: null,
      header: null,
      placeholders: ['esp'],
      source_url: 'https://wiki.archlinux.org/title/GRUB#Installation',
      revision_url: 'https://wiki.archlinux.org/index.php?oldid=858930#Installation',
      revision_wikitext_url:
        'https://wiki.archlinux.org/api.php?action=parse&oldid=858930&prop=wikitext&format=json',
      revid: 858930,
      site: { name: 'default', base_url: 'https://wiki.archlinux.org' },
    })
  })

  it('README example: the Installation guide Boot_the_live_environment section', async () => {
    const { tools } = setup()
    const args = { title_or_url: 'Installation guide', anchor: 'Boot_the_live_environment' }
    const result = await callTool(tools.section!, args)
    expect(result).toMatchObject({
      section_heading: 'Boot the live environment',
      extraction_method: 'wikitext_character_offset',
      content_hash: 'b2ec52eef0b639a0fb2a761bdaf3eab9ae6de8ae08091025ad9cf51d022892b7',
      url: 'https://wiki.archlinux.org/title/Installation_guide#Boot_the_live_environment',
      revision_url: 'https://wiki.archlinux.org/index.php?oldid=858613#Boot_the_live_environment',
      revision_wikitext_url:
        'https://wiki.archlinux.org/api.php?action=parse&oldid=858613&prop=wikitext&format=json',
      revid: 858613,
    })
    expect(result.content as string).toMatch(/^### Boot the live environment/)
    expect(result.content).toContain('1. Point the current boot device')
    expect(result.content).toContain('**Note:**')
    expect(result.content_raw as string).toMatch(/^=== Boot the live environment ===/)
    expect((await callTool(tools.commands!, args)).commands).toEqual([])
  })

  it('README example: the Iwd Usage note', async () => {
    const { tools } = setup()
    const result = await callTool(tools.warnings!, { title_or_url: 'Iwd', anchor: 'Usage' })
    const note = (result.warnings as Record<string, unknown>[]).find(
      (w) => w.content_hash === '9e183a7fb724a74e42120dc6f7e3d9631ca1036fb8758e3a481d1ff2ca22ed3a',
    )
    expect(note).toEqual({
      type: 'NOTE',
      message:
        'Only root and members of the network or the wheel user group are allowed to interact with iwd. In order to use iwctl or other front-ends, you need to add your user to one of those groups.',
      message_raw:
        "Only root and members of the {{ic|network}} or the {{ic|wheel}} [[user group]] are allowed to interact with ''iwd''. In order to use ''iwctl'' or other front-ends, you need to [[Users and groups#Group management|add your user to one of those groups]].",
      content_hash: '9e183a7fb724a74e42120dc6f7e3d9631ca1036fb8758e3a481d1ff2ca22ed3a',
      message_hash_cleaned: '27693d93de0969fc34ac243581e2f66693c6ae2b0f8cabc3098b86b49a290223',
      revid: 847035,
      alias: null,
      alias_target: null,
      alias_revid: null,
      source_url: 'https://wiki.archlinux.org/title/Iwd#Usage',
      revision_url: 'https://wiki.archlinux.org/index.php?oldid=847035#Usage',
      revision_wikitext_url:
        'https://wiki.archlinux.org/api.php?action=parse&oldid=847035&prop=wikitext&format=json',
      alias_revision_url: null,
      site: { name: 'default', base_url: 'https://wiki.archlinux.org' },
    })
  })

  it('README example: the French {{Attention}} warning and its redirect revision', async () => {
    const { tools, requests } = setup()
    const result = await callTool(tools.warnings!, {
      title_or_url: 'Installation guide (Français)',
    })
    const warning = (result.warnings as Record<string, unknown>[]).find(
      (w) => w.content_hash === 'f007b1d054b1b6d2bc8d53a692d8ae530d7824256af4aa5fc5043a8d9e1ddb91',
    )
    expect(warning).toMatchObject({
      type: 'WARNING',
      message:
        "Ne formatez la partition système EFI que si vous l'avez créée pendant le partitionnement. S'il y avait déjà une partition système EFI sur le disque précédemment, son formatage peut détruire les chargeurs d'amorçage des autres systèmes d'exploitation installés.",
      content_hash: 'f007b1d054b1b6d2bc8d53a692d8ae530d7824256af4aa5fc5043a8d9e1ddb91',
      message_hash_cleaned: 'f007b1d054b1b6d2bc8d53a692d8ae530d7824256af4aa5fc5043a8d9e1ddb91',
      source_url: 'https://wiki.archlinux.org/title/Installation_guide_%28Fran%C3%A7ais%29',
      revision_url: 'https://wiki.archlinux.org/index.php?oldid=875238',
      revision_wikitext_url:
        'https://wiki.archlinux.org/api.php?action=parse&oldid=875238&prop=wikitext&format=json',
      revid: 875238,
      alias: 'Attention',
      alias_target: 'Template:Warning (Français)',
      alias_revid: 675792,
      alias_revision_url: 'https://wiki.archlinux.org/index.php?oldid=675792',
    })
    expect(result.warnings).toHaveLength(13)
    expect(requests).toEqual([
      'parse:Installation guide (Français)',
      'query:aliases_Installation guide (Français)',
      'query:aliasrevs_Installation guide (Français)',
    ])
  })

  it('search sends nearmatch then text and starts with the exact title', async () => {
    const { tools, requests } = setup()
    const result = await callTool(tools.search!, { query: 'GRUB' })
    const results = result.results as Record<string, unknown>[]
    expect(results[0]).toMatchObject({ title: 'GRUB', match: 'title' })
    expect(Object.keys(results[0]!)).toEqual(['title', 'pageid', 'snippet', 'url', 'match'])
    expect(requests).toEqual(['query:nearmatch_GRUB', 'query:GRUB'])
    expect((await callTool(tools.search!, { query: 'zzzqqxnotathing' })).results).toEqual([])
  })

  it('links exclude metadata prefixes and keep navigation', async () => {
    const { tools } = setup()
    const result = await callTool(tools.links!, { title_or_url: 'Installation guide' })
    expect(result.prefixes_from).toBe('siteinfo')
    const targets = (result.links as { target_page: string }[]).map((l) => l.target_page)
    expect(targets).toEqual(
      expect.arrayContaining(['network interface', 'EFI system partition', 'pacman']),
    )
    for (const t of targets) {
      expect(t).not.toMatch(/^(category|file|image|media|template|help|special|de|fr|ja):/i)
    }
    expect(JSON.stringify(result)).not.toMatch(/hash/)
  })

  it('Nonexistent page xyz is page_not_found in every page tool', async () => {
    const { tools } = setup()
    const title_or_url = 'Nonexistent page xyz'
    for (const name of ['page', 'sections', 'commands', 'warnings', 'links']) {
      expect(await failureCode(tools[name]!, { title_or_url })).toBe('page_not_found')
    }
    expect(await failureCode(tools.section!, { title_or_url, anchor: 'X' })).toBe('page_not_found')
  })

  it('Transcluded example: null offsets refuse, neighbours stay apart', async () => {
    const { tools } = setup()
    const title_or_url = 'Transcluded example'
    for (const name of ['section', 'commands']) {
      expect(await failureCode(tools[name]!, { title_or_url, anchor: 'Transcluded_section' })).toBe(
        'evidence_unresolvable',
      )
    }
    expect(
      (await callTool(tools.commands!, { title_or_url, anchor: 'Trailing_section' })).commands,
    ).toEqual([])
    const local = await callTool(tools.section!, { title_or_url, anchor: 'Local_section' })
    expect(local.content_raw).toContain('This text lives in this page.')
    expect(local.content_raw).not.toContain('More local text.')
  })

  it('a malformed URL and a revision URL are refused', async () => {
    const { tools } = setup()
    for (const title_or_url of [
      'https://wiki.archlinux.org.evil.example/title/GRUB',
      'https://wiki.archlinux.org/index.php?oldid=858930',
      'ftp://wiki.archlinux.org/title/GRUB',
    ]) {
      expect(await failureCode(tools.page!, { title_or_url })).toBe('malformed_wiki_url')
    }
  })

  it('http:// URLs of the wiki answer as the https ones and titles do', async () => {
    const { tools } = setup()
    const byTitle = await callTool(tools.commands!, {
      title_or_url: 'GRUB',
      anchor: 'Installation',
    })
    for (const title_or_url of [
      'http://wiki.archlinux.org/title/GRUB',
      'http://wiki.archlinux.org/index.php?title=GRUB',
      'https://wiki.archlinux.org/title/GRUB#Ignored_fragment',
    ]) {
      expect(await callTool(tools.commands!, { title_or_url, anchor: 'Installation' })).toEqual(
        byTitle,
      )
    }
  })

  it('a refused URL names the rule it broke', async () => {
    const { tools } = setup()
    for (const [title_or_url, rule] of [
      ['gopher://wiki.archlinux.org/title/GRUB', /scheme is "gopher", not http or https/],
      ['http://wiki.archlinux.net/title/GRUB', /host "wiki.archlinux.net" is not this wiki's host/],
      ['https://wiki.archlinux.org:8443/title/GRUB', /port 8443 is not this wiki's port/],
      ['https://wiki.archlinux.org/wiki/GRUB', /path "\/wiki\/GRUB" is not under the article path/],
    ] as const) {
      await expect(callTool(tools.page!, { title_or_url })).rejects.toMatchObject({
        code: 'malformed_wiki_url',
        message: expect.stringMatching(rule),
      })
    }
  })

  it('a missing recording is loud, never an empty answer', async () => {
    const { tools } = setup()
    await expect(callTool(tools.page!, { title_or_url: 'Not recorded anywhere' })).rejects.toThrow(
      /parse_Not_recorded_anywhere\.json/,
    )
  })

  it('caches: section, commands, warnings on one page cost one parse', async () => {
    const { tools, requests } = setup()
    const args = { title_or_url: 'GRUB', anchor: 'Installation' }
    await callTool(tools.section!, args)
    await callTool(tools.commands!, args)
    await callTool(tools.warnings!, args)
    expect(requests.filter((r) => r.startsWith('parse:'))).toEqual(['parse:GRUB'])
  })

  it('verify reproduces page, section, command and warning evidence from the recordings', async () => {
    const { tools } = setup()
    const evidence: object[] = [
      await callTool(tools.page!, { title_or_url: 'Iwd' }),
      await callTool(tools.section!, { title_or_url: 'GRUB', anchor: 'Installation' }),
      ...((await callTool(tools.commands!, { title_or_url: 'GRUB' })).commands as object[]),
      ...((await callTool(tools.warnings!, { title_or_url: 'Iwd' })).warnings as object[]),
    ]
    for (const item of evidence) {
      const result = await callTool(tools.verify!, { evidence: item })
      expect(result).toMatchObject({ reproduced: true, url_matches: true, reason: null })
    }
  })
})

// Every page, section, command block and warning of the recorded corpus reproduces from
// its own revision through verify, and the pointer tools never look like evidence.
const PAGES = dir
  ? readdirSync(dir)
      .filter((f) => f.startsWith('parse_') && f !== 'parse_Nonexistent_page_xyz.json')
      .map(
        (f) =>
          (JSON.parse(readFileSync(join(dir, f), 'utf8')) as { parse: { title: string } }).parse
            .title,
      )
  : []

describe.skipIf(!dir)(`verify over the whole corpus ${dir ? '' : SHARED_MISSING_REASON}`, () => {
  it.each(PAGES)('%s: every hash reproduces; pointers carry no evidence keys', async (title) => {
    const { tools } = setup()
    const page = await callTool(tools.page!, { title_or_url: title })
    const evidence: object[] = [page]
    for (const s of page.sections as { anchor: string; byteoffset: number | null }[]) {
      if (s.byteoffset === null) continue
      const args = { title_or_url: title, anchor: s.anchor }
      evidence.push(await callTool(tools.section!, args))
      evidence.push(...((await callTool(tools.commands!, args)).commands as object[]))
    }
    // The hand-made Transcluded example has no alias recording: its warnings() stays loud.
    if (title !== 'Transcluded example') {
      const { warnings } = await callTool(tools.warnings!, { title_or_url: title })
      evidence.push(...(warnings as object[]))
    }
    for (const item of evidence) {
      const result = await callTool(tools.verify!, { evidence: item })
      if (!result.reproduced)
        throw new Error(`not reproduced: ${JSON.stringify(item).slice(0, 300)}`)
    }
    expect(evidence.length).toBeGreaterThan(1)
    const sections = await callTool(tools.sections!, { title_or_url: title })
    expect(JSON.stringify(sections)).not.toMatch(/"revid"|hash/i)
  })
})
