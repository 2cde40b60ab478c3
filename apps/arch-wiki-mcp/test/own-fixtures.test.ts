// The tools on the project's own recordings (fixtures/mediawiki/recordings): pages we wrote,
// recorded from a local MediaWiki. Needs no ../shared, so it runs in every clone.
import { createBackend, siteFrom } from '../src/create-backend.js'
import { createDirectoryStore } from '../src/directory-store.js'
import { archWikiTools } from '../src/server.js'
import { repoPath } from '@wiki/test-utils'
import { describe, expect, it } from 'vitest'
import { callTool, failureCode } from './call-tool.js'

// The recordings came from http://127.0.0.1:<port>; URLs are rebuilt for this site.
const SITE = { wikiUrl: 'http://127.0.0.1:8080', articlePath: '/index.php/$1', apiPath: '/api.php' }

function setup() {
  const requests: string[] = []
  const backend = createBackend({
    site: siteFrom(SITE),
    source: {
      offline: createDirectoryStore(repoPath('fixtures/mediawiki/recordings')),
      onRequest: (event) => requests.push(`${event.action}:${event.key}`),
    },
  })
  const tools = Object.fromEntries(archWikiTools(backend).map((t) => [t.name, t]))
  return { requests, tools: tools as Record<string, (typeof tools)[string] & {}> }
}

describe('own MediaWiki fixtures, offline', () => {
  it('follows the recorded redirect and cites the served title', async () => {
    const { tools } = setup()
    const page = await callTool(tools.page!, { title_or_url: 'Example loader' })
    expect(page).toMatchObject({
      title: 'Example boot loader',
      revid: 18,
      redirected_from: 'Example loader',
      url: 'http://127.0.0.1:8080/index.php/Example_boot_loader',
      revision_url: 'http://127.0.0.1:8080/index.php?oldid=18',
    })
  })

  it('slices sections by code point after astral characters', async () => {
    const { tools } = setup()
    const section = await callTool(tools.section!, {
      title_or_url: 'Example boot loader',
      anchor: 'Installation_2',
    })
    expect(section.content_raw as string).toMatch(/^== Installation ==\n\nA second heading/)
    expect(section.content as string).toMatch(/^## Installation\n\nA second heading/)
  })

  it('extracts the six code-block forms and the header of {{hc}}', async () => {
    const { tools } = setup()
    const { commands } = await callTool(tools.commands!, {
      title_or_url: 'Example boot loader',
      anchor: 'Installation',
    })
    expect((commands as Record<string, unknown>[]).map((c) => [c.content_raw, c.header])).toEqual([
      ["# example-install --target{{=}}x86_64-efi --efi-directory{{=}}''esp''", null],
      ['# example-mkconfig -o /boot/example/example.cfg', null],
      ['EXAMPLE_TIMEOUT=5', '/etc/default/example'],
      ['Device found.', '# example-probe <device>'],
      ['menuentry "Custom" {', '/etc/example.d/10-custom'],
      ['saved_entry=0', '/boot/example/env'],
    ])
  })

  it('types translated warnings through the recorded redirect revisions', async () => {
    const { tools, requests } = setup()
    const { warnings } = await callTool(tools.warnings!, { title_or_url: "Guide d'exemple" })
    expect(
      (warnings as Record<string, unknown>[]).map((w) => [w.type, w.alias, w.alias_revid]),
    ).toEqual([
      ['WARNING', 'Attention', 23],
      ['TIP', 'AstuceRapide', 13],
      ['NOTE', null, null],
    ])
    expect(requests).toEqual([
      "parse:Guide d'exemple",
      "query:aliases_Guide d'exemple",
      "query:aliasrevs_Guide d'exemple",
    ])
  })

  it('refuses a two-hop alias chain', async () => {
    const { tools } = setup()
    expect(await failureCode(tools.warnings!, { title_or_url: 'Double redirect example' })).toBe(
      'evidence_unresolvable',
    )
  })

  it('searches, lists links and refuses a transcluded section', async () => {
    const { tools } = setup()
    const search = await callTool(tools.search!, { query: 'Example boot loader' })
    expect((search.results as { match: string }[])[0]).toMatchObject({ match: 'title' })
    const links = await callTool(tools.links!, {
      title_or_url: 'Example boot loader',
      anchor: 'Trailing',
    })
    expect((links.links as { target_page: string }[]).map((l) => l.target_page)).toEqual([
      'Main Page',
    ])
    expect(
      await failureCode(tools.section!, {
        title_or_url: 'Example boot loader',
        anchor: 'Shared_heading',
      }),
    ).toBe('evidence_unresolvable')
  })
})

describe('history, revid and diff, offline', () => {
  it('replays the recorded history and reads the recorded revision by revid', async () => {
    const { tools, requests } = setup()
    const history = await callTool(tools.history!, { title_or_url: 'Example boot loader' })
    expect(requests).toEqual(['query:history_Example boot loader_20'])
    expect(history).toMatchObject({ title: 'Example boot loader', pageid: 18, continue: null })
    expect(history.revisions).toEqual([
      expect.objectContaining({
        revid: 18,
        parentid: 0,
        user: '127.0.0.1',
        revision_url: 'http://127.0.0.1:8080/index.php?oldid=18',
      }),
    ])
    // The revid index answers oldid 18 from the recorded parse of the page.
    const page = await callTool(tools.page!, { title_or_url: 'Example boot loader', revid: 18 })
    expect(page).toMatchObject({
      revid: 18,
      revision_url: 'http://127.0.0.1:8080/index.php?oldid=18',
    })
    const diff = await callTool(tools.diff!, { title_or_url: 'Example boot loader', from: 18 })
    expect(diff).toMatchObject({
      from_revid: 18,
      to_revid: 18,
      identical: true,
      diff: '',
      from_wikitext_hash: page.wikitext_hash,
    })
  })
})
