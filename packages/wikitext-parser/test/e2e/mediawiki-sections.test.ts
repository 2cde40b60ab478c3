import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startMediaWiki, type LocalMediaWiki } from '@wiki/test-utils'
import {
  archwiki,
  createLocator,
  fromWikitext,
  sectionsOf,
  sectionSliceAt,
  type Site,
} from '@wiki/wikitext-parser'
import { siteOfWiki } from './site-of-wiki.js'

// Pages with tricky headings, saved into a real MediaWiki (Debian 1.39, SQLite). sectionsOf must
// agree with action=parse&prop=sections for every section the API places on the page, and
// sectionSliceAt must slice each of them onto its heading.
const cases: [name: string, wikitext: string][] = [
  [
    'duplicates',
    '== Installation ==\n== Installation ==\n== installation ==\n== Installation_2 ==\n',
  ],
  ['underscores and nbsp', '== A_B ==\n== A B ==\n== a&nbsp;b ==\n'],
  ['cyrillic case', '== Тест ==\n== тест ==\n'],
  ['legacy reservation', '== Тест ==\n== .D0.A2.D0.B5.D1.81.D1.82 ==\n'],
  ['zero', '== Foo ==\n== 0 ==\n'],
  ['category and empty', '== [[Category:Y]] ==\ntext\n==  ==\n'],
  ['percent link template', "== 100% [[a|b]] {{ic|c}} ==\n== ''a'''b ==\n"],
  ['control reference', '== a&#1;b&nbsp;c ==\n'],
  ['escaped and real tags', '== &lt;b&gt;q&lt;/b&gt; ==\n== <b>q</b> ==\n'],
  ['html heading then wikitext', '<h2>Foo</h2>\n== Foo ==\n'],
  [
    'astral text before headings',
    '𝔸𝔹ℂ 😀 intro\n\n== Ünïcödé 😀 ==\ntext 𝔸\n=== 简体中文 ===\n== Last ==\n',
  ],
  [
    'links with trails',
    '== [[Foo]]s and [[:Bar|baz]]ed ==\n== [https://example.org] and [https://example.org x] ==\n',
  ],
  ['markup', "== '''Bold''' and ''italic'' <code>code</code> ==\n== <span>span</span> text ==\n"],
  ['punctuation', '== What? (Yes!) — it\'s "quoted" & <done> ==\n== a:b/c.d#e ==\n'],
  ['percent', '== 100% CPU ==\n== a%20b ==\n== %zz ==\n'],
  ['entities', '== &amp; &eacute; &#233; &#x263A; &unknown; ==\n== &#32;a ==\n'],
  [
    'comments',
    '== a <!-- hidden --> b ==\n== <!-- only --> ==\n<!-- == commented == -->\n== c ==\n',
  ],
  ['nowiki', '== <nowiki>[[x]] {{y}}</nowiki> z ==\n== a<nowiki/>b ==\n'],
  [
    'levels',
    '= One =\n== Two ==\n=== Three ===\n==== Four ====\n===== Five =====\n====== Six ======\n======= Seven =======\n',
  ],
  ['unbalanced', '=== a ==\n== b ===\n==c==\n== spaced ==   \n'],
  [
    'headings from templates',
    '== Before ==\n{{Heading maker}}\n== After ==\n{{Echo|1=\n== In parameter ==\n}}\n== Last ==\n',
  ],
  ['long', `== ${'x'.repeat(1100)} ==\n`],
]

interface ApiSection {
  level: string
  line: string
  index: string
  byteoffset: number | null
  anchor: string
  fromtitle: string | false
}

/** Sanitizer::decodeChar: code points HTML cannot carry become U+FFFD. */
function codePoint(value: number): string {
  const valid =
    value === 0x09 ||
    value === 0x0a ||
    value === 0x0d ||
    (value >= 0x20 && value <= 0xd7ff) ||
    (value >= 0xe000 && value <= 0xfffd) ||
    (value >= 0x10000 && value <= 0x10ffff)
  return valid ? String.fromCodePoint(value) : '\uFFFD'
}

/** The API's `line` is HTML: strip tags and decode the references it uses. */
function plainLine(line: string): string {
  return line
    .replace(/<[^>]*>/g, '')
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => codePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => codePoint(Number(dec)))
    .replace(/&(lt|gt|quot|nbsp|eacute|amp);/g, (_, name: string) => NAMED[name] ?? '')
}

// The named references the cases use; the API's `line` keeps them as written.
const NAMED: Record<string, string> = {
  lt: '<',
  gt: '>',
  quot: '"',
  nbsp: '\u00A0',
  eacute: 'é',
  amp: '&',
}

/** `Section.title` collapses whitespace (U+00A0 included) and trims; so must the comparison. */
function collapse(text: string): string {
  return text.replace(/[\s\u00A0]+/g, ' ').trim()
}

describe('sectionsOf agrees with a real MediaWiki', () => {
  let wiki: LocalMediaWiki
  let site: Site

  beforeAll(async () => {
    wiki = await startMediaWiki()
    await wiki.edit('Template:Ic', '<code>{{{1}}}</code>')
    await wiki.edit('Template:Heading maker', '== From a template ==\n')
    await wiki.edit('Template:Echo', '{{{1}}}')
    site = await siteOfWiki(wiki)
  })

  afterAll(async () => {
    await wiki.stop()
  })

  const compare = async (name: string, text: string): Promise<void> => {
    const title = `Sections ${name}`
    await wiki.edit(title, text)
    const json = (await wiki.api({
      action: 'parse',
      page: title,
      prop: 'sections|wikitext',
    })) as { parse: { sections: ApiSection[]; wikitext: { '*': string } } }
    // Compare against the text MediaWiki stored (it trims trailing whitespace).
    const wikitext = json.parse.wikitext['*']
    const locator = createLocator(wikitext)
    const ours = sectionsOf(wikitext, { site, profile: archwiki }).filter((s) => s.index !== null)
    const theirs = json.parse.sections.filter((s) => s.byteoffset !== null)

    expect(ours.map((s) => s.index)).toEqual(theirs.map((s) => Number(s.index)))
    expect(
      ours.map((s) => ({
        anchor: s.anchor,
        level: String(s.level),
        line: collapse(s.title),
        byteoffset: locator.toCodePoint(s.start),
      })),
    ).toEqual(
      theirs.map((s) => ({
        anchor: s.anchor,
        level: s.level,
        line: collapse(plainLine(s.line)),
        byteoffset: s.byteoffset,
      })),
    )
    // Each API entry slices onto its heading, to where sectionsOf ends the section.
    const tree = fromWikitext(wikitext, { site })
    expect(
      theirs.map((s, i) =>
        sectionSliceAt(wikitext, {
          tree,
          codePointOffset: s.byteoffset as number,
          level: Number(s.level),
          nextCodePointOffset: theirs[i + 1]?.byteoffset ?? null,
        }),
      ),
    ).toEqual(ours.map((s) => ({ start: s.start, end: s.end })))
  }

  it.each(cases)('%s', async (name, text) => {
    expect.hasAssertions()
    await compare(name, text)
  })
})
