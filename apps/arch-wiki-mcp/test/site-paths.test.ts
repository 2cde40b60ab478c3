import { createWikiSite } from '@wiki/provenance'
import type { SiteInfo } from '@wiki/wiki-adapters/mediawiki'
import { describe, expect, it } from 'vitest'
import { createSiteSet } from '../src/sites.js'
import { describeMismatches, pathMismatches } from '../src/site-paths.js'
import { fakeWiki } from './fake-backend.js'

const paths = (server: string | null, articlePath: string | null, scriptPath: string | null) =>
  ({
    siteName: 'W',
    language: 'en',
    case: 'first-letter',
    namespaces: [],
    server,
    articlePath,
    scriptPath,
  }) satisfies SiteInfo

const arch = createWikiSite({
  base: 'https://wiki.archlinux.org',
  articlePath: '/title/$1',
  apiPath: '/api.php',
})

describe('the configured URLs against siteinfo', () => {
  it('agree when the wiki reports the same server, article path and script path', () => {
    expect(pathMismatches(arch, paths('https://wiki.archlinux.org', '/title/$1', ''))).toEqual([])
    // Protocol-relative servers compare by host; a trailing slash or case is no difference.
    expect(pathMismatches(arch, paths('//wiki.archlinux.org/', '/title/$1', ''))).toEqual([])
    expect(pathMismatches(arch, paths('https://Wiki.ArchLinux.org', '/title/$1', ''))).toEqual([])
    // A wiki that reports nothing contradicts nothing.
    expect(pathMismatches(arch, paths(null, null, null))).toEqual([])
  })

  it('names each setting the wiki contradicts, with both values', () => {
    const found = pathMismatches(arch, paths('https://wiki.example.org', '/wiki/$1', '/w'))
    expect(found).toEqual([
      {
        setting: 'url',
        configured: 'https://wiki.archlinux.org',
        wiki: 'https://wiki.example.org',
      },
      { setting: 'article_path', configured: '/title/$1', wiki: '/wiki/$1' },
      { setting: 'api_path', configured: '/api.php', wiki: '/w/api.php' },
    ])
    expect(pathMismatches(arch, paths('http://wiki.archlinux.org', '/title/$1', ''))).toHaveLength(
      1,
    )
    expect(describeMismatches('arch', found.slice(1, 2))).toBe(
      'site "arch": article_path is "/title/$1" but the wiki\'s siteinfo says "/wiki/$1"',
    )
  })

  it('a misconfigured site answers nothing, the others still answer', () => {
    const good = fakeWiki({ name: 'good' })
    const bad = fakeWiki({ name: 'bad', base: 'http://127.0.0.1:8081' })
    ;(bad.backend as { misconfigured: string | null }).misconfigured = 'site "bad": wrong'
    const set = createSiteSet([good.backend, bad.backend])
    expect(set.pick('good')).toBe(good.backend)
    expect(() => set.pick('bad')).toThrow(
      expect.objectContaining({
        code: 'site_misconfigured',
        message: expect.stringMatching(/^site "bad": wrong\. /),
      }),
    )
    expect(() =>
      set.forEvidence({ site: { name: 'bad', base_url: 'http://127.0.0.1:8081' } }, undefined),
    ).toThrow(expect.objectContaining({ code: 'site_misconfigured' }))
  })
})
