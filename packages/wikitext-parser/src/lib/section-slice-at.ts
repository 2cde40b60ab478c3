import { createLocator } from './create-locator.js'
import type { Span } from './extract/walk.js'
import { fromWikitext } from './from-wikitext.js'
import { defaultSite } from './define-site.js'
import { redirectBodyStart } from './redirect-body.js'
import { renderedChildren, unindexesHeadings } from './rendered-children.js'
import { indexSite } from './site-index.js'
import type { Content, Heading, Node, Root } from './types.js'
import { WikitextParserError } from './wikitext-parser-error.js'

/** What {@link sectionSliceAt} takes: one entry of MediaWiki's section list and its neighbour. */
export interface SectionSliceAtOptions {
  /**
   * The section's `byteoffset`, which counts code points, not bytes; on a redirect page, from
   * after the redirect line, as MediaWiki parses only the text after it.
   */
  codePointOffset: number
  /** The section's `level`, 1 to 6. */
  level: number
  /**
   * The `byteoffset` of the next later section that has one (transcluded sections have `null`
   * and are skipped), or `null` when the section runs to the end of the page.
   */
  nextCodePointOffset: number | null
  /**
   * `fromWikitext(wikitext)` if the caller has it, which saves parsing again (and says which site
   * the page was parsed for); without it, `wikitext` is parsed with the default site.
   */
  tree?: Root
}

/**
 * The UTF-16 slice `[start, end)` of a section given by MediaWiki's code-point offsets, or `null`
 * when it does not start on a page heading of `level` (fail closed: a slice that is not a section is never quoted). A page
 * heading is one {@link sectionsOf} lists with an index: not inside a comment, nowiki, tag,
 * template or link. `null` also when an offset lies past the end or the next offset falls before
 * the end of the heading line. Never throws on input; bad options throw `WikitextParserError`.
 */
export function sectionSliceAt(
  wikitext: string,
  options: Readonly<SectionSliceAtOptions>,
): Span | null {
  if (typeof wikitext !== 'string') {
    throw new WikitextParserError('invalid_option', 'wikitext: expected a string')
  }
  const { codePointOffset, level, nextCodePointOffset, tree } = checked(options)
  if (
    tree !== undefined &&
    (tree?.type !== 'root' || tree.position.end.offset !== wikitext.length)
  ) {
    throw new WikitextParserError(
      'invalid_option',
      'options.tree: expected the root fromWikitext() made of this wikitext',
    )
  }
  const locator = createLocator(wikitext)
  const root = tree ?? fromWikitext(wikitext)
  const base = locator.toCodePoint(redirectBodyStart(root, wikitext))
  const codePoints = locator.toCodePoint(wikitext.length)
  if (base + codePointOffset > codePoints) return null
  if (nextCodePointOffset !== null && base + nextCodePointOffset > codePoints) return null
  const start = locator.fromCodePoint(base + codePointOffset)
  const end =
    nextCodePointOffset === null
      ? wikitext.length
      : locator.fromCodePoint(base + nextCodePointOffset)
  const heading = headingAt(root, start)
  if (heading === null || heading.depth !== level || heading.sectionIndex === null) return null
  if (end < heading.position.end.offset) return null
  return { start, end }
}

/** The options, or a `WikitextParserError` naming the bad one. */
function checked(options: Readonly<SectionSliceAtOptions>): Readonly<SectionSliceAtOptions> {
  if (typeof options !== 'object' || options === null) {
    throw new WikitextParserError(
      'invalid_option',
      'options: expected {codePointOffset, level, nextCodePointOffset, tree?}',
    )
  }
  const { codePointOffset, level, nextCodePointOffset } = options
  if (!isOffset(codePointOffset)) {
    throw new WikitextParserError(
      'invalid_option',
      `options.codePointOffset: expected a non-negative integer, got ${String(codePointOffset)}`,
    )
  }
  if (!Number.isInteger(level) || level < 1 || level > 6) {
    throw new WikitextParserError(
      'invalid_option',
      `options.level: expected an integer from 1 to 6, got ${String(level)}`,
    )
  }
  if (nextCodePointOffset !== null && !isOffset(nextCodePointOffset)) {
    throw new WikitextParserError(
      'invalid_option',
      `options.nextCodePointOffset: expected a non-negative integer or null, got ${String(nextCodePointOffset)}`,
    )
  }
  return options
}

function isOffset(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) >= 0
}

/**
 * The page heading starting exactly at `offset`, found by descending only into nodes whose span
 * holds it: a few binary searches instead of a walk over the whole tree.
 */
function headingAt(root: Root, offset: number): Heading | null {
  // Only templates need the site (is a name a title?), and no heading inside one has an index.
  const site = indexSite(defaultSite)
  let parent: Node = root
  for (;;) {
    const child = childAt(renderedChildren(parent, site), offset)
    if (!child) return null
    if (child.type === 'heading') return child.position.start.offset === offset ? child : null
    // HTML headings are not entered by sectionsOf either.
    if (child.type === 'htmlTag' && child.kind === 'element' && /^h[1-6]$/u.test(child.name)) {
      return null
    }
    if (unindexesHeadings(child)) return null
    parent = child
  }
}

/** The child whose span `[start, end)` holds `offset`; children are in order and do not overlap. */
function childAt(children: readonly Content[], offset: number): Content | undefined {
  let low = 0
  let high = children.length
  // The first child ending after `offset`.
  while (low < high) {
    const middle = (low + high) >>> 1
    if ((children[middle] as Content).position.end.offset <= offset) low = middle + 1
    else high = middle
  }
  const child = children[low]
  return child && child.position.start.offset <= offset ? child : undefined
}
