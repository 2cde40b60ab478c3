import { describe, expect, it } from 'vitest'
import { SHARED_MISSING_REASON } from '@wiki/test-utils'
import {
  createLocator,
  defineSite,
  fromWikitext,
  sectionsOf,
  sectionSliceAt,
} from '@wiki/wikitext-parser'
import { archCorpus, recordedPages } from './helpers/arch-corpus.js'

// 🐧 and 𝔸 are one code point each but two UTF-16 units: code-point offsets lag behind.
const page = '🐧 intro\n== Install ==\ntext 𝔸\n=== Boot ===\nmore\n== Last ==\n'
const slice = (
  wikitext: string,
  codePointOffset: number,
  level: number,
  nextCodePointOffset: number | null,
) => {
  const span = sectionSliceAt(wikitext, { codePointOffset, level, nextCodePointOffset })
  return span && wikitext.slice(span.start, span.end)
}

describe('sectionSliceAt', () => {
  it('converts code-point offsets to a UTF-16 slice, astral characters before it included', () => {
    expect(sectionSliceAt(page, { codePointOffset: 8, level: 2, nextCodePointOffset: 29 })).toEqual(
      { start: 9, end: 31 },
    )
    expect(slice(page, 8, 2, 29)).toBe('== Install ==\ntext 𝔸\n')
    expect(slice(page, 29, 3, 47)).toBe('=== Boot ===\nmore\n')
    expect(slice(page, 47, 2, null)).toBe('== Last ==\n')
  })

  it('runs to the next offset given, not to the next heading, so a caller may skip one', () => {
    expect(slice(page, 8, 2, 47)).toBe('== Install ==\ntext 𝔸\n=== Boot ===\nmore\n')
    expect(slice(page, 8, 2, null)).toBe(page.slice(9))
  })

  it('refuses an offset that does not land on the start of a heading line', () => {
    // UTF-16 offsets where code points are expected land two units late.
    expect(slice(page, 9, 2, 29)).toBeNull()
    expect(slice(page, 0, 2, 8)).toBeNull()
    expect(slice(page, 22, 2, 29)).toBeNull()
  })

  it('refuses a level that is not the heading’s', () => {
    expect(slice(page, 8, 3, 29)).toBeNull()
    expect(slice(page, 29, 2, 47)).toBeNull()
    // Unbalanced runs: the shorter one counts; seven = signs are level 6, as in MediaWiki.
    expect(slice('=== a ==\n', 0, 2, null)).toBe('=== a ==\n')
    expect(slice('=== a ==\n', 0, 3, null)).toBeNull()
    expect(slice('======= b =======\n', 0, 6, null)).toBe('======= b =======\n')
  })

  it('refuses headings that are not on the page: comments, nowiki, tags, templates, HTML', () => {
    expect(slice('<!--\n== Hidden ==\n-->\n== Real ==\n', 5, 2, 22)).toBeNull()
    expect(slice('<!--\n== Hidden ==\n-->\n== Real ==\n', 22, 2, null)).toBe('== Real ==\n')
    expect(slice('<nowiki>\n== H ==\n</nowiki>\n== R ==\n', 9, 2, 27)).toBeNull()
    expect(slice('<pre>\n== H ==\n</pre>\n', 6, 2, null)).toBeNull()
    expect(slice('{{x|\n== In ==\n}}\n== Out ==\n', 5, 2, 17)).toBeNull()
    expect(slice('<h2>H</h2>\n== W ==\n', 0, 2, 11)).toBeNull()
  })

  it('accepts headings inside other page content, as sectionsOf lists them', () => {
    expect(slice('<div>\n== In a div ==\n</div>\n', 6, 2, null)).toBe('== In a div ==\n</div>\n')
  })

  it('refuses offsets past the end and a next offset inside the heading line', () => {
    const length = [...page].length
    expect(slice(page, length + 1, 2, null)).toBeNull()
    expect(slice(page, 47, 2, length + 1)).toBeNull()
    expect(slice(page, 47, 2, length)).toBe('== Last ==\n')
    expect(slice(page, 8, 2, 8)).toBeNull()
    expect(slice(page, 8, 2, 12)).toBeNull()
    expect(slice(page, 8, 2, 0)).toBeNull()
    expect(slice('', 0, 2, null)).toBeNull()
  })

  it('uses the tree of the wikitext when given one, parsed for another site', () => {
    const wikitext = '<custom>\n== Hidden ==\n</custom>\n'
    const options = { codePointOffset: 9, level: 2, nextCodePointOffset: null }
    expect(sectionSliceAt(wikitext, options)).toEqual({ start: 9, end: 32 })
    const site = defineSite({ extensionTags: { custom: 'opaque' } })
    const tree = fromWikitext(wikitext, { site })
    expect(sectionSliceAt(wikitext, { ...options, tree })).toBeNull()
  })

  it('agrees with sectionsOf for every indexed section', () => {
    const wikitext =
      '{{Note|x}}\n= 𝔸 =\n== a ==\n<!-- == c == -->\n=== b ===\n{{x|\n== d ==\n}}\n<h2>h</h2>\n== e ==\n'
    const locator = createLocator(wikitext)
    const sections = sectionsOf(wikitext).filter((section) => section.index !== null)
    expect(sections).toHaveLength(4)
    sections.forEach((section, index) => {
      const next = sections[index + 1]
      expect(
        sectionSliceAt(wikitext, {
          codePointOffset: locator.toCodePoint(section.start),
          level: section.level,
          nextCodePointOffset: next ? locator.toCodePoint(next.start) : null,
        }),
      ).toEqual({ start: section.start, end: section.end })
    })
  })

  it.each([
    [{ codePointOffset: -1, level: 2, nextCodePointOffset: null }, 'options.codePointOffset'],
    [{ codePointOffset: 1.5, level: 2, nextCodePointOffset: null }, 'options.codePointOffset'],
    [
      { codePointOffset: Number.NaN, level: 2, nextCodePointOffset: null },
      'options.codePointOffset',
    ],
    [{ codePointOffset: 0, level: 0, nextCodePointOffset: null }, 'options.level'],
    [{ codePointOffset: 0, level: 7, nextCodePointOffset: null }, 'options.level'],
    [{ codePointOffset: 0, level: 2, nextCodePointOffset: -3 }, 'options.nextCodePointOffset'],
    [{ codePointOffset: 0, level: 2 }, 'options.nextCodePointOffset'],
    [null, 'options:'],
  ])('throws invalid_option naming the bad option (%o)', (options, name) => {
    expect(() => sectionSliceAt(page, options as never)).toThrow(
      expect.objectContaining({
        name: 'WikitextParserError',
        code: 'invalid_option',
        message: expect.stringMatching(new RegExp(`^${name.replace('.', '\\.')}`)),
      }),
    )
  })

  it('throws invalid_option for wikitext that is not a string or a tree not made of it', () => {
    const options = { codePointOffset: 0, level: 2, nextCodePointOffset: null }
    const invalid = (prefix: string) =>
      expect.objectContaining({ code: 'invalid_option', message: expect.stringMatching(prefix) })
    expect(() => sectionSliceAt(null as never, options)).toThrow(invalid('^wikitext'))
    for (const tree of [{ type: 'text' }, null, fromWikitext(`${page}x`)]) {
      expect(() => sectionSliceAt(page, { ...options, tree: tree as never })).toThrow(
        invalid('^options\\.tree'),
      )
    }
  })
})

describe.skipIf(!archCorpus)(
  `sectionSliceAt on recorded Arch pages (${SHARED_MISSING_REASON})`,
  () => {
    it.each(recordedPages().map((page) => [page.file, page] as const))(
      '%s: every section with an offset slices onto its heading',
      (_name, page) => {
        const tree = fromWikitext(page.wikitext)
        const placed = page.sections.filter((section) => section.byteoffset !== null)
        const slices = placed.map((section, index) =>
          sectionSliceAt(page.wikitext, {
            tree,
            codePointOffset: section.byteoffset as number,
            level: Number(section.level),
            nextCodePointOffset: placed[index + 1]?.byteoffset ?? null,
          }),
        )
        expect(slices.filter((span) => span === null)).toEqual([])
        // Each slice starts with its heading: at least `level` equals signs opening the line.
        slices.forEach((span, index) => {
          const equals = /^=+/.exec(page.wikitext.slice(span?.start, span?.end))?.[0] ?? ''
          expect(equals.length).toBeGreaterThanOrEqual(Number(placed[index]?.level))
        })
      },
    )
  },
)
