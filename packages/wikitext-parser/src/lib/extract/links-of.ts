import { requireOptions, requireRoot } from '../check-arguments.js'
import { defaultSite, type Site } from '../define-site.js'
import { indexSite, type SiteIndex } from '../site-index.js'
import { toWikitext } from '../to-wikitext.js'
import type { InternalLink, Root } from '../types.js'
import { validTitle } from '../valid-title.js'
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
  /**
   * `'link'` when the target is a file link's `link=` option (which MediaWiki links to), `null`
   * for a `[[…]]` link.
   */
  option: 'link' | null
  /** The link, or the option's parameter without its `|`. */
  span: Span
}

/** What {@link linksOf} takes. */
export interface LinksOfOptions {
  /** Lower-case prefixes (namespaces, interwikis, languages) whose links are not navigation. */
  excludedPrefixes: ReadonlySet<string>
  /** The site the tree was parsed for, which says which `link=` values are titles (`defaultSite`). */
  site?: Site
}

/**
 * The internal links of a tree in document order, at any depth outside
 * comments, nowiki and opaque tags (template parameters and file captions included), not
 * deduplicated. A target whose prefix before `:` is excluded (lower-cased, trimmed, `_` read as
 * space) is dropped; a leading `:` is removed first. A file link's `link=` option that names a
 * page is a link too, after the file link. Never throws on input.
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
  const site = indexSite(options.site ?? defaultSite)
  const source = toWikitext(tree)
  const links: Link[] = []
  const add = (written: string, text: string, option: Link['option'], span: Span): void => {
    const colon = written.indexOf(':')
    if (colon !== -1) {
      const prefix = written.slice(0, colon).replace(/_/g, ' ').trim().toLowerCase()
      if (excludedPrefixes.has(prefix)) return
    }
    const hash = written.indexOf('#')
    const page = hash === -1 ? written : written.slice(0, hash)
    const anchor = hash === -1 ? '' : written.slice(hash + 1).trim()
    links.push({
      target: page === '' ? null : page,
      anchor: anchor === '' ? null : anchor,
      text: text === '' ? null : text,
      option,
      span,
    })
  }
  walk(tree, (node) => {
    if (isMasked(node)) return false
    if (node.type !== 'internalLink') return true
    const [target, first] = node.children
    const written = source
      .slice(target.position.start.offset, target.position.end.offset)
      .trim()
      .replace(/^:/, '')
    let text = first
      ? source.slice(first.position.start.offset + 1, first.position.end.offset).trim()
      : ''
    // MediaWiki's rule for `[[a|[b]]]`: a `]` right after the link closes a `[` of its text.
    if (text.includes('[') && source.charCodeAt(node.position.end.offset) === 0x5d) text += ']'
    add(written, text, null, spanOf(node))
    if (node.kind === 'file') {
      for (const option of linkOptions(node, source, site)) {
        add(option.value.replace(/^:/, ''), '', 'link', option.span)
      }
    }
    return true
  })
  return links
}

/**
 * The `link=` options of a file link that name a page: one line, not empty, no URL, a title
 * (as far as the text shows: a value holding a template is taken as one).
 */
function linkOptions(
  link: InternalLink,
  source: string,
  site: SiteIndex,
): { value: string; span: Span }[] {
  const options: { value: string; span: Span }[] = []
  for (let index = 1; index < link.children.length; index++) {
    const parameter = link.children[index]
    if (parameter === undefined) continue
    const start = parameter.position.start.offset + 1
    const end = parameter.position.end.offset
    const option = source.slice(start, end).trim()
    if (!option.startsWith('link=') || option.includes('\n')) continue
    const value = option.slice(5)
    if (value === '' || site.protocols.some((protocol) => value.toLowerCase().startsWith(protocol)))
      continue
    const plain = parameter.children.every((child) => child.type === 'text')
    if (plain && !validTitle(value, site, 'page')) continue
    options.push({ value, span: { start, end } })
  }
  return options
}
