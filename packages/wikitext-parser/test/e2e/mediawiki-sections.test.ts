import { describe, expect, it } from 'vitest'
import {
  archwiki,
  createLocator,
  fromWikitext,
  sectionsOf,
  sectionSliceAt,
} from '@wiki/wikitext-parser'
import { seeded, useLocalWiki } from './local-wiki.js'

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
  ['led by a comment', '<!-- c -->== Dup ==\n== Dup ==\n<!-- c --><!-- d -->=== x ===\n== x ==\n'],
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

/**
 * Pages assembled from heading pieces with a fixed seed: the cases above one at a time, these in
 * combinations nobody chose (markup, links, entities, comments, nowiki and templates side by side,
 * levels balanced or not, duplicates, and lines that only look like headings in between).
 * WIKI_SECTIONS_PAGES=300 runs more of them (2,400 headings agreed when this was written).
 */
function generatedCases(count: number): [name: string, wikitext: string][] {
  const { random, pick } = seeded(0x5ec7)
  const pieces = [
    'Install',
    'install',
    'Тест',
    '简体',
    'é',
    '😀',
    'a_b',
    '100%',
    'a%20b',
    'x:y',
    'What?',
    '"q"',
    "it's",
    '(1)',
    '[[Foo]]',
    '[[Foo|bar]]s',
    '[[:Category:Z|z]]',
    '[https://example.org x]',
    "''it''",
    "'''bold'''",
    "'''''both'''''",
    '<code>c</code>',
    '<b>b</b>',
    '<span>s</span>',
    '<!-- c -->',
    '<nowiki>[[n]]</nowiki>',
    '<nowiki/>',
    '&amp;',
    '&nbsp;',
    '&#233;',
    '&lt;x&gt;',
    '{{ic|t}}',
    '&',
    '#',
    '.',
    // Never closed: the line's break is then inside the construct, and MediaWiki's preprocessor
    // leaves the heading unindexed, but its renderer still makes one.
    '[[Open',
    '{{open',
  ]
  const between = [
    'Some text.',
    '<!-- == commented == -->',
    '<nowiki>== not a heading ==</nowiki>',
    '<pre>\n== in pre ==\n</pre>',
    ' == indented ==',
    '* == in a list ==',
    '',
  ]
  const cases: [string, string][] = []
  for (let page = 0; page < count; page++) {
    const titles: string[] = []
    const lines: string[] = []
    for (let heading = 0; heading < 8; heading++) {
      // Repeat an earlier title now and then, for the _2, _3 suffixes.
      const title =
        titles.length > 0 && random() < 0.2
          ? pick(titles)
          : Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(pieces)).join(
              pick([' ', ' ', '']),
            )
      titles.push(title)
      const level = 1 + Math.floor(random() * 6)
      const closing = random() < 0.85 ? level : 1 + Math.floor(random() * 6)
      // After the closing run: nothing, spaces, a comment, or a node, which makes the line no
      // heading at all.
      const after = pick(['', '', '  ', ' <!-- after -->', '', '', '  ', '[[Foo]]', '{{ic|t}}'])
      // Before the opening run: comments now and then, which MediaWiki's preprocessor does not
      // take for a line start (no index) but its heading pass, reading without them, does.
      const lead = pick(['', '', '', '', '', '<!-- lead -->'])
      lines.push(
        `${lead}${'='.repeat(level)} ${title} ${'='.repeat(closing)}${after}`,
        pick(between),
      )
    }
    cases.push([`generated ${page + 1}`, `${lines.join('\n')}\n`])
  }
  return cases
}

/**
 * Headings a construct closed on a later line runs over, from a fixed seed: the preprocessor's
 * heading goes on to the closing run after it, and MediaWiki's heading pass, reading one line at a
 * time, renders it only where no line break is left once comments are gone, tags are strip
 * markers and templates expanded (`ic` shows its first parameter only). Each heading holds one
 * such construct among plain pieces. Not generated: such constructs in a heading led by comments
 * or holding one that never closes (README, known gaps). WIKI_SECTIONS_PAGES runs more of them.
 */
function multiLineCases(count: number): [name: string, wikitext: string][] {
  const { random, pick } = seeded(0x11e5)
  const plain = ['Install', 'é', '100%', "''it''", '[[Foo|bar]]s', '{{ic|t}}', '&amp;', '<b>b</b>']
  const spanning = [
    '[[Foo|bar\nbaz]]',
    '[[Foo|\n]]',
    '-{a\nb}-',
    '{{ic|t|\n}}',
    '<!-- x\ny -->',
    '<nowiki>x\ny</nowiki>',
  ]
  const cases: [string, string][] = []
  for (let page = 0; page < count; page++) {
    const lines: string[] = []
    for (let heading = 0; heading < 6; heading++) {
      const pieces = Array.from({ length: Math.floor(random() * 3) }, () => pick(plain))
      pieces.splice(Math.floor(random() * (pieces.length + 1)), 0, pick(spanning))
      const level = 1 + Math.floor(random() * 6)
      lines.push(`${'='.repeat(level)} ${pieces.join(' ')} ${'='.repeat(level)}`, 'Some text.')
    }
    cases.push([`spanning lines ${page + 1}`, `${lines.join('\n')}\n`])
  }
  return cases
}

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
  const local = useLocalWiki(async (wiki) => {
    await wiki.edit('Template:Ic', '<code>{{{1}}}</code>')
    await wiki.edit('Template:Heading maker', '== From a template ==\n')
    await wiki.edit('Template:Echo', '{{{1}}}')
  })

  const compare = async (name: string, text: string): Promise<void> => {
    const title = `Sections ${name}`
    await local.wiki.edit(title, text)
    const json = (await local.wiki.api({
      action: 'parse',
      page: title,
      prop: 'sections|wikitext',
    })) as { parse: { sections: ApiSection[]; wikitext: { '*': string } } }
    // Compare against the text MediaWiki stored (it trims trailing whitespace).
    const wikitext = json.parse.wikitext['*']
    const locator = createLocator(wikitext)
    const ours = sectionsOf(wikitext, { site: local.site, profile: archwiki }).filter(
      (s) => s.index !== null,
    )
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
    const tree = fromWikitext(wikitext, { site: local.site })
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
    // Headings its preprocessor did not index (led by comments, or on a line a construct never
    // closed runs over) are listed with no offset or index, in order, with their anchors.
    // MediaWiki lists a heading a template's parameter brings alike; only 'headings from
    // templates' has one. Those from a template's own text have an index (`T-1`).
    if (name !== 'headings from templates') {
      const unindexed = (entries: { anchor: string; level: string; line: string }[]): string[] =>
        entries.map((s) => `${s.level} ${s.anchor} ${s.line}`)
      expect(
        unindexed(
          sectionsOf(wikitext, { site: local.site, profile: archwiki })
            .filter((s) => s.index === null)
            .map((s) => ({ anchor: s.anchor, level: String(s.level), line: collapse(s.title) })),
        ),
      ).toEqual(
        unindexed(
          json.parse.sections
            .filter((s) => s.byteoffset === null && s.index === '')
            .map((s) => ({ anchor: s.anchor, level: s.level, line: collapse(plainLine(s.line)) })),
        ),
      )
    }
  }

  const pages = Number(process.env.WIKI_SECTIONS_PAGES ?? 60)
  it.each([...cases, ...generatedCases(pages), ...multiLineCases(pages)])(
    '%s',
    async (name, text) => {
      expect.hasAssertions()
      await compare(name, text)
    },
  )
})
