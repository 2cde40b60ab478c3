import { describe, expect, it } from 'vitest'
import { fromWikitext, type Node } from '@wiki/wikitext-parser'
import { renderHtml, seeded, useLocalWiki } from './local-wiki.js'

/**
 * Lines of internal links with a fixed seed: targets with spaces, colons, fragments, characters
 * a title cannot hold, line breaks, percent escapes, entities, templates, comments and nowiki;
 * texts after one or more pipes, empty (the pipe trick, which only saving expands) or not; link
 * trails; links in file captions; runs of brackets around them. Each line is rendered by a real MediaWiki and the number of
 * links it made compared with our `internalLink` nodes. WIKI_LINK_LINES runs more of them (1,000
 * agreed when this was written).
 */
function generatedLines(count: number): string[] {
  const { random, pick } = seeded(0x1127)
  const targets = [
    'a',
    'B c',
    ':d',
    'e#f',
    '#g',
    'h|i',
    'j|',
    'j|<!-- c -->',
    'j||',
    'j| ',
    'k|l|m',
    ' n ',
    'o\np',
    'q<r',
    's{t',
    'u[v',
    'w]x',
    '%41y',
    'z&amp;',
    'Talk:aa',
    'Category:Bb|',
    'bb/cc',
    '',
    ' ',
    '|dd',
    'ee_ff',
    'gg?',
    '~jj',
    "kk''ll''",
    'mm{{tpl}}',
    'nn<nowiki/>',
    'oo<!-- c -->pp',
    'File:Qq.png|rr',
    'File:Qq.png|thumb|ss [[tt]] uu',
    // `[[File:Qq.png|]]` is text too, unless a `]]` follows later on the line: MediaWiki then
    // takes a caption up to it, which we do not (docs/decisions.md).
  ]
  const trails = ['', '', 'qq', ' rr', 'ss.', "tt's"]
  // Runs of brackets: MediaWiki splits at each `[[` from the left, so an odd run leaves the
  // target starting with `[`.
  const openers = ['[[', '[[', '[[', '[[[', '[[[[', '[[[[[']
  const closers = [']]', ']]', ']]', ']]]', ']]]]']
  const lines = new Set<string>()
  while (lines.size < count) {
    const links = 1 + Math.floor(random() * 3)
    lines.add(
      Array.from(
        { length: links },
        () => `x ${pick(openers)}${pick(targets)}${pick(closers)}${pick(trails)}`,
      ).join(' '),
    )
  }
  return [...lines]
}

/** MediaWiki's links to pages of the wiki (and to fragments of this one). */
function renderedLinks(html: string): number {
  return [...html.matchAll(/<a [^>]*href="(?:\/index\.php|#)[^"]*"/g)].length
}

/** Ours: every internal link, in file captions too, but categories (listed below the page). */
function parsedLinks(node: Node): number {
  const own = node.type === 'internalLink' && node.kind !== 'category' ? 1 : 0
  if (!('children' in node)) return own
  return own + (node.children as Node[]).reduce((sum, child) => sum + parsedLinks(child), 0)
}

describe('internal links agree with MediaWiki', () => {
  // A target's template expands to title characters, as the pages it models would have it (a
  // missing template would render a link of its own to its page).
  const local = useLocalWiki(async (wiki) => {
    await wiki.edit('Template:Tpl', 'tt')
  })

  it.each(generatedLines(Number(process.env.WIKI_LINK_LINES ?? 100)))('%j', async (line) => {
    const html = await renderHtml(local.wiki, line)
    expect(parsedLinks(fromWikitext(line, { site: local.site }))).toBe(renderedLinks(html))
  })
})
