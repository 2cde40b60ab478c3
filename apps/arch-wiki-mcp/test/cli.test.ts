import { describe, expect, it } from 'vitest'
import { runCli } from '../src/cli.js'
import { createSiteSet } from '../src/sites.js'
import { UsageError } from '@wiki/mcp-core/node'
import { fakeWiki } from './fake-backend.js'

function io(stdin = '') {
  const out = { stdout: '', stderr: '' }
  return {
    out,
    io: {
      stdout: (t: string) => void (out.stdout += t),
      stderr: (t: string) => void (out.stderr += t),
      readStdin: () => stdin,
    },
  }
}

describe('runCli', () => {
  const wiki = fakeWiki()
  const revid = wiki.edit('Example', '== A ==\n{{bc|echo a}}\n')

  it('maps positionals onto the schema, required first, and prints indented JSON', async () => {
    const { out, io: cli } = io()
    expect(await runCli(wiki.backend, 'commands', ['Example', 'A'], cli)).toBe(0)
    expect(out.stdout).toMatch(/^\{\n {2}"commands": \[/)
    expect(JSON.parse(out.stdout)).toMatchObject({ title: 'Example', commands: [{ revid }] })
  })

  it('parses integers for integer parameters', async () => {
    wiki.searchHits = {
      exact: null,
      text: [1, 2, 3].map((pageid) => ({ title: `P${pageid}`, pageid, snippet: '' })),
    }
    const { out, io: cli } = io()
    expect(await runCli(wiki.backend, 'search', ['x', '2'], cli)).toBe(0)
    expect((JSON.parse(out.stdout) as { results: unknown[] }).results).toHaveLength(2)
  })

  it('refuses unknown tools, too many and invalid arguments as usage errors', async () => {
    const { io: cli } = io()
    await expect(runCli(wiki.backend, 'nope', [], cli)).rejects.toThrow(UsageError)
    await expect(runCli(wiki.backend, 'page', ['a', '5', 'c'], cli)).rejects.toThrow(/Too many/)
    await expect(runCli(wiki.backend, 'search', ['x', '99'], cli)).rejects.toThrow(/limit/)
  })

  it('prints {error, code} on stderr and exits 1 on a tool failure', async () => {
    const { out, io: cli } = io()
    expect(await runCli(wiki.backend, 'page', ['Missing'], cli)).toBe(1)
    expect(out.stdout).toBe('')
    expect(JSON.parse(out.stderr)).toEqual({
      error: 'Page not found: "Missing"',
      code: 'page_not_found',
    })
  })

  it('verify exits 0 when reproduced and 3 when not; reads evidence from stdin', async () => {
    const good = io()
    expect(
      await runCli(
        wiki.backend,
        'verify',
        ['--revid', String(revid), '--content-hash', wiki.backend.hash('echo a')],
        good.io,
      ),
    ).toBe(0)
    const bad = io(JSON.stringify({ revid, content_raw: 'echo b', source_pattern: 'template_bc' }))
    expect(await runCli(wiki.backend, 'verify', ['-'], bad.io)).toBe(3)
    expect(JSON.parse(bad.out.stdout)).toMatchObject({
      reproduced: false,
      method: 're-extraction',
      matched: null,
    })
    await expect(runCli(wiki.backend, 'verify', ['--revid', 'x'], io().io)).rejects.toThrow(
      /--revid/,
    )
    await expect(runCli(wiki.backend, 'recheck', ['-'], io('not json').io)).rejects.toThrow(
      /not JSON/,
    )
  })
})

describe('runCli with several sites', () => {
  const a = fakeWiki({ name: 'a', base: 'https://a.example' })
  const b = fakeWiki({ name: 'b', base: 'https://b.example' })
  a.edit('Example', '== A ==\n{{bc|echo on a}}\n')
  b.edit('Example', '== A ==\n{{bc|echo on b}}\n')
  const sites = createSiteSet([a.backend, b.backend])

  it('--site NAME, anywhere after the tool name, picks the site; positions are unchanged', async () => {
    for (const args of [
      ['Example', 'A', '--site', 'b'],
      ['--site=b', 'Example', 'A'],
    ]) {
      const { out, io: cli } = io()
      expect(await runCli(sites, 'commands', args, cli)).toBe(0)
      expect(JSON.parse(out.stdout)).toMatchObject({
        commands: [
          { content_raw: 'echo on b', site: { name: 'b', base_url: 'https://b.example' } },
        ],
      })
    }
    const { out, io: cli } = io()
    expect(await runCli(sites, 'commands', ['Example', 'A'], cli)).toBe(0)
    expect(JSON.parse(out.stdout)).toMatchObject({ commands: [{ content_raw: 'echo on a' }] })
  })

  it('an unknown site fails with unknown_site; --site without a name is a usage error', async () => {
    const { out, io: cli } = io()
    expect(await runCli(sites, 'page', ['Example', '--site', 'c'], cli)).toBe(1)
    expect(JSON.parse(out.stderr)).toMatchObject({ code: 'unknown_site' })
    await expect(runCli(sites, 'page', ['Example', '--site'], io().io)).rejects.toThrow(UsageError)
  })
})
