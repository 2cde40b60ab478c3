import type { MediaWikiSource, SiteInfo } from '@wiki/wiki-adapters/mediawiki'
import { describe, expect, it } from 'vitest'
import { createWikiLists, wikiSpelling } from '../src/create-wiki-lists.js'

const info = (main: boolean): SiteInfo => ({
  siteName: 'Wiki',
  language: 'de',
  case: main ? 'case-sensitive' : 'first-letter',
  namespaces: [
    { id: 0, name: '', canonical: null, aliases: [], caseSensitive: main },
    { id: 1, name: 'Diskussion', canonical: 'Talk', aliases: [], caseSensitive: false },
    { id: 14, name: 'Kategorie', canonical: 'Category', aliases: ['Kat'], caseSensitive: true },
  ],
})

describe('wikiSpelling', () => {
  it('writes a prefix as the wiki writes titles', () => {
    expect(wikiSpelling(info(false), 'grub_tips')).toBe('Grub tips')
    expect(wikiSpelling(info(false), 'talk:_grub')).toBe('Diskussion:Grub')
    expect(wikiSpelling(info(false), 'kat:boot')).toBe('Kategorie:boot')
    expect(wikiSpelling(info(false), 'Category:')).toBe('Kategorie:')
    expect(wikiSpelling(info(false), 'ǆ')).toBe('Ǆ')
    expect(wikiSpelling(info(true), 'grub')).toBe('grub')
    expect(wikiSpelling(info(false), 'Unknown:x')).toBe('Unknown:x')
  })
})

describe('categoryTitle', () => {
  // Only siteInfo is reached by categoryTitle; each read is counted.
  const lists = () => {
    const reads: string[] = []
    const source = {
      siteInfo: () => {
        reads.push('siteinfo')
        return Promise.resolve(info(false))
      },
    } as unknown as MediaWikiSource
    return { lists: createWikiLists(source), reads }
  }

  it('adds the canonical namespace to a bare name without asking the wiki', async () => {
    const { lists: l, reads } = lists()
    expect(await l.categoryTitle('Boot loaders')).toBe('Category:Boot loaders')
    expect(await l.categoryTitle('category:Boot loaders')).toBe('category:Boot loaders')
    expect(reads).toEqual([])
  })

  it('asks siteinfo whether another prefix is the category namespace in the wiki language', async () => {
    const { lists: l, reads } = lists()
    expect(await l.categoryTitle('Kat:Boot')).toBe('Kat:Boot')
    expect(await l.categoryTitle('Kategorie:Boot')).toBe('Kategorie:Boot')
    expect(await l.categoryTitle('C++: tools')).toBe('Kategorie:C++: tools')
    expect(reads).toHaveLength(3)
  })
})
