// Two wikis in one server, against two real MediaWikis (Debian's, each its own SQLite database and
// `php -S` on its own port of 127.0.0.1): the same title holds different text on each, and fresh
// installs give both the same revids, so any answer read from the wrong wiki, or any cache shared
// between them, shows as the other wiki's text or as a hash that does not reproduce. The built bin
// is driven with a sites file; one in-process server checks that its caches keep the sites apart.
import { spawnSync } from 'node:child_process'
import { appendFileSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { startMediaWiki, type LocalMediaWiki } from '@wiki/test-utils'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBackend, siteFrom } from '../../src/create-backend.js'
import { archWikiTools } from '../../src/server.js'
import { createSiteSet } from '../../src/sites.js'
import { callTool, failureCode } from '../call-tool.js'
import { BIN, errorCode } from './helpers.js'

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any

const TITLE = 'Shared page'
const ALPHA_TEXT = '== Install ==\n{{Note|Alpha note.}}\n{{bc|# alpha-install}}\n'
const BETA_TEXT = '== Install ==\n{{Note|Beta note.}}\n # beta-install\n'
const LINKS_TEXT = 'See [[Hilfe:Start]], [[Handbuch:Teil]], [[help:Index]] and [[lower page]].'

describe('two MediaWikis in one server', () => {
  let alpha: LocalMediaWiki
  let beta: LocalMediaWiki
  let dir: string
  let sitesFile: string
  const revids: Record<string, number> = {}

  const siteOf = (name: string, wiki: LocalMediaWiki, profile: unknown) => ({
    name,
    url: wiki.url,
    article_path: wiki.articlePath,
    api_path: '/api.php',
    profile,
    timeout: 20,
  })

  /** The built bin with the sites file; stdout parsed when it is JSON. */
  const run = (args: string[], sites = sitesFile) => {
    const result = spawnSync(process.execPath, [BIN, '--sites', sites, ...args], {
      env: { PATH: process.env.PATH ?? '' },
      encoding: 'utf8',
      timeout: 60_000,
    })
    const parse = (text: string): Json | undefined => {
      try {
        return JSON.parse(text) as Json
      } catch {
        return undefined
      }
    }
    return {
      status: result.status,
      out: parse(result.stdout),
      err: parse(result.stderr),
      stderr: result.stderr,
    }
  }

  beforeAll(async () => {
    ;[alpha, beta] = await Promise.all([startMediaWiki(), startMediaWiki()])
    // beta differs as wikis in other languages do: case-sensitive titles, a namespace of its
    // own and an alias of Help in German. Only its siteinfo says so.
    appendFileSync(
      join(beta.dir, 'LocalSettings.php'),
      "\n$wgCapitalLinks = false;\n$wgExtraNamespaces[3000] = 'Handbuch';\n$wgExtraNamespaces[3001] = 'Handbuch_Diskussion';\n$wgNamespaceAliases['Hilfe'] = NS_HELP;\n",
    )
    revids.alpha = await alpha.edit(TITLE, ALPHA_TEXT)
    revids.beta = await beta.edit(TITLE, BETA_TEXT)
    for (const wiki of [alpha, beta]) {
      await wiki.edit('lower page', 'A page whose title starts lower-case.')
      await wiki.edit('Links page', LINKS_TEXT)
    }
    dir = mkdtempSync(join(tmpdir(), 'arch-sites-'))
    sitesFile = join(dir, 'sites.json')
    writeFileSync(
      sitesFile,
      JSON.stringify({
        sites: [siteOf('alpha', alpha, 'archwiki'), siteOf('beta', beta, 'none')],
      }),
    )
  }, 180_000)

  afterAll(async () => {
    await Promise.all([alpha?.stop(), beta?.stop()])
  })

  it('the two installs share revids, so only the site tells their revisions apart', () => {
    expect(revids.alpha).toBe(revids.beta)
  })

  it('answers each site from its own wiki, and each evidence names its site', () => {
    const first = run(['commands', TITLE, 'Install'])
    expect(first.status).toBe(0)
    expect(first.out!.commands).toHaveLength(1)
    expect(first.out!.commands[0]).toMatchObject({
      content_raw: '# alpha-install',
      source_pattern: 'template_bc',
      site: { name: 'alpha', base_url: alpha.url },
    })
    expect(first.out!.commands[0].revision_url).toBe(
      `${alpha.url}/index.php?oldid=${revids.alpha}#Install`,
    )

    const second = run(['commands', TITLE, 'Install', '--site', 'beta'])
    expect(second.status).toBe(0)
    // beta has no template profile: {{bc}} is not known there, the indented block is.
    expect(second.out!.commands.map((c: Json) => c.content_raw)).toEqual(['# beta-install'])
    expect(second.out!.commands[0]).toMatchObject({
      source_pattern: 'indented_block',
      site: { name: 'beta', base_url: beta.url },
    })
    expect(second.out!.commands[0].revision_wikitext_url).toMatch(new RegExp(`^${beta.url}/`))

    // A URL picks its site by host and port, without --site.
    const byUrl = run(['section', `${beta.url}/index.php/Shared_page`, 'Install'])
    expect(byUrl.status).toBe(0)
    expect(byUrl.out).toMatchObject({
      site: { name: 'beta' },
      content_raw: expect.stringContaining('Beta note.'),
    })
  })

  it('evidence verifies on the wiki it came from, and nowhere else', () => {
    const a = run(['section', TITLE, 'Install']).out!
    const b = run(['section', TITLE, 'Install', '--site', 'beta']).out!
    expect(a.content_raw).toContain('Alpha note.')
    expect(b.content_raw).toContain('Beta note.')
    expect(a.revid).toBe(b.revid)
    const file = (name: string, value: unknown) => {
      const path = join(dir, name)
      writeFileSync(path, JSON.stringify(value))
      return path
    }
    // Each verifies with no --site: the evidence's base URL picks the wiki, although the first
    // site is the default and both revisions have the same revid.
    for (const [evidence, wiki] of [
      [a, alpha],
      [b, beta],
    ] as const) {
      const verified = run(['verify', file('e.json', evidence)])
      expect(verified.status).toBe(0)
      expect(verified.out).toMatchObject({ reproduced: true, url_matches: true })
      expect(verified.out!.revision_wikitext_url).toMatch(new RegExp(`^${wiki.url}/`))
      expect(run(['recheck', file('e.json', evidence)]).out).toMatchObject({ status: 'unchanged' })
    }
    // Checking beta's evidence on alpha is refused, not answered "not reproduced" from alpha.
    const crossed = run(['verify', file('b.json', b), '--site', 'alpha'])
    expect(crossed.status).toBe(1)
    expect(crossed.err).toMatchObject({ code: 'malformed_wiki_url' })
    // Evidence claiming a wiki that is not configured is refused.
    const foreign = { ...b, site: { name: 'beta', base_url: 'https://third.example' } }
    expect(run(['verify', file('f.json', foreign)]).err).toMatchObject({
      code: 'malformed_wiki_url',
    })
  })

  it('refuses a URL of a third host and an unknown site', () => {
    const third = run(['page', 'https://third.example/index.php/Shared_page'])
    expect(third.status).toBe(1)
    expect(third.err).toMatchObject({ code: 'malformed_wiki_url' })
    expect(third.err!.error).toContain('alpha')
    const unknown = run(['page', TITLE, '--site', 'gamma'])
    expect(unknown.status).toBe(1)
    expect(unknown.err).toMatchObject({ code: 'unknown_site' })
    expect(unknown.err!.error).toMatch(/"gamma".*alpha.*beta/)
  })

  it('says when a site has no admonition profile instead of an empty list', () => {
    const a = run(['warnings', TITLE]).out!
    expect(a).toMatchObject({ profile: 'archwiki', note: null })
    expect(a.warnings.map((w: Json) => [w.message_raw, w.site.name])).toEqual([
      ['Alpha note.', 'alpha'],
    ])
    const b = run(['warnings', TITLE, '--site', 'beta']).out!
    expect(b).toMatchObject({ warnings: [], profile: 'none' })
    expect(b.note).toContain('no admonition profile')
  })

  it('a site with a profile defined in the file lists warnings from its own templates', async () => {
    // {{Warn}} is a redirect to the profile's own template: the lookup must follow it there.
    const achtung = await beta.edit('Template:Achtung', '<div>{{{1}}}</div>')
    const warn = await beta.edit('Template:Warn', '#REDIRECT [[Template:Achtung]]')
    await beta.edit(
      'Custom page',
      '== Risk ==\n{{Achtung|Mind the gap.}}\n{{Note|Not here.}}\n{{Warn|Redirected gap.}}\n',
    )
    const custom = join(dir, 'custom.json')
    const profile = {
      name: 'beta-templates',
      templates: { Achtung: { kind: 'admonition', type: 'CAUTION' } },
    }
    writeFileSync(
      custom,
      JSON.stringify({
        sites: [siteOf('alpha', alpha, 'archwiki'), siteOf('beta', beta, profile)],
      }),
    )
    const out = run(['warnings', 'Custom page', '--site', 'beta'], custom)
    expect(out.status).toBe(0)
    expect(out.out).toMatchObject({ profile: 'beta-templates', note: null })
    // Only the file's template is an admonition there: the Arch Wiki's Note is not.
    expect(out.out!.warnings.map((w: Json) => [w.type, w.message_raw, w.site.name])).toEqual([
      ['CAUTION', 'Mind the gap.', 'beta'],
      ['CAUTION', 'Redirected gap.', 'beta'],
    ])
    expect(out.out!.warnings[1]).toMatchObject({
      alias: 'Warn',
      alias_target: 'Template:Achtung',
      alias_revid: warn,
    })
    expect(warn).toBeGreaterThan(achtung)
    // The same page read with no profile says it cannot list them, naming the site it read.
    const none = run(['warnings', 'Custom page', '--site', 'beta']).out!
    expect(none).toMatchObject({
      warnings: [],
      profile: 'none',
      site: { name: 'beta', base_url: beta.url },
    })
  })

  it('a bad sites file names the key, at start-up and under --check', () => {
    const bad = join(dir, 'bad.json')
    writeFileSync(
      bad,
      JSON.stringify({
        sites: [
          siteOf('alpha', alpha, 'archwiki'),
          { ...siteOf('beta', beta, 'none'), api_path: '/w/index.php' },
        ],
      }),
    )
    for (const args of [['page', TITLE], ['--check']]) {
      const result = run(args, bad)
      expect(result.status).toBe(2)
      expect(result.stderr).toMatch(
        /sites\[1\]\.api_path: got "\/w\/index\.php"; expected .*api\.php/,
      )
    }
    expect(run(['--check']).status).toBe(0)
  })

  it('a configured article path the wiki contradicts is caught by --check and closes the site', async () => {
    const wrong = join(dir, 'wrong-path.json')
    writeFileSync(
      wrong,
      JSON.stringify({
        sites: [
          siteOf('alpha', alpha, 'archwiki'),
          { ...siteOf('beta', beta, 'none'), article_path: '/wiki/$1' },
        ],
      }),
    )
    const checked = run(['--check'], wrong)
    expect(checked.status).toBe(2)
    expect(checked.stderr).toContain(
      `site "beta": article_path is "/wiki/$1" but the wiki's siteinfo says "${beta.articlePath}"`,
    )
    expect(checked.stderr).not.toContain('site "alpha"')
    // At run time the first siteinfo read finds it; from then on the site answers nothing, and
    // the other site is untouched.
    const backend = (name: string, wiki: LocalMediaWiki, articlePath: string) =>
      createBackend({
        site: siteFrom({ wikiUrl: wiki.url, articlePath, apiPath: '/api.php' }),
        name,
      })
    const sites = createSiteSet([
      backend('alpha', alpha, alpha.articlePath),
      backend('beta', beta, '/wiki/$1'),
    ])
    const tools = Object.fromEntries(archWikiTools(sites).map((t) => [t.name, t]))
    // Before any siteinfo read nothing is known to be wrong.
    expect((await callTool(tools.page!, { title_or_url: TITLE, site: 'beta' })).url).toBe(
      `${beta.url}/wiki/Shared_page`,
    )
    const prefixed = { prefix: 'lower', site: 'beta' }
    expect(await failureCode(tools.recent_changes!, prefixed)).toBe('site_misconfigured')
    expect(await failureCode(tools.page!, { title_or_url: TITLE, site: 'beta' })).toBe(
      'site_misconfigured',
    )
    expect((await callTool(tools.page!, { title_or_url: TITLE, site: 'alpha' })).title).toBe(TITLE)
    expect(
      (await callTool(tools.recent_changes!, { prefix: 'lower', site: 'alpha' })).changes,
    ).toHaveLength(1)
  })

  it('one server process keeps the sites apart in its caches', async () => {
    const requests: string[] = []
    const backend = (name: string, wiki: LocalMediaWiki, profile: 'archwiki' | 'none') =>
      createBackend({
        site: siteFrom({ wikiUrl: wiki.url, articlePath: wiki.articlePath, apiPath: '/api.php' }),
        name,
        profile,
        source: { onRequest: (event) => requests.push(`${name} ${event.action}:${event.key}`) },
      })
    const sites = createSiteSet([
      backend('alpha', alpha, 'archwiki'),
      backend('beta', beta, 'none'),
    ])
    const tools = Object.fromEntries(archWikiTools(sites).map((t) => [t.name, t]))
    const page = (site?: string) =>
      callTool(tools.page!, { title_or_url: TITLE, ...(site ? { site } : {}) })
    // Twice each, interleaved: a shared title or revision cache would answer one with the other.
    for (let round = 0; round < 2; round++) {
      expect((await page()).wikitext).toBe(ALPHA_TEXT.trimEnd())
      expect((await page('beta')).wikitext).toBe(BETA_TEXT.trimEnd())
    }
    // The second round was served from each site's own cache: one parse per site.
    expect(requests.filter((r) => r.includes(' parse:'))).toEqual([
      `alpha parse:${TITLE}`,
      `beta parse:${TITLE}`,
    ])
    // A revid read on one site is not the other's, though the numbers are equal.
    const old = await callTool(tools.page!, {
      title_or_url: TITLE,
      revid: revids.beta,
      site: 'beta',
    })
    expect(old.wikitext).toBe(BETA_TEXT.trimEnd())
  })

  it("reads each wiki's namespaces, aliases and title case from its own siteinfo", async () => {
    const backend = (name: string, wiki: LocalMediaWiki) =>
      createBackend({
        site: siteFrom({ wikiUrl: wiki.url, articlePath: wiki.articlePath, apiPath: '/api.php' }),
        name,
      })
    const sites = createSiteSet([backend('alpha', alpha), backend('beta', beta)])
    const tools = Object.fromEntries(archWikiTools(sites).map((t) => [t.name, t]))
    const targets = async (site: string) =>
      ((await callTool(tools.links!, { title_or_url: 'Links page', site })).links as Json[]).map(
        (l) => l.target_page as string,
      )
    // Help is a namespace everywhere; Hilfe and Handbuch only on beta, where they are not pages.
    expect(await targets('alpha')).toEqual(['Hilfe:Start', 'Handbuch:Teil', 'lower page'])
    expect(await targets('beta')).toEqual(['lower page'])
    // alpha upper-cases a title's first letter, beta keeps it as written.
    expect((await callTool(tools.page!, { title_or_url: 'lower page', site: 'alpha' })).title).toBe(
      'Lower page',
    )
    expect((await callTool(tools.page!, { title_or_url: 'lower page', site: 'beta' })).title).toBe(
      'lower page',
    )
    // A recent-changes prefix is written as each wiki writes titles.
    const changed = async (site: string) =>
      ((await callTool(tools.recent_changes!, { prefix: 'lower', site })).changes as Json[]).map(
        (c) => c.title as string,
      )
    expect(await changed('alpha')).toEqual(['Lower page'])
    expect(await changed('beta')).toEqual(['lower page'])
    // A category in beta's spelling of nothing: the canonical prefix works on both.
    expect(
      (await callTool(tools.category!, { category: 'Nothing here', site: 'beta' })).category,
    ).toBe('Category:Nothing here')
  })

  it('over MCP (the SDK client on stdio), every tool offers site and answers from it', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, '--stdio'],
      env: { PATH: process.env.PATH ?? '', ARCH_WIKI_SITES: sitesFile },
      stderr: 'pipe',
    })
    const client = new Client({ name: 'e2e', version: '1.0.0' })
    await client.connect(transport)
    try {
      const { tools } = await client.listTools()
      for (const tool of tools) {
        expect([tool.name, Object.keys(tool.inputSchema.properties ?? {})]).toEqual([
          tool.name,
          expect.arrayContaining(['site']),
        ])
      }
      const answer = (site: string) =>
        client.callTool({
          name: 'section',
          arguments: { title_or_url: TITLE, anchor: 'Install', site },
        })
      const b = (await answer('beta')).structuredContent as Json
      expect(b).toMatchObject({ site: { name: 'beta', base_url: beta.url } })
      expect(b.content_raw).toContain('Beta note.')
      const a = (await answer('alpha')).structuredContent as Json
      expect(a.content_raw).toContain('Alpha note.')
      const unknown = await client.callTool({
        name: 'page',
        arguments: { title_or_url: TITLE, site: 'gamma' },
      })
      expect(errorCode({ isError: unknown.isError === true, content: unknown.content })).toBe(
        'unknown_site',
      )
    } finally {
      await client.close()
    }
  })
})
