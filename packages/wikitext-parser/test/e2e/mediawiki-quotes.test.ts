import { describe, expect, it } from 'vitest'
import { fromWikitext, type Node } from '@wiki/wikitext-parser'
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

/** Drops empty elements, which MediaWiki's HTML cleanup removes and our spans keep. */
function withoutEmpty(markup: string): string {
  let previous = ''
  let current = markup
  while (current !== previous) {
    previous = current
    current = current.replace(/<(b|i)><\/\1>/g, '')
  }
  return current
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

/** Ours in the same form: a link is its shown text (its parameters, else its target) and trail. */
function parsed(node: Node): string {
  if (node.type === 'text') return node.value
  if (node.type === 'internalLink') {
    const [target, ...parameters] = node.children
    const shown = parameters.length > 0 ? parameters : [target]
    return `<a>${shown.map(parsed).join('')}${node.trail}</a>`
  }
  const inner = 'children' in node ? (node.children as Node[]).map(parsed).join('') : ''
  if (node.type === 'italic') return `<i>${inner}</i>`
  if (node.type === 'bold') return `<b>${inner}</b>`
  return inner
}

describe('apostrophes agree with MediaWiki', () => {
  const local = useLocalWiki()

  it.each(generatedLines(Number(process.env.WIKI_QUOTES_LINES ?? 100)))('%j', async (line) => {
    const html = await renderHtml(local.wiki, line)
    expect(withoutEmpty(parsed(fromWikitext(line, { site: local.site })))).toBe(rendered(html))
  })
})
