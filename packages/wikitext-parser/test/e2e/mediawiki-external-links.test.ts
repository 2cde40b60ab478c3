import { describe, expect, it } from 'vitest'
import { fromWikitext, type Node } from '@wiki/wikitext-parser'
import { renderHtml, seeded, useLocalWiki } from './local-wiki.js'

/**
 * Lines of bare and bracketed URLs with a fixed seed, with the punctuation, parentheses,
 * brackets, character references and quotes MediaWiki trims or stops at around them. Each line is rendered
 * by a real MediaWiki and its external links (address and text) compared with our
 * externalLink nodes. WIKI_EXTERNAL_LINES runs more of them (1,000 agreed when this was written).
 */
function generatedLines(count: number): string[] {
  const { random, pick } = seeded(0xe7e4)
  const urls = [
    'https://example.org',
    'http://example.org/a_b',
    'https://example.org/path?q=1&r=2',
    'https://example.org/(x)',
    'https://example.org/a(b',
    'ftp://example.org/f',
    'mailto:someone@example.org',
    '//example.org/relative',
    'https://example.org/%41',
    'https://exa mple.org',
  ]
  const after = [
    '',
    '.',
    ',',
    ';',
    ':',
    '!',
    '?',
    ')',
    ').',
    "'",
    "''",
    '"',
    ']',
    '<',
    '&lt;',
    '&amp;x',
    ' text',
    // A `;` ending a character reference stays in a bare URL; a no-break space, and `<` or `>`
    // written as numbers, end it.
    '&amp;',
    '&amp;;',
    '&quot;.',
    '&foo;',
    '&#59;',
    '&#x3b;',
    '&a-b;',
    '&;',
    '&nbsp;x',
    '&#160;x',
    '&#x3C;x',
    '&#062;',
    // What such a stop leaves of MediaWiki's match is text, a URL in it too.
    '<https://example.org/b',
    '&gt;http://example.org/c',
  ]
  const before = ['', ' ', '(', 'x', "''", '[']
  const lines = new Set<string>()
  while (lines.size < count) {
    const url = pick(urls)
    const label = pick(['', ' ', ' label', ' two words', "  ''it''"])
    // Apostrophes opened before a link and closed inside its text pair up across it, and
    // MediaWiki's HTML cleanup then splits the link's element in two; the apostrophes suite
    // compares those lines by what is bold, italic and linked.
    const lead = label.includes("''")
      ? pick(before.filter((piece) => piece !== "''"))
      : pick(before)
    const line =
      random() < 0.4
        ? `${lead}[${url}${label}]${pick(after)}`
        : `${pick(before)}${url}${pick(after)}${pick(after)}`
    lines.add(`a ${line} z`)
  }
  return [...lines]
}

function decode(text: string): string {
  return text
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&#x([\da-f]+);/gi, (_, code: string) => String.fromCodePoint(parseInt(code, 16)))
    .replace(/&nbsp;/g, '\u00a0')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;/g, "'")
    .replace(/&amp;/g, '&')
}

/** An address as MediaWiki's Sanitizer::cleanUrl writes it: references decoded, then `"`, `|`, brackets and spaces escaped. */
function cleanUrl(url: string): string {
  return decode(url).replace(
    /[\][<>"|\u0000-\u0020\u007F]/gu,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
  )
}

/** MediaWiki's external links as `url | text`. */
function rendered(html: string): string[] {
  return [
    ...html.matchAll(/<a [^>]*class="external[^"]*"[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g),
  ].map(([, href = '', text = '']) => `${decode(href)} | ${decode(text.replace(/<[^>]*>/g, ''))}`)
}

/** Ours in the same form. */
function parsed(tree: Node): string[] {
  const links: string[] = []
  let numbered = 0
  const textOf = (node: Node): string =>
    node.type === 'text'
      ? node.value
      : 'children' in node
        ? (node.children as Node[]).map(textOf).join('')
        : ''
  const walk = (node: Node): void => {
    if (node.type === 'externalLink') {
      // A bare link shows its address; a bracketed one its text, or a number when it has none.
      const text = node.bracketed ? decode(textOf(node)) : cleanUrl(node.url)
      // MediaWiki decodes references in the address and escapes what a URL cannot hold; ours is
      // the source.
      links.push(
        `${cleanUrl(node.url)} | ${node.bracketed && text === '' ? `[${++numbered}]` : text}`,
      )
      return
    }
    if ('children' in node) for (const child of node.children as Node[]) walk(child)
  }
  walk(tree)
  return links
}

describe('external links agree with MediaWiki', () => {
  const local = useLocalWiki()

  it.each(generatedLines(Number(process.env.WIKI_EXTERNAL_LINES ?? 100)))('%j', async (line) => {
    const html = await renderHtml(local.wiki, line)
    expect(parsed(fromWikitext(line, { site: local.site }))).toEqual(rendered(html))
  })
})
