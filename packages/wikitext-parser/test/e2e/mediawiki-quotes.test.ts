import { describe, expect, it } from 'vitest'
import { fromWikitext } from '@wiki/wikitext-parser'
import { formattedRuns, inlineMarkup, linkedText, withoutEmpty } from './inline-structure.js'
import { renderHtml, seeded, useLocalWiki } from './local-wiki.js'

/**
 * Lines of words, links and apostrophe runs with a fixed seed. MediaWiki's doQuotes decides which
 * runs are bold, italic or literal; each line is rendered by a real MediaWiki and compared, as
 * nested <b>/<i>/<a> elements, with our bold, italic and link nodes. WIKI_QUOTES_LINES runs more
 * of them (1,000 agreed when this was written).
 */
function generatedLines(count: number): string[] {
  const { random } = seeded(0x9a07e5)
  const pieces = [
    "''",
    "'''",
    "''''",
    "'''''",
    "''''''",
    "'",
    'a',
    'b c',
    'x ',
    ' ',
    'word',
    '[[p]]',
    '[[p|q r]]',
    "[[p|''q'']]",
  ]
  const lines = new Set<string>()
  while (lines.size < count) {
    const length = 1 + Math.floor(random() * 10)
    let line = ''
    for (let index = 0; index < length; index++) {
      line += pieces[Math.floor(random() * pieces.length)]
    }
    // A line led by a space is preformatted; the comparison is about paragraphs.
    if (!line.startsWith(' ') && line.trim() !== '') lines.add(line)
  }
  return [...lines]
}

/**
 * Lines where apostrophe spans meet external links and inline HTML elements, with a fixed seed.
 * MediaWiki's doQuotes reads these as text, so spans pair across their edges; its HTML cleanup
 * then reshapes the misnested tags, where we cut the spans at the edges. What must agree is which
 * characters end up bold, italic and inside a link. Links and elements nest properly here: the
 * apostrophes are what cross them (no internal link or bare URL in a link's text, whose nested
 * anchors the cleanup reshapes on its own).
 */
function generatedCrossingLines(count: number): string[] {
  const { random, pick } = seeded(0xc1055)
  const plain = ["''", "'''", "'''''", "''", "'''", "'", 'a', 'b c', ' ', 'word']
  const anywhere = [...plain, '[[p|q r]]', 'http://e.com/x ']
  const run = (pieces: readonly string[]): string =>
    Array.from({ length: 1 + Math.floor(random() * 4) }, () => pick(pieces)).join('')
  const link = (): string => `[http://e.com/ ${run(plain)}]`
  const segment = (): string => {
    const r = random()
    if (r < 0.5) return pick(anywhere)
    if (r < 0.7) return link()
    const tag = pick(['span', 'u'])
    return `<${tag}>${run(anywhere)}${random() < 0.3 ? link() : ''}${run(plain)}</${tag}>`
  }
  const lines = new Set<string>()
  while (lines.size < count) {
    const line = Array.from({ length: 2 + Math.floor(random() * 6) }, segment).join('')
    if (!line.startsWith(' ') && line.includes("''")) lines.add(line)
  }
  return [...lines]
}

/**
 * Lines where bracketed external links and HTML tags cross each other's edges, with a fixed
 * seed: MediaWiki finds external links while tags are still text, so a link's text may hold half
 * an element. Compared, as above, by what ends up linked, bold and italic. No internal link or
 * bare URL inside a link's text, whose nested anchors MediaWiki's cleanup reshapes on its own.
 */
function generatedTangledLines(count: number): string[] {
  const { random, pick } = seeded(0x7a9e1)
  const pieces = [
    "''",
    "'''",
    'a',
    'b c',
    ' ',
    'word',
    '[http://e.com/ ',
    '[http://e.com/ ',
    ']',
    ']',
    '<span>',
    '</span>',
    '<u>',
    '</u>',
  ]
  const lines = new Set<string>()
  while (lines.size < count) {
    const line = Array.from({ length: 2 + Math.floor(random() * 12) }, () => pick(pieces)).join('')
    if (!line.startsWith(' ') && line.includes('[http') && line.includes('<')) lines.add(line)
  }
  return [...lines]
}

/** MediaWiki's paragraph as b/i markup over text. */
function rendered(html: string): string {
  const inner = /<p>([\s\S]*?)\n?<\/p>/.exec(html)?.[1] ?? ''
  return withoutEmpty(
    inner
      .replace(/<a [^>]*>/g, '<a>')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&'),
  )
}

describe('apostrophes and the links and elements they cross agree with MediaWiki', () => {
  const local = useLocalWiki()

  it.each(generatedLines(Number(process.env.WIKI_QUOTES_LINES ?? 100)))('%j', async (line) => {
    const html = await renderHtml(local.wiki, line)
    expect(withoutEmpty(linkedText(fromWikitext(line, { site: local.site })))).toBe(rendered(html))
  })

  it.each(generatedCrossingLines(Number(process.env.WIKI_QUOTES_LINES ?? 100)))(
    'across links and HTML: %j',
    async (line) => {
      const html = await renderHtml(local.wiki, line)
      const ours = inlineMarkup(fromWikitext(line, { site: local.site }))
      expect(formattedRuns(ours)).toBe(formattedRuns(rendered(html)))
    },
  )

  it.each(generatedTangledLines(Number(process.env.WIKI_QUOTES_LINES ?? 100)))(
    'links across HTML: %j',
    async (line) => {
      const html = await renderHtml(local.wiki, line)
      const ours = inlineMarkup(fromWikitext(line, { site: local.site }))
      expect(formattedRuns(ours)).toBe(formattedRuns(rendered(html)))
    },
  )
})
