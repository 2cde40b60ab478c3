import type { Node } from '@wiki/wikitext-parser'

/**
 * Inline structure as both sides can be reduced to it: bold, italic and links as `<b>`, `<i>` and
 * `<a>` over text, from our trees and from MediaWiki's HTML.
 */

/** Drops empty elements, which MediaWiki's HTML cleanup removes and our spans keep. */
export function withoutEmpty(markup: string): string {
  let previous = ''
  let current = markup
  while (current !== previous) {
    previous = current
    current = current.replace(/<(b|i)><\/\1>/g, '')
  }
  return current
}

/**
 * Our tree as `<a>`, `<b>` and `<i>` over text: an internal link is its shown text (its
 * parameters, else its target) and trail.
 */
export function linkedText(node: Node): string {
  if (node.type === 'text') return node.value
  if (node.type === 'internalLink') {
    const [target, ...parameters] = node.children
    const shown = parameters.length > 0 ? parameters : [target]
    return `<a>${shown.map(linkedText).join('')}${node.trail}</a>`
  }
  const inner = 'children' in node ? (node.children as Node[]).map(linkedText).join('') : ''
  return formatting(node, inner) ?? inner
}

/**
 * Markup of `<a>`, `<b>` and `<i>` (other tags ignored) as runs of text, each led by the set of
 * those elements it lies in: `[bi]x[]y`. The same for any nesting that puts the same characters
 * in the same elements. Line breaks are dropped: MediaWiki's paragraph break lands inside an
 * element left open at the end of a line.
 */
export function formattedRuns(markup: string): string {
  const depth = { a: 0, b: 0, i: 0 }
  let runs = ''
  let last: string | null = null
  for (const [token = '', slash, name] of markup.matchAll(/<(\/?)([a-z]+)[^>]*>|[^<\n]+/g)) {
    if (name !== undefined) {
      if (name === 'a' || name === 'b' || name === 'i') depth[name] += slash === '/' ? -1 : 1
      continue
    }
    const set = (['a', 'b', 'i'] as const).filter((key) => depth[key] > 0).join('')
    if (set !== last) runs += `[${set}]`
    runs += token
    last = set
  }
  return runs
}

/**
 * Ours as markup: external links too, a bare one shown as its address, an empty one numbered;
 * paired `<b>` and `<i>` tags as the elements they are.
 */
export function inlineMarkup(tree: Node): string {
  let numbered = 0
  const markup = (node: Node): string => {
    if (node.type === 'externalLink') {
      const shown = !node.bracketed
        ? node.url
        : node.children.length > 0
          ? node.children.map(markup).join('')
          : `[${++numbered}]`
      return `<a>${shown}</a>`
    }
    if (node.type === 'internalLink') return linkedText(node)
    if (node.type === 'text') return node.value
    const inner = 'children' in node ? (node.children as Node[]).map(markup).join('') : ''
    return formatting(node, inner) ?? inner
  }
  return markup(tree)
}

/**
 * MediaWiki's HTML for a whole page as `<a>`, `<b>` and `<i>` over text, for `formattedRuns`:
 * section edit links left out, the references it writes decoded, French spacing's no-break
 * space a space.
 */
export function renderedInlineText(html: string): string {
  return html
    .replace(/<span class="mw-editsection">[\s\S]*?<\/span><\/span>/g, '')
    .replace(/<(\/?)([a-z0-9]+)[^>]*>/g, (_, slash: string, name: string) =>
      name === 'a' || name === 'b' || name === 'i' ? `<${slash}${name}>` : '',
    )
    .replace(/&#160;/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
}

/**
 * A page's inline formatting as both sides can be reduced to it: `<b>`, `<i>` and external links'
 * `<a>`, nested as they are, text left out. Internal links go with all they hold (MediaWiki makes
 * them red links to pages its wiki lacks, templates included, dropping their parameters), and so
 * does the references list.
 */
export function renderedInline(html: string): string {
  return html
    .replace(/<div id="toc"[\s\S]*?<\/ul>\s*<\/div>/, '')
    .replace(/<span class="mw-editsection">[\s\S]*?<\/span><\/span>/g, '')
    .replace(/<ol class="references">[\s\S]*?<\/ol>/g, '')
    .replace(/<a (?![^>]*class="external)[^>]*>[\s\S]*?<\/a>/g, '')
    .replace(/<(\/?)([a-z0-9]+)[^>]*>|[^<]+/g, (token, slash: string | undefined, name?: string) =>
      name === 'a' || name === 'b' || name === 'i' ? `<${slash ?? ''}${name}>` : '',
    )
}

/**
 * Our tree in the same form: bold, italic, paired `<b>`/`<i>` elements and external links;
 * internal links, templates, extension tags and comments with all they hold left out.
 */
export function parsedInline(node: Node): string {
  if (
    node.type === 'text' ||
    node.type === 'comment' ||
    node.type === 'internalLink' ||
    node.type === 'template' ||
    node.type === 'parserFunction' ||
    node.type === 'magicWord' ||
    node.type === 'templateArgument' ||
    node.type === 'extensionTag' ||
    node.type === 'tableAttributes'
  ) {
    return ''
  }
  const inner = 'children' in node ? (node.children as Node[]).map(parsedInline).join('') : ''
  if (node.type === 'externalLink') return `<a>${inner}</a>`
  return formatting(node, inner) ?? inner
}

/** `inner` in the `<b>` or `<i>` a node makes (apostrophes, or a paired tag), or null. */
function formatting(node: Node, inner: string): string | null {
  if (node.type === 'italic') return `<i>${inner}</i>`
  if (node.type === 'bold') return `<b>${inner}</b>`
  const tag = node.type === 'htmlTag' && node.kind === 'element' ? node.name : ''
  return tag === 'b' || tag === 'i' ? `<${tag}>${inner}</${tag}>` : null
}
