import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createLocator } from '@wiki/wikitext-parser'

describe('createLocator', () => {
  it('maps offsets to lines and columns, only \\n ending a line', () => {
    const locator = createLocator('ab\r\ncd\ne')
    expect(locator.toPoint(0)).toEqual({ line: 1, column: 1, offset: 0 })
    expect(locator.toPoint(4)).toEqual({ line: 2, column: 1, offset: 4 })
    expect(locator.toPoint(8)).toEqual({ line: 3, column: 2, offset: 8 })
    expect(locator.toOffset({ line: 2, column: 2 })).toBe(5)
    expect(locator.toOffset({ line: 9, column: 1 })).toBe(-1)
  })

  it('counts code points as MediaWiki byte offsets do', () => {
    const value = 'a💩b💩c'
    const locator = createLocator(value)
    expect(locator.toCodePoint(3)).toBe(2)
    expect(locator.fromCodePoint(2)).toBe(3)
    expect(locator.fromCodePoint(4)).toBe(6)
    expect(createLocator('plain').fromCodePoint(3)).toBe(3)
  })

  it('round-trips every offset that does not split a pair (property 8)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (value) => {
        const locator = createLocator(value)
        const wrong: number[] = []
        for (let offset = 0; offset <= value.length; offset++) {
          if (locator.toCodePoint(offset) !== [...value.slice(0, offset)].length) wrong.push(offset)
          const high = value.charCodeAt(offset - 1)
          const low = value.charCodeAt(offset)
          const splits = high >= 0xd800 && high <= 0xdbff && low >= 0xdc00 && low <= 0xdfff
          if (!splits && locator.fromCodePoint(locator.toCodePoint(offset)) !== offset) {
            wrong.push(offset)
          }
        }
        expect(wrong).toEqual([])
      }),
      { numRuns: 300 },
    )
  })
})
