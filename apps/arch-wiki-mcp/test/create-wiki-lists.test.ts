import type { SiteInfo } from '@wiki/wiki-adapters/mediawiki'
import { describe, expect, it } from 'vitest'
import { wikiSpelling } from '../src/create-wiki-lists.js'

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
