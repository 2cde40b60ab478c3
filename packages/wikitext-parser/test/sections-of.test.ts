import { describe, expect, it } from 'vitest'
import {
  archwiki,
  defineSite,
  fromWikitext,
  sectionsOf,
  WikitextParserError,
} from '@wiki/wikitext-parser'

const anchors = (headings: string[], site = defineSite({})): string[] =>
  sectionsOf(headings.map((heading) => `== ${heading} ==\n`).join(''), {
    site,
    profile: archwiki,
  }).map((section) => section.anchor)

describe('anchors', () => {
  it('numbers duplicates under ASCII case folding', () => {
    expect(anchors(['Installation', 'Installation', 'installation', 'Installation_2'])).toEqual([
      'Installation',
      'Installation_2',
      'installation_3',
      'Installation_2_2',
    ])
    expect(anchors(['A_B', 'A B', 'a&nbsp;b'])).toEqual(['A_B', 'A_B_2', 'a_b_3'])
    expect(anchors(['Тест', 'тест'])).toEqual(['Тест', 'тест'])
  })

  it('reserves legacy anchors and the key 0', () => {
    expect(anchors(['Тест', '.D0.A2.D0.B5.D1.81.D1.82'])).toEqual([
      'Тест',
      '.D0.A2.D0.B5.D1.81.D1.82_2',
    ])
    expect(anchors(['Foo', '0'])).toEqual(['Foo', '0_2'])
    expect(anchors(['Foo', '0'], defineSite({ fragmentMode: ['html5'] }))).toEqual(['Foo', '0'])
    expect(anchors(['[[Category:Y]]', ''])).toEqual(['', '_2'])
  })

  it('renders markup to text', () => {
    expect(anchors(['100% [[a|b]] {{ic|c}}', "''a'''b"])).toEqual(['100%_b_c', "a'b"])
    expect(anchors(['&lt;b&gt;q&lt;/b&gt;'])).toEqual(['<b>q</b>'])
    expect(anchors(['a&#1;b&nbsp;c'])).toEqual(['a\uFFFDb\u00A0c'])
    expect(anchors(['[[:Foo]] [[File:X.png]] <nowiki>&amp;</nowiki> <!-- c --> x'])).toEqual([
      'Foo_File:X.png_&_x',
    ])
  })

  it('strips HTML tags and lets HTML headings reserve anchors', () => {
    expect(anchors(['&lt;b&gt;q&lt;/b&gt;', '<b>q</b>'])).toEqual(['<b>q</b>', 'q'])
    expect(
      anchors(["'''Bold''' and ''italic'' <code>code</code>", '<span>span</span> text']),
    ).toEqual(['Bold_and_italic_code', 'span_text'])
    expect(
      sectionsOf('<h2>Foo</h2>\n== Foo ==\n').map(({ kind, anchor, index }) => [
        kind,
        anchor,
        index,
      ]),
    ).toEqual([
      ['html', 'Foo', null],
      ['wikitext', 'Foo_2', 1],
    ])
  })

  it('escapes percent signs in linkAnchor only', () => {
    const [section] = sectionsOf('== a%20b ==')
    expect(section).toMatchObject({ anchor: 'a%20b', linkAnchor: 'a%2520b' })
  })

  it('trims before decoding on 1.39 and after on 1.43', () => {
    expect(anchors(['&#32;a'], defineSite({ headingIds: '1.39' }))).toEqual(['_a'])
    expect(anchors(['&#32;a'], defineSite({ headingIds: '1.43' }))).toEqual(['a'])
  })

  it('marks anchors shaped by unknown templates as inexact', () => {
    const [known, unknown] = sectionsOf('== {{ic|x}} ==\n== {{foo|x}} ==', { profile: archwiki })
    expect(known).toMatchObject({ anchor: 'x', anchorExact: true })
    expect(unknown).toMatchObject({ anchor: '{{foo|x}}', anchorExact: false })
    expect(sectionsOf('== {{ic|x}} ==')[0]).toMatchObject({ anchorExact: false })
  })

  it('keeps the first 1024 code points', () => {
    const [section] = sectionsOf(`== ${'💩'.repeat(1100)} ==`)
    expect([...(section?.anchor ?? '')].length).toBe(1024)
  })
})

describe('sections', () => {
  it('gives indexes, levels and contiguous extents', () => {
    const input = 'intro\n== A ==\na\n=== B ===\nb\n{{x|\n== T ==\n}}\n== C ==\nc'
    const sections = sectionsOf(input)
    expect(sections.map(({ title, level, index }) => [title, level, index])).toEqual([
      ['A', 2, 1],
      ['B', 3, 2],
      ['C', 2, 4],
    ])
    expect(sections.map((section) => input.slice(section.start, section.end))).toEqual([
      '== A ==\na\n',
      '=== B ===\nb\n{{x|\n== T ==\n}}\n',
      '== C ==\nc',
    ])
  })

  it('accepts a tree or a string, and rejects a bad profile', () => {
    const tree = fromWikitext('== A ==')
    expect(sectionsOf(tree)).toEqual(sectionsOf('== A =='))
    expect(() => sectionsOf('x', { profile: {} as never })).toThrow(WikitextParserError)
  })

  it('leaves out headings inside templates, links and tags', () => {
    expect(sectionsOf('<ref>\n== a ==\n</ref>\n<!--\n== b ==\n-->')).toEqual([])
  })
})
