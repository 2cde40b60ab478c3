import { describe, expect, it } from 'vitest'
import { fromWikitext, type Node } from '@wiki/wikitext-parser'
import { renderHtml, seeded, useLocalWiki } from './local-wiki.js'

/**
 * Blocks with a fixed seed where `div`, `blockquote` and `center` tags open and close on
 * different lines around text, lists and space-led lines, nested up to three deep. Each block is
 * rendered by a real MediaWiki and the nesting of those elements, lists and preformatted blocks
 * compared with ours. WIKI_BLOCK_ELEMENTS runs more of them (1,000 agreed when this was written).
 */
function generatedBlocks(count: number): string[] {
  const { random, pick } = seeded(0xb10c4)
  const leaves = ['alpha', 'beta gamma', '* item', '** deeper', '# numbered', ' spaced', '']
  const names = ['div', 'blockquote', 'center']
  const lines = (depth: number): string[] => {
    const result: string[] = []
    const length = 1 + Math.floor(random() * 4)
    for (let index = 0; index < length; index++) {
      if (depth < 3 && random() < 0.35) {
        const name = pick(names)
        const open = `<${name}${random() < 0.3 ? ' class="c"' : ''}>`
        const inner = lines(depth + 1)
        // The tags alone on their lines, or sharing a line with text.
        if (random() < 0.25) result.push(`${open}lead`)
        else result.push(open)
        result.push(...inner)
        result.push(random() < 0.25 ? `tail</${name}>` : `</${name}>`)
      } else result.push(pick(leaves))
    }
    return result
  }
  const blocks = new Set<string>()
  while (blocks.size < count) {
    const block = lines(0).join('\n')
    if (/<(div|blockquote|center)/.test(block)) blocks.add(block)
  }
  return [...blocks]
}

/**
 * Tables with a fixed seed whose cells go on for more lines: lists, space-led lines, text and now
 * and then a table inside. MediaWiki's block pass reads those lines after the cell's `<td>`, so
 * they nest inside the cell. WIKI_BLOCK_ELEMENTS sizes this family too.
 */
function generatedTables(count: number): string[] {
  const { random, pick } = seeded(0x7ab1e)
  const leaves = ['alpha', '* item', '** deeper', '# numbered', ' spaced', ' more spaced', '']
  const table = (depth: number): string[] => {
    const result = ['{|']
    const rows = 1 + Math.floor(random() * 3)
    for (let row = 0; row < rows; row++) {
      if (row > 0 || random() < 0.5) result.push('|-')
      const cells = 1 + Math.floor(random() * 2)
      for (let cell = 0; cell < cells; cell++) {
        result.push(random() < 0.3 ? '| first || second' : `${pick(['|', '!'])} cell`)
        const more = Math.floor(random() * 4)
        for (let line = 0; line < more; line++) {
          if (depth < 1 && random() < 0.15) result.push(...table(depth + 1))
          else result.push(pick(leaves))
        }
      }
    }
    result.push('|}')
    return result
  }
  const blocks = new Set<string>()
  while (blocks.size < count) blocks.add(table(0).join('\n'))
  return [...blocks]
}

const kept = /<(\/?)(div|blockquote|center|ul|ol|li|pre|table|tr|td|th)\b[^>]*>/g

/** MediaWiki's elements of those kinds and their text, whitespace dropped. */
function rendered(html: string): string {
  const body = html.replace(/^<div class="mw-parser-output">/, '').replace(/<\/div>\s*$/, '')
  let result = ''
  let at = 0
  for (const match of body.matchAll(kept)) {
    result += body.slice(at, match.index).replace(/<[^>]*>/g, '')
    result += `<${match[1]}${match[2]}>`
    at = match.index + match[0].length
  }
  result += body.slice(at).replace(/<[^>]*>/g, '')
  return result.replace(/\s+/g, '')
}

/** Ours in the same form. */
function parsed(node: Node): string {
  if (node.type === 'text') return node.value.replace(/\s+/g, '')
  const inner = 'children' in node ? (node.children as Node[]).map(parsed).join('') : ''
  if (node.type === 'htmlTag') {
    return node.kind === 'element' ? `<${node.name}>${inner}</${node.name}>` : ''
  }
  if (node.type === 'list') {
    const name = node.kind === 'ordered' ? 'ol' : 'ul'
    return `<${name}>${inner}</${name}>`
  }
  if (node.type === 'listItem') return `<li>${inner}</li>`
  if (node.type === 'preformatted') return `<pre>${inner}</pre>`
  if (node.type === 'table') return `<table>${inner}</table>`
  if (node.type === 'tableRow') return `<tr>${inner}</tr>`
  if (node.type === 'tableCell') {
    const name = node.header ? 'th' : 'td'
    return `<${name}>${inner}</${name}>`
  }
  return inner
}

describe('block-level HTML elements and table cells agree with MediaWiki', () => {
  const local = useLocalWiki()

  it.each(generatedBlocks(Number(process.env.WIKI_BLOCK_ELEMENTS ?? 100)))('%j', async (block) => {
    const html = await renderHtml(local.wiki, block)
    expect(parsed(fromWikitext(block, { site: local.site }))).toBe(rendered(html))
  })

  it.each(generatedTables(Number(process.env.WIKI_BLOCK_ELEMENTS ?? 100)))(
    'table cells: %j',
    async (table) => {
      const html = await renderHtml(local.wiki, table)
      expect(parsed(fromWikitext(table, { site: local.site }))).toBe(rendered(html))
    },
  )
})
