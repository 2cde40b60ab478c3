import { describe, expect, it } from 'vitest'
import { defineSite, fromWikitext, toWikitext, WikitextParserError } from '@wiki/wikitext-parser'
import { parse } from './helpers/parse-checked.js'

describe('fromWikitext', () => {
  it('throws WikitextParserError on bad options only', () => {
    expect(() => fromWikitext(42 as unknown as string)).toThrow(WikitextParserError)
    expect(() => defineSite({ fragmentMode: [] })).toThrow(/fragmentMode/u)
    expect(() => fromWikitext('x', { site: {} as never })).toThrow(/site/u)
  })

  it('keeps every character, normalising nothing', () => {
    for (const input of ['a\r\nb\0c\x7F\uFEFF', '\uD800x\uDC00', '', '\n\n']) {
      expect(toWikitext(parse(input))).toBe(input)
    }
  })
})
