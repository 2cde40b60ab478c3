import type { Node } from '@wiki/wikitext-parser'

/**
 * A page's block structure as a string both sides can be reduced to: elements in `<name>…</name>`
 * form with their text, whitespace dropped. The generated suites compare MediaWiki's HTML with
 * our trees this way, each keeping the elements its inputs can make.
 */

/** MediaWiki's HTML reduced to the elements named in `kept` and their text. */
export function renderedBlocks(html: string, kept: ReadonlySet<string>): string {
  return (
    html
      .replace(/<span class="mw-editsection">[\s\S]*?<\/span><\/span>/g, '')
      .replace(/<(\/?)([a-z0-9]+)[^>]*>/g, (_, slash: string, name: string) =>
        kept.has(name) ? `<${slash}${name}>` : '',
      )
      // French spacing: MediaWiki puts a no-break space before a colon after a space.
      .replace(/&#160;/g, ' ')
      .replace(/\s+/g, '')
  )
}

const listElements = { bullet: 'ul', ordered: 'ol', definition: 'dl' } as const
const itemElements = { bullet: 'li', ordered: 'li', term: 'dt', description: 'dd' } as const

/**
 * Our tree in the same form: lists and items, preformatted blocks, tables, rows, cells, captions,
 * headings and rules as the elements MediaWiki makes of them; comments and table attributes
 * dropped, as MediaWiki prints neither; a bare URL as its text.
 */
export function parsedBlocks(node: Node): string {
  if (node.type === 'text') return node.value.replace(/\s+/g, '')
  if (node.type === 'comment' || node.type === 'tableAttributes') return ''
  if (node.type === 'externalLink' && !node.bracketed) return node.url
  const inner = 'children' in node ? (node.children as Node[]).map(parsedBlocks).join('') : ''
  const element = (name: string): string => `<${name}>${inner}</${name}>`
  switch (node.type) {
    case 'list':
      return element(listElements[node.kind])
    case 'listItem':
      return element(itemElements[node.kind])
    case 'preformatted':
      return element('pre')
    case 'table':
      return element('table')
    case 'tableRow':
      return element('tr')
    case 'tableCell':
      return element(node.header ? 'th' : 'td')
    case 'tableCaption':
      return element('caption')
    case 'heading':
      return element(`h${node.depth}`)
    case 'horizontalRule':
      return '<hr>'
    default:
      return inner
  }
}
