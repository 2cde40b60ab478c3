import { describe, expect, expectTypeOf, it } from 'vitest'
import {
  asAttributed,
  asPointer,
  ProvenanceError,
  type LinkItem,
  type Pointer,
  type SearchResult,
  type SectionsResult,
} from '@wiki/provenance'

const result: SearchResult = {
  title: 'GRUB',
  pageid: 1,
  snippet: 'x',
  url: 'https://wiki.archlinux.org/title/GRUB',
  match: 'title',
}

describe('asPointer', () => {
  it('passes pointers through unchanged', () => {
    const value = { results: [result] }
    expect(asPointer(value)).toBe(value)
    const sections: SectionsResult = { sections: [], title: 'GRUB', redirected_from: null }
    expect(asPointer(sections)).toBe(sections)
  })

  it.each([
    [{ revid: 1 }, 'revid'],
    [{ results: [{ title: 'x', wikitext_hash: 'a' }] }, 'wikitext_hash'],
    [{ nested: { deeper: [{ contentHash: 'a' }] } }, 'contentHash'],
    [{ HASH: 1 }, 'HASH'],
  ])('refuses %j at runtime', (value, key) => {
    // The cast stands in for data built without types, e.g. parsed JSON.
    expect(() => asPointer(value as object)).toThrow(ProvenanceError)
    expect(() => asPointer(value as object)).toThrow(key)
  })

  it('refuses revid and hash keys in the types', () => {
    // @ts-expect-error a pointer may not carry revid
    expect(() => asPointer({ title: 'x', revid: 1 })).toThrow()
    // @ts-expect-error a pointer may not carry a hash
    expect(() => asPointer({ title: 'x', content_hash: 'a' })).toThrow()
    expectTypeOf<Pointer<{ revid: number }>['revid']>().toBeNever()
  })
})

describe('asAttributed', () => {
  const link: LinkItem = {
    target_page: 'pacman',
    display_text: null,
    anchor: null,
    source_page: 'GRUB',
    source_url: 'u',
    revision_url: 'r',
    revision_wikitext_url: 'w',
    revid: 3,
    site: { name: 'arch', base_url: 'https://wiki.archlinux.org' },
  }

  it('allows revid but no hash', () => {
    const value = { links: [link], title: 'GRUB', redirected_from: null }
    expect(asAttributed(value)).toBe(value)
    expect(() => asAttributed({ links: [{ ...link, content_hash: 'a' }] } as object)).toThrow(
      /content_hash/,
    )
    // @ts-expect-error an attributed output may not carry a hash
    expect(() => asAttributed({ revid: 1, wikitext_hash: 'a' })).toThrow()
  })
})
