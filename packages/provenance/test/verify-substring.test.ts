import { describe, expect, it } from 'vitest'
import { hashContent, restoreIndentedMarkers, verifySubstring } from '@wiki/provenance'

const wikitext = 'Intro 𝔸\n== A ==\n # pacman -Syu\n # echo hi\ntext e\u0301 text\n== A ==\n'

describe('restoreIndentedMarkers', () => {
  it('puts one space back at the start of every line', () => {
    expect(restoreIndentedMarkers('# pacman -Syu\n# echo hi')).toBe(' # pacman -Syu\n # echo hi')
    expect(restoreIndentedMarkers('')).toBe(' ')
    expect(restoreIndentedMarkers('a\n\nb')).toBe(' a\n \n b')
  })
})

describe('verifySubstring', () => {
  it('finds a verbatim slice and reports its code-point offset', () => {
    const result = verifySubstring({ wikitext, contentRaw: '== A ==' })
    expect(result.reproduced).toBe(true)
    // "Intro 𝔸\n" is 8 code points but 9 UTF-16 units.
    expect(result.found_at).toBe(8)
    expect(result.occurrences).toBe(2)
    expect(result.computed_hash).toBe(hashContent('== A =='))
    expect(result.reason).toBeNull()
  })

  it('restores marker spaces for indented blocks', () => {
    const contentRaw = '# pacman -Syu\n# echo hi'
    expect(verifySubstring({ wikitext, contentRaw }).reproduced).toBe(false)
    const result = verifySubstring({ wikitext, contentRaw, sourcePattern: 'indented_block' })
    expect(result.reproduced).toBe(true)
    expect(result.computed_hash).toBe(hashContent(contentRaw))
  })

  it('requires the claimed hash to match', () => {
    const good = verifySubstring({ wikitext, contentRaw: 'text', contentHash: hashContent('text') })
    expect(good.reproduced).toBe(true)
    const bad = verifySubstring({ wikitext, contentRaw: 'text', contentHash: hashContent('txt') })
    expect(bad.reproduced).toBe(false)
    expect(bad.found_at).not.toBeNull()
    expect(bad.reason).toContain('hash')
  })

  it('compares in NFC', () => {
    expect(verifySubstring({ wikitext, contentRaw: 'text é text' }).reproduced).toBe(true)
  })

  it('compares whole pages by equality', () => {
    expect(
      verifySubstring({ wikitext, contentRaw: wikitext, sourcePattern: 'page' }).found_at,
    ).toBe(0)
    const partial = verifySubstring({ wikitext, contentRaw: '== A ==', sourcePattern: 'page' })
    expect(partial.reproduced).toBe(false)
    expect(partial.reason).toContain('whole wikitext')
  })

  it('does not reproduce absent or empty text', () => {
    const absent = verifySubstring({ wikitext, contentRaw: 'rm -rf /' })
    expect(absent).toMatchObject({ reproduced: false, found_at: null, occurrences: 0 })
    expect(verifySubstring({ wikitext, contentRaw: '' }).reproduced).toBe(false)
  })
})
