import { describe, expect, it } from 'vitest'
import { createWikiSite, DEFAULT_WIKI_SITE_OPTIONS, ProvenanceError } from '@wiki/provenance'

function invalid(options: Parameters<typeof createWikiSite>[0]): ProvenanceError {
  try {
    createWikiSite(options)
  } catch (error) {
    if (error instanceof ProvenanceError) return error
    throw error
  }
  throw new Error('expected an invalid site')
}

describe('createWikiSite', () => {
  it('defaults to the Arch Wiki', () => {
    expect(createWikiSite()).toEqual({
      base: 'https://wiki.archlinux.org',
      articlePath: '/title/$1',
      articlePrefix: '/title/',
      apiPath: '/api.php',
      indexPath: '/index.php',
      hostname: 'wiki.archlinux.org',
      port: 443,
    })
    expect(createWikiSite(null)).toEqual(createWikiSite(DEFAULT_WIKI_SITE_OPTIONS))
  })

  it('derives the index path from the API path and normalises the base', () => {
    const site = createWikiSite({
      base: 'HTTP://127.0.0.1:8080/',
      articlePath: '/index.php/$1',
      apiPath: '/w/api.php',
    })
    expect(site.base).toBe('http://127.0.0.1:8080')
    expect(site.indexPath).toBe('/w/index.php')
    expect(site.port).toBe(8080)
    expect(createWikiSite({ base: 'http://localhost' }).port).toBe(80)
  })

  it.each([
    [{ base: 'wiki.archlinux.org' }, 'base'],
    [{ base: 'ftp://wiki.archlinux.org' }, 'base'],
    [{ base: 'https://wiki.archlinux.org/w' }, 'base'],
    [{ base: 'https://wiki.archlinux.org?x=1' }, 'base'],
    [{ base: 'https://user:pw@wiki.archlinux.org' }, 'base'],
    [{ articlePath: '/title/' }, 'articlePath'],
    [{ articlePath: '/$1/$1' }, 'articlePath'],
    [{ articlePath: 'title/$1' }, 'articlePath'],
    [{ apiPath: '/api' }, 'apiPath'],
    [{ apiPath: 'api.php' }, 'apiPath'],
    [{ apiPath: '/w/xapi.php' }, 'apiPath'],
  ])('refuses %j, naming %s', (options, setting) => {
    const error = invalid(options)
    expect(error.code).toBe('invalid_wiki_site')
    expect(error.message).toContain(setting)
    expect(error.message).toContain('expected')
  })
})
