import { describe, expect, it } from 'vitest'
import {
  aliasRevisionUrl,
  createWikiSite,
  pageUrl,
  percentEncode,
  percentEncodeAnchor,
  revisionUrl,
  revisionWikitextUrl,
} from '@wiki/provenance'

const arch = createWikiSite()
const wikipedia = createWikiSite({
  base: 'https://en.wikipedia.org',
  articlePath: '/wiki/$1',
  apiPath: '/w/api.php',
})

describe('percentEncode', () => {
  it.each([
    ['Installation_guide_(Français)', 'Installation_guide_%28Fran%C3%A7ais%29'],
    ['C++', 'C%2B%2B'],
    ['100%_CPU', '100%25_CPU'],
    ['Dm-crypt/Encrypting_an_entire_system', 'Dm-crypt/Encrypting_an_entire_system'],
    ['Help:Style', 'Help:Style'],
    ["A!*'()~,;=@$&+?x", 'A%21%2A%27%28%29~%2C%3B%3D%40%24%26%2B%3Fx'],
    ['a b#c', 'a%20b%23c'],
    ['𝔸', '%F0%9D%94%B8'],
  ])('%s → %s', (text, encoded) => {
    expect(percentEncode(text)).toBe(encoded)
  })

  it('differs from encodeURIComponent where MediaWiki does', () => {
    expect(encodeURIComponent("!'()*:/")).toBe("!'()*%3A%2F")
    expect(percentEncode("!'()*:/")).toBe('%21%27%28%29%2A:/')
  })

  it('keeps # only in anchors', () => {
    expect(percentEncodeAnchor("Démarrer_l'environnement_«_live_»")).toBe(
      'D%C3%A9marrer_l%27environnement_%C2%AB_live_%C2%BB',
    )
    expect(percentEncodeAnchor('a#b')).toBe('a#b')
  })
})

describe('URL builders', () => {
  it('builds url with the served title, spaces as underscores, and an optional anchor', () => {
    expect(pageUrl(arch, 'Installation guide (Français)')).toBe(
      'https://wiki.archlinux.org/title/Installation_guide_%28Fran%C3%A7ais%29',
    )
    expect(pageUrl(arch, 'GRUB', 'Installation')).toBe(
      'https://wiki.archlinux.org/title/GRUB#Installation',
    )
    expect(pageUrl(arch, 'GRUB', null)).toBe('https://wiki.archlinux.org/title/GRUB')
    expect(pageUrl(wikipedia, 'C++')).toBe('https://en.wikipedia.org/wiki/C%2B%2B')
  })

  it('builds revision_url from the index path', () => {
    expect(revisionUrl(arch, 858930, 'Installation')).toBe(
      'https://wiki.archlinux.org/index.php?oldid=858930#Installation',
    )
    expect(revisionUrl(arch, 875238)).toBe('https://wiki.archlinux.org/index.php?oldid=875238')
    expect(revisionUrl(wikipedia, 1)).toBe('https://en.wikipedia.org/w/index.php?oldid=1')
  })

  it('builds revision_wikitext_url through api.php, parameters in order, no anchor', () => {
    expect(revisionWikitextUrl(arch, 858930)).toBe(
      'https://wiki.archlinux.org/api.php?action=parse&oldid=858930&prop=wikitext&format=json',
    )
    expect(revisionWikitextUrl(wikipedia, 5)).toBe(
      'https://en.wikipedia.org/w/api.php?action=parse&oldid=5&prop=wikitext&format=json',
    )
  })

  it('builds alias_revision_url or null', () => {
    expect(aliasRevisionUrl(arch, 675792)).toBe('https://wiki.archlinux.org/index.php?oldid=675792')
    expect(aliasRevisionUrl(arch, null)).toBeNull()
  })

  it.each([0, -1, 1.5, Number.NaN])('refuses revid %s', (revid) => {
    expect(() => revisionUrl(arch, revid)).toThrow(RangeError)
    expect(() => revisionWikitextUrl(arch, revid)).toThrow(/revid must be a positive integer/)
  })

  it('treats $ sequences in titles literally', () => {
    expect(pageUrl(arch, '$1 and $&')).toBe('https://wiki.archlinux.org/title/%241_and_%24%26')
  })
})
