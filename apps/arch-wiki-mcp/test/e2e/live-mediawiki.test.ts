// Every tool against a real MediaWiki (Debian's, SQLite, php -S) holding pages this project
// wrote (fixtures/mediawiki/pages). Also re-records fixtures/mediawiki/recordings under UPDATE=1.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { repoPath, startMediaWiki, type LocalMediaWiki } from '@wiki/test-utils'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBackend, siteFrom } from '../../src/create-backend.js'
import { archWikiTools } from '../../src/server.js'
import { callTool, failureCode } from '../call-tool.js'

const PAGES = repoPath('fixtures/mediawiki/pages')
const RECORDINGS = repoPath('fixtures/mediawiki/recordings')
const RECORD_SCRIPT = fileURLToPath(new URL('../../scripts/record.mjs', import.meta.url))
const index = JSON.parse(readFileSync(join(PAGES, 'index.json'), 'utf8')) as {
  pages: [string, string][]
}
const ARTICLES = index.pages.map(([title]) => title).filter((t) => !t.startsWith('Template:'))

type Tools = Record<string, Parameters<typeof callTool>[0]>

describe('arch-wiki-mcp against a live MediaWiki', () => {
  let wiki: LocalMediaWiki
  const revids = new Map<string, number>()
  let requests: string[] = []

  const tools = (): Tools => {
    const backend = createBackend({
      site: siteFrom({ wikiUrl: wiki.url, articlePath: wiki.articlePath, apiPath: '/api.php' }),
      source: {
        cacheTtl: 0,
        onRequest: (event) => requests.push(`${event.action}:${event.key}`),
      },
    })
    return Object.fromEntries(archWikiTools(backend).map((t) => [t.name, t]))
  }

  beforeAll(async () => {
    wiki = await startMediaWiki()
    for (const [title, file] of index.pages) {
      revids.set(title, await wiki.edit(title, readFileSync(join(PAGES, file), 'utf8')))
    }
  })

  afterAll(async () => {
    await wiki?.stop()
  })

  it('page follows redirects and cites the served title', async () => {
    const t = tools()
    const page = await callTool(t.page!, { title_or_url: 'Example loader' })
    expect(page).toMatchObject({
      title: 'Example boot loader',
      revid: revids.get('Example boot loader'),
      redirected_from: 'Example loader',
    })
    expect(page.url).toBe(`${wiki.url}/index.php/Example_boot_loader`)
    const byUrl = await callTool(t.page!, {
      title_or_url: `${wiki.url}/index.php/Example_boot_loader`,
    })
    expect(byUrl.wikitext_hash).toBe(page.wikitext_hash)
  })

  it('sections slice by code point after astral characters, duplicates stay apart', async () => {
    const t = tools()
    const first = await callTool(t.section!, {
      title_or_url: 'Example boot loader',
      anchor: 'Installation',
    })
    const second = await callTool(t.section!, {
      title_or_url: 'Example boot loader',
      anchor: 'Installation_2',
    })
    expect(first.content_raw as string).toMatch(/^== Installation ==\n\n\{\{Note/)
    expect(second.content_raw as string).toMatch(/^== Installation ==\n\nA second heading/)
    expect(first.content as string).toMatch(/^## Installation/)
  })

  it('a transcluded section has a null offset and is unresolvable', async () => {
    const t = tools()
    const { sections } = await callTool(t.sections!, { title_or_url: 'Example boot loader' })
    const shared = (sections as { anchor: string; byteoffset: number | null }[]).find(
      (s) => s.anchor === 'Shared_heading',
    )
    expect(shared?.byteoffset).toBeNull()
    expect(
      await failureCode(t.section!, {
        title_or_url: 'Example boot loader',
        anchor: 'Shared_heading',
      }),
    ).toBe('evidence_unresolvable')
  })

  it('commands: the six parameter forms, comments, nowiki and character references', async () => {
    const t = tools()
    const { commands } = await callTool(t.commands!, { title_or_url: 'Example boot loader' })
    const blocks = commands as Record<string, unknown>[]
    expect(blocks.map((b) => [b.source_pattern, b.content, b.header])).toEqual([
      ['template_bc', '# example-install --target=x86_64-efi --efi-directory=<esp>', null],
      ['template_bc', '# example-mkconfig -o /boot/example/example.cfg', null],
      ['template_hc', 'EXAMPLE_TIMEOUT=5', '/etc/default/example'],
      ['template_hc', 'Device found.', '# example-probe <device>'],
      ['template_hc', 'menuentry "Custom" {', '/etc/example.d/10-custom'],
      ['template_hc', 'saved_entry=0', '/boot/example/env'],
      ['template_bc', 'echo <entry> && true', null],
      ['indented_block', '# example-install --removable\n# example-mkconfig', null],
      ['indented_block', '# example-edit [[not a link]]', null],
    ])
    expect(JSON.stringify(blocks)).not.toContain('rm -rf')
    expect(blocks[0]?.placeholders).toEqual(['esp'])
  })

  it('an indented block with a multi-line nowiki is unresolvable; its neighbours are fine', async () => {
    const t = tools()
    const title_or_url = 'Unsliceable example'
    expect(await failureCode(t.commands!, { title_or_url, anchor: 'Broken_block' })).toBe(
      'evidence_unresolvable',
    )
    const fine = await callTool(t.commands!, { title_or_url, anchor: 'Fine_block' })
    expect((fine.commands as { content: string }[]).map((c) => c.content)).toEqual(['echo fine'])
  })

  it('warnings: self-attesting, nested, and redirect aliases with the redirect revision', async () => {
    const t = tools()
    const en = await callTool(t.warnings!, { title_or_url: 'Example boot loader' })
    expect((en.warnings as { type: string }[]).map((w) => w.type)).toEqual([
      'NOTE',
      'WARNING',
      'WARNING',
      'TIP',
      'CAUTION',
    ])
    requests = []
    const fr = await callTool(t.warnings!, { title_or_url: "Guide d'exemple" })
    const items = fr.warnings as Record<string, unknown>[]
    expect(items.map((w) => [w.type, w.alias, w.alias_target, w.alias_revid])).toEqual([
      ['WARNING', 'Attention', 'Template:Warning (Français)', revids.get('Template:Attention')],
      ['TIP', 'AstuceRapide', 'Template:Tip (Français)', revids.get('Template:AstuceRapide')],
      ['NOTE', null, null, null],
    ])
    expect(items[0]?.alias_revision_url).toBe(
      `${wiki.url}/index.php?oldid=${revids.get('Template:Attention')}`,
    )
    expect(requests).toEqual([
      "parse:Guide d'exemple",
      "query:aliases_Guide d'exemple",
      "query:aliasrevs_Guide d'exemple",
    ])
  })

  it('alias_revid follows an edit of the redirect page, not of its target', async () => {
    const t = tools()
    const edited = await wiki.edit(
      'Template:Attention',
      '#REDIRECT [[Template:Warning (Français)]]\n[[Category:Redirects]]',
    )
    const fr = await callTool(t.warnings!, { title_or_url: "Guide d'exemple" })
    expect((fr.warnings as { alias_revid: number | null }[])[0]?.alias_revid).toBe(edited)
    expect(edited).not.toBe(revids.get('Template:Attention'))
  })

  it('a two-hop alias chain is not attested', async () => {
    const t = tools()
    // MediaWiki reports both hops (Vorsicht → Achtung → Warning); one alias_revid cannot attest
    // the middle one.
    expect(await failureCode(t.warnings!, { title_or_url: 'Double redirect example' })).toBe(
      'evidence_unresolvable',
    )
  })

  it('links exclude categories and keep anchors; search finds pages', async () => {
    const t = tools()
    const links = await callTool(t.links!, {
      title_or_url: 'Example boot loader',
      anchor: 'Trailing',
    })
    expect(links.prefixes_from).toBe('siteinfo')
    expect(links.links).toEqual([
      expect.objectContaining({ target_page: 'Main Page', anchor: 'Top', display_text: 'a link' }),
    ])
    const search = await callTool(t.search!, { query: 'Example boot loader' })
    expect((search.results as { title: string; match: string }[])[0]).toMatchObject({
      title: 'Example boot loader',
      match: 'title',
    })
  })

  it('verify reproduces every hash of every page', async () => {
    const t = tools()
    let checked = 0
    for (const title_or_url of ARTICLES) {
      const page = await callTool(t.page!, { title_or_url })
      const evidence: object[] = [page]
      for (const s of page.sections as { anchor: string; byteoffset: number | null }[]) {
        if (s.byteoffset === null) continue
        evidence.push(await callTool(t.section!, { title_or_url, anchor: s.anchor }))
        const commands = await callTool(t.commands!, { title_or_url, anchor: s.anchor }).catch(
          () => ({ commands: [] }),
        )
        evidence.push(...(commands.commands as object[]))
      }
      const warnings = await callTool(t.warnings!, { title_or_url }).catch(() => ({ warnings: [] }))
      evidence.push(...(warnings.warnings as object[]))
      for (const item of evidence) {
        const result = await callTool(t.verify!, { evidence: item })
        expect(result).toMatchObject({ reproduced: true, url_matches: true })
        checked++
      }
    }
    expect(checked).toBeGreaterThan(25)
  })

  it('recheck: unchanged, changed with a diff, then gone', async () => {
    const t = tools()
    const title_or_url = 'Unsliceable example'
    const section = await callTool(t.section!, { title_or_url, anchor: 'Fine_block' })
    const [block] = (await callTool(t.commands!, { title_or_url, anchor: 'Fine_block' }))
      .commands as object[]
    expect(await callTool(t.recheck!, { evidence: section })).toMatchObject({ status: 'unchanged' })
    const before = revids.get(title_or_url)
    const text = readFileSync(join(PAGES, 'unsliceable-example.wikitext'), 'utf8')
    const after = await wiki.edit(title_or_url, text.replace('echo fine', 'echo finer'))
    const changed = await callTool(t.recheck!, { evidence: block })
    expect(changed).toMatchObject({
      status: 'changed',
      prior_revid: before,
      current_revid: after,
      prior_block_index: 0,
      current_block_index: 0,
    })
    expect(changed.diff).toContain('-echo fine')
    expect(changed.diff).toContain('+echo finer')
    await wiki.edit(title_or_url, 'Nothing left.\n')
    expect(await callTool(t.recheck!, { evidence: section })).toMatchObject({
      status: 'gone',
      gone_reason: 'section_not_found',
    })
  })

  it('the record script writes the same recordings as fixtures/mediawiki/recordings', () => {
    const out = process.env.UPDATE ? RECORDINGS : mkdtempSync(join(tmpdir(), 'arch-wiki-record-'))
    const run = spawnSync(
      process.execPath,
      [
        RECORD_SCRIPT,
        '--wiki-url',
        wiki.url,
        '--article-path',
        wiki.articlePath,
        '--api-path',
        '/api.php',
        '--out',
        out,
        '--force',
        'Example boot loader',
        'Example loader',
        "Guide d'exemple",
        'Double redirect example',
        '--search',
        'Example boot loader',
        '--siteinfo',
        '--history',
        'Example boot loader',
      ],
      { encoding: 'utf8', timeout: 60_000 },
    )
    expect(run.stderr).toContain('recorded')
    expect(run.status).toBe(0)
    expect(readdirSync(out).sort()).toEqual(readdirSync(RECORDINGS).sort())
  })
})
