import { requireOptions, requireRoot } from '../check-arguments.js'
import { toWikitext } from '../to-wikitext.js'
import type { Root } from '../types.js'
import { WikitextParserError } from '../wikitext-parser-error.js'
import type { Span } from './walk.js'
import { isMasked, spanOf, walk } from './walk.js'

/** An internal link as written. */
export interface Link {
  /** The page before `#`, as written (not normalised); `null` for `[[#Anchor]]`, this page. */
  target: string | null
  /** The part after the first `#`, trimmed; `null` when absent or empty. */
  anchor: string | null
  /** The first parameter after the first `|`, trimmed, as written; `null` when absent or empty. */
  text: string | null
  span: Span
}

/** What {@link linksOf} takes. */
export interface LinksOfOptions {
  /** Lower-case prefixes (namespaces, interwikis, languages) whose links are not navigation. */
  excludedPrefixes: ReadonlySet<string>
}

/**
 * The internal links of a tree in document order, at any depth outside
 * comments, nowiki and opaque tags (template parameters and file captions included), not
 * deduplicated. A target whose prefix before `:` is excluded (lower-cased, trimmed, `_` read as
 * space) is dropped; a leading `:` is removed first. Never throws on input.
 */
export function linksOf(tree: Root, options: Readonly<LinksOfOptions>): Link[] {
  requireRoot(tree)
  requireOptions(options, 'excludedPrefixes')
  if (!(options.excludedPrefixes instanceof Set)) {
    throw new WikitextParserError(
      'invalid_option',
      'options.excludedPrefixes: expected a Set of lower-case prefixes',
    )
  }
  const { excludedPrefixes } = options
  const source = toWikitext(tree)
  const links: Link[] = []
  walk(tree, (node) => {
    if (isMasked(node)) return false
    if (node.type !== 'internalLink') return true
    const [target, first] = node.children
    const written = source
      .slice(target.position.start.offset, target.position.end.offset)
      .trim()
      .replace(/^:/, '')
    const colon = written.indexOf(':')
    if (colon !== -1) {
      const prefix = written.slice(0, colon).replace(/_/g, ' ').trim().toLowerCase()
      if (excludedPrefixes.has(prefix)) return true
    }
    const hash = written.indexOf('#')
    const page = hash === -1 ? written : written.slice(0, hash)
    const anchor = hash === -1 ? '' : written.slice(hash + 1).trim()
    let text = first
      ? source.slice(first.position.start.offset + 1, first.position.end.offset).trim()
      : ''
    // MediaWiki's rule for `[[a|[b]]]`: a `]` right after the link closes a `[` of its text.
    if (text.includes('[') && source.charCodeAt(node.position.end.offset) === 0x5d) text += ']'
    links.push({
      target: page === '' ? null : page,
      anchor: anchor === '' ? null : anchor,
      text: text === '' ? null : text,
      span: spanOf(node),
    })
    return true
  })
  return links
}
