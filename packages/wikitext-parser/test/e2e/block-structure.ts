import type { Node } from '@wiki/wikitext-parser'

/**
 * A page's block structure as a string both sides can be reduced to: elements in `<name>…</name>`
 * form with their text, whitespace dropped. The generated suites and the recorded pages compare
 * MediaWiki's HTML with our trees this way, each keeping the elements its inputs can make.
 */

/** The list elements, the table elements (its captions apart) and the heading elements. */
export const listTags: readonly string[] = ['ul', 'ol', 'dl', 'li', 'dt', 'dd']
export const tableTags: readonly string[] = ['table', 'tr', 'td', 'th']
export const headingTags: readonly string[] = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6']

/**
 * What the generated mixed pages start their lines with (blanks weighted): list prefixes, a term
 * and its description, space-led lines, rules, heading runs (given their closing run) and a
 * comment.
 */
export const linePrefixes: readonly string[] = [
  '',
  '',
  '',
  '',
  '*',
  '**',
  '#',
  '*#',
  ':',
  '::',
  ';',
  ';a:',
  ' ',
  '  ',
  '----',
  '-----',
  '==',
  '=',
  '<!-- c -->',
]

/**
 * MediaWiki's HTML reduced to the elements named in `kept` and their text; its table of contents,
 * references list and section edit links, which no wikitext of the page makes there, left out.
 */
export function renderedBlocks(html: string, kept: ReadonlySet<string>): string {
  return (
    html
      .replace(/<div id="toc"[\s\S]*?<\/ul>\s*<\/div>/, '')
      .replace(/<div class="mw-references-wrap[\s\S]*?<\/div>/g, '')
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

/** The elements alone: `renderedBlocks` with its text dropped (MediaWiki escapes a text's `<`). */
export function skeleton(blocks: string): string {
  return blocks.replace(/>[^<]*</g, '><').replace(/^[^<]*|[^>]*$/g, '')
}

/**
 * Our tree in the same form: lists and items, preformatted blocks (a `<pre>` tag too), tables,
 * rows holding cells, cells, captions, headings and rules as the elements MediaWiki makes of them;
 * comments, table attributes, other extension tags and templates dropped (the local MediaWiki has
 * none of a page's templates, so none of their parameters reach its output); a bare URL as its
 * text. `withText: false` leaves all text out, as `skeleton` does.
 */
export function parsedBlocks(node: Node, withText = true): string {
  if (node.type === 'text') return withText ? node.value.replace(/\s+/g, '') : ''
  if (node.type === 'extensionTag') {
    const value = withText ? (node.value ?? '').replace(/\s+/g, '') : ''
    return node.name === 'pre' ? `<pre>${value}</pre>` : ''
  }
  if (
    node.type === 'comment' ||
    node.type === 'tableAttributes' ||
    node.type === 'template' ||
    node.type === 'parserFunction'
  ) {
    return ''
  }
  if (node.type === 'externalLink' && !node.bracketed) return withText ? node.url : ''
  const inner =
    'children' in node
      ? (node.children as Node[]).map((child) => parsedBlocks(child, withText)).join('')
      : ''
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
      return node.children.some((child) => child.type === 'tableCell') ? element('tr') : inner
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
