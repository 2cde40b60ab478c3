/**
 * HTML tags from Sanitizer's allowed list, found in one line's text, and paired into elements
 * once the line's external links are made (MediaWiki reads tags as text until then): an open tag
 * pairs with its close tag in the same sequence. Anything else stays text.
 */
import { makeText } from './make-text.js'
import { lastOf } from './last-of.js'
import type { ParseContext } from './preprocess/types.js'
import type { Content, HtmlTag } from './types.js'

const allowed: ReadonlySet<string> = new Set(
  (
    'abbr b bdi bdo big blockquote br caption center cite code data dd del dfn div dl dt em font ' +
    'h1 h2 h3 h4 h5 h6 hr i ins kbd li mark ol p pre q rb rp rt rtc ruby s samp small span strike ' +
    'strong sub sup table td th time tr tt u ul var wbr'
  ).split(' '),
)
const voids: ReadonlySet<string> = new Set(['br', 'wbr', 'hr'])
/** `<`, an optional `/`, a name and what follows it up to `>`: a tag if `isHtmlTag` says so. */
export const tagPattern: RegExp = /<(\/?)([A-Za-z][A-Za-z0-9]*)([^<>]*)>/gu

/**
 * Whether a tag of this lower-cased name and attributes (as `tagPattern` reads them) is HTML.
 * A registered extension tag that did not close in pass 1 is text, not HTML.
 */
export function isHtmlTag(context: ParseContext, name: string, attributes: string): boolean {
  return isHtmlTagName(name, attributes) && !context.site.tags.has(name)
}

/** Whether Sanitizer allows a tag of this lower-cased name, attributes as `tagPattern` reads them. */
export function isHtmlTagName(name: string, attributes: string): boolean {
  return allowed.has(name) && (attributes === '' || /^[\s/]/u.test(attributes))
}

/** The line's items with each HTML tag in its texts as an `htmlTag` node of its own, unpaired. */
export function htmlTagNodes(context: ParseContext, items: readonly Content[]): Content[] {
  if (!items.some((item) => item.type === 'text' && item.value.includes('<'))) return [...items]
  const flat: Content[] = []
  for (const item of items) {
    if (item.type !== 'text' || !item.value.includes('<')) {
      flat.push(item)
      continue
    }
    const base = item.position.start.offset
    let at = 0
    tagPattern.lastIndex = 0
    for (let match = tagPattern.exec(item.value); match; match = tagPattern.exec(item.value)) {
      const [whole, slash = '', rawName = '', attributes = ''] = match
      const name = rawName.toLowerCase()
      context.work += whole.length
      if (!isHtmlTag(context, name, attributes)) continue
      if (match.index > at) flat.push(makeText(context, base + at, base + match.index))
      const start = base + match.index
      const kind: HtmlTag['kind'] =
        slash === '/' ? 'close' : voids.has(name) || attributes.endsWith('/') ? 'void' : 'open'
      const node: HtmlTag = {
        type: 'htmlTag',
        name,
        rawName,
        attributes,
        kind,
        closeTag: '',
        children: [],
        position: context.pointer.position(start, start + whole.length),
      }
      flat.push(node)
      at = match.index + whole.length
    }
    if (at === 0) flat.push(item)
    else if (at < item.value.length)
      flat.push(makeText(context, base + at, base + item.value.length))
  }
  return flat
}

/**
 * Pairs a line's tags into elements: among the line's items, and within each external link's
 * text, never across a link's edge. A block-level tag left unpaired may still pair across lines
 * (block-elements.ts): the context is told.
 */
export function pairLineTags(context: ParseContext, items: readonly Content[]): Content[] {
  const result = pairTags(context, items, null)
  // External links sit in the line or inside its elements (a worklist: elements nest deep).
  const pending: Content[] = []
  for (let index = 0; index < result.length; index++) {
    const node = result[index] as Content
    if (node.type === 'htmlTag' && node.kind === 'open' && blockElements.has(node.name)) {
      context.unpairedBlockTag = true
    }
    pending.push(node)
  }
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (node.type === 'externalLink' && node.children.length > 0) {
      node.children = pairTags(context, node.children, null)
    } else if (node.type === 'htmlTag' && node.kind === 'element') {
      for (const child of node.children) pending.push(child)
    }
  }
  return result
}

/**
 * Block-level elements: a tag of one that finds no partner on its line may pair across lines
 * (block-elements.ts).
 */
export const blockElements: ReadonlySet<string> = new Set(
  'blockquote caption center dd div dl dt h1 h2 h3 h4 h5 h6 li ol p table td th tr ul'.split(' '),
)

/**
 * Pairs each close tag (of a name in `names`, or any) with the innermost open tag (of those
 * names) when that one has its name; what lies between becomes the element's children. Tags of
 * other names are left as they are.
 */
export function pairTags(
  context: ParseContext,
  nodes: readonly Content[],
  names: ReadonlySet<string> | null,
): Content[] {
  const result: Content[] = []
  const open: number[] = []
  for (const node of nodes) {
    if (node.type !== 'htmlTag' || (names !== null && !names.has(node.name))) {
      result.push(node)
      continue
    }
    if (node.kind === 'open') {
      open.push(result.length)
      result.push(node)
      continue
    }
    if (node.kind === 'close') {
      const index = lastOf(open)
      const opener = index === undefined ? undefined : result[index]
      if (index !== undefined && opener?.type === 'htmlTag' && opener.name === node.name) {
        open.pop()
        const children = result.splice(index + 1)
        result.pop()
        // Written out rather than spread: a spread's hidden class is not kept alive by a
        // literal's boilerplate, so a collection would free it with the code that checks for it.
        const element: HtmlTag = {
          type: 'htmlTag',
          name: opener.name,
          rawName: opener.rawName,
          attributes: opener.attributes,
          kind: 'element',
          closeTag: context.input.slice(node.position.start.offset, node.position.end.offset),
          children,
          position: { start: opener.position.start, end: node.position.end },
        }
        result.push(element)
        continue
      }
    }
    result.push(node)
  }
  return result
}
