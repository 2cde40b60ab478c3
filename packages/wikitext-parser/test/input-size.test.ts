import { describe, expect, it } from 'vitest'
import { WikitextParserError, fromWikitext, toWikitext } from '@wiki/wikitext-parser'
import { thrown } from './helpers/thrown.js'

// A caller serving pages from a wiki it does not control bounds the work one page can cost.
describe('maxInputBytes', () => {
  it('parses input up to the limit, counted in UTF-8 bytes', () => {
    // 'é' is 2 bytes, '💩' 4 (one surrogate pair): 1 + 2 + 4 = 7.
    const value = 'aé💩'
    expect(toWikitext(fromWikitext(value, { maxInputBytes: 7 }))).toBe(value)
  })

  it('refuses input one byte over, naming its size and the limit', () => {
    const error = thrown(() => fromWikitext('aé💩', { maxInputBytes: 6 }))
    expect(error).toBeInstanceOf(WikitextParserError)
    expect((error as WikitextParserError).code).toBe('input_too_large')
    expect((error as Error).message).toBe(
      'value: the wikitext is 7 bytes (UTF-8), over the limit of 6 bytes set by options.maxInputBytes',
    )
    expect((error as WikitextParserError).inputSize).toEqual({ bytes: 7, atLeast: false, limit: 6 })
  })

  it('refuses a huge input without reading it', () => {
    const value = 'x'.repeat(30 * 1024 * 1024)
    const start = performance.now()
    const error = thrown(() => fromWikitext(value, { maxInputBytes: 2 * 1024 * 1024 }))
    expect(performance.now() - start).toBeLessThan(50)
    expect((error as WikitextParserError).code).toBe('input_too_large')
    expect((error as Error).message).toContain('at least 31457280 bytes')
    expect((error as Error).message).toContain('limit of 2097152 bytes')
    expect((error as WikitextParserError).inputSize).toEqual({
      bytes: 31457280,
      atLeast: true,
      limit: 2097152,
    })
  })

  it.each([[-1], [1.5], [Number.NaN], ['10']])('rejects %s as a limit', (limit) => {
    const error = thrown(() => fromWikitext('a', { maxInputBytes: limit as number }))
    expect((error as WikitextParserError).code).toBe('invalid_option')
    expect((error as Error).message).toContain('options.maxInputBytes: expected a whole number')
    expect((error as WikitextParserError).inputSize).toBeUndefined()
  })

  it('counts a lone surrogate as the three bytes of its replacement', () => {
    expect(() => fromWikitext('\uD800', { maxInputBytes: 3 })).not.toThrow()
    expect(() => fromWikitext('\uD800', { maxInputBytes: 2 })).toThrow(/is 3 bytes/u)
  })
})
