import { describe, expect, it } from 'vitest'
import { fromWikitext, type Node } from '@wiki/wikitext-parser'
import { renderHtml, seeded, useLocalWiki } from './local-wiki.js'

/**
 * Blocks of lines with a fixed seed: list lines, space-led lines and plain text among lines of
 * only comments (with spaces and tabs around them, several on one line, a comment over several
 * lines, one never closed) and lines where a comment shares the line with text. MediaWiki's
 * preprocessor removes a line of only comments with its break, so the lines around it meet: a list
 * or a preformatted block goes on across it; and its block pass reads a line's markup after the
 * comments it starts with. Each block is rendered by a real MediaWiki and its lists and
 * preformatted blocks compared with ours. WIKI_COMMENT_LINE_BLOCKS runs more of them (1,000
 * agreed when this was written).
 */
function generatedBlocks(count: number): string[] {
  const { random, pick } = seeded(0xc0e11)
  const lines = [
    '* alpha',
    '** beta',
    '# gamma',
    ': delta',
    '; epsilon',
    ' zeta',
    ' eta theta',
    'plain',
    '',
    '<!-- c -->',
    '<!-- c -->',
    '  <!-- c -->',
    '<!-- c -->\t ',
    ' <!-- c --> ',
    '<!-- c --><!-- d -->',
    '<!-- c -->  <!-- d -->',
    '<!--\nspanning\n-->',
    '<!-- c -->iota',
    'kappa<!-- c -->',
    '* lambda<!-- c -->',
    '<!-- c --> mu',
    '<!-- c -->* nu',
    '<!-- c --><!-- d -->## xi',
    '*<!-- c --> omicron',
    ' \t',
    ' <!-- c -->',
    '<!-- open',
  ]
  const blocks = new Set<string>()
  while (blocks.size < count) {
    const length = 2 + Math.floor(random() * 6)
    blocks.add(Array.from({ length }, () => pick(lines)).join('\n'))
  }
  return [...blocks]
}

const elements = new Set(['ul', 'ol', 'dl', 'li', 'dt', 'dd', 'pre'])

/** MediaWiki's list and preformatted elements with their text, whitespace dropped. */
function rendered(html: string): string {
  return html
    .replace(/<(\/?)([a-z]+)[^>]*>/g, (_, slash: string, name: string) =>
      elements.has(name) ? `<${slash}${name}>` : '',
    )
    .replace(/&#160;/g, ' ')
    .replace(/\s+/g, '')
}

const listElements = { bullet: 'ul', ordered: 'ol', definition: 'dl' } as const
const itemElements = { bullet: 'li', ordered: 'li', term: 'dt', description: 'dd' } as const

/** Ours in the same form (comments dropped, as MediaWiki drops them). */
function parsed(node: Node): string {
  if (node.type === 'text') return node.value.replace(/\s+/g, '')
  const inner = 'children' in node ? (node.children as Node[]).map(parsed).join('') : ''
  if (node.type === 'list')
    return `<${listElements[node.kind]}>${inner}</${listElements[node.kind]}>`
  if (node.type === 'listItem') {
    return `<${itemElements[node.kind]}>${inner}</${itemElements[node.kind]}>`
  }
  if (node.type === 'preformatted') return `<pre>${inner}</pre>`
  return inner
}

describe('lines of only comments agree with MediaWiki', () => {
  const local = useLocalWiki()

  it.each(generatedBlocks(Number(process.env.WIKI_COMMENT_LINE_BLOCKS ?? 100)))(
    '%j',
    async (block) => {
      const html = await renderHtml(local.wiki, block)
      expect(parsed(fromWikitext(block, { site: local.site }))).toBe(rendered(html))
    },
  )
})
