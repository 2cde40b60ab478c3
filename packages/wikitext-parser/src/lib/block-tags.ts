/**
 * What the HTML tags on a line outside lists tell MediaWiki's block pass (`BlockLevelPass`):
 * a line holding one of its block tags is never preformatted, and decides whether the lines
 * after it may be. After an unclosed `table`, `h1`–`h6`, `pre`, `p`, `ul`, `ol` or `dl` (or a
 * closing `td`/`th`, or any `tr`, `caption`, `dt`, `dd`, `li` tag) no line is preformatted until
 * a line closing one of them, or holding `td`, `th`, `center`, `blockquote`, `div` or `hr`; none
 * is inside a `blockquote`. A heading line counts as `<hN>…</hN>` around the tags it holds.
 * MediaWiki puts the HTML of most extension tags back before this pass, so a tag it renders as
 * block-level HTML (`<pre>`, `<gallery>`, …) counts as such a tag too, opening and closing, and
 * so does a framed or floated image (its `<div>`, closing).
 */
import { nextAngle, type Body, type Line } from './body-lines.js'
import { isHtmlTag, tagPattern } from './html-tags.js'
import type { ParseContext } from './preprocess/types.js'
import { parameterText } from './parameter-text.js'
import type { Content, Heading, InternalLink, LinkParameter, Text } from './types.js'

/** The line holds a tag that keeps the lines after it from being preformatted. */
export const OPENS_BLOCK = 1
/** The line holds a tag that lets them be preformatted again. */
export const CLOSES_BLOCK = 2
/** The line's last `blockquote` tag opens one. */
export const ENTERS_BLOCKQUOTE = 4
/** The line's last `blockquote` tag closes one. */
export const LEAVES_BLOCKQUOTE = 8

// BlockLevelPass's two patterns, by tag name: [when opening, when closing].
const suppressing = new Set([
  'table',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'pre',
  'p',
  'ul',
  'ol',
  'dl',
])
const always = new Set(['tr', 'caption', 'dt', 'dd', 'li'])
const never = new Set(['center', 'blockquote', 'div', 'hr', 'aside', 'figure'])

// Extension tags whose HTML holds block-level tags of those patterns (`<pre>`, `<ul>`, `<div>`,
// `<table>`): core's `pre` and `gallery`, Cite's `references`, and widespread ones.
const blockExtensions = new Set([
  'pre',
  'gallery',
  'references',
  'syntaxhighlight',
  'source',
  'poem',
  'imagemap',
  'inputbox',
  'timeline',
  'hiero',
])

/** Whether MediaWiki renders an extension tag as block-level HTML (`inline` code is a `<code>`). */
export function rendersBlock(name: string, attributes: string): boolean {
  if (!blockExtensions.has(name)) return false
  return !((name === 'syntaxhighlight' || name === 'source') && /\binline\b/iu.test(attributes))
}

// Image options MediaWiki renders as a block: a frame (`<div class="thumb">`) or a float
// (`<div class="floatleft">`, …). Core's English names; image options are case-sensitive.
const blockImageOptions = new Set([
  'thumb',
  'thumbnail',
  'frame',
  'framed',
  'enframed',
  'left',
  'right',
  'center',
  'centre',
  'none',
])

/** Whether MediaWiki renders a file link as block-level HTML: one of its options frames or floats it. */
export function framesImage(link: InternalLink): boolean {
  if (link.kind !== 'file') return false
  for (let index = 1; index < link.children.length; index++) {
    const option = parameterText(link.children[index] as LinkParameter)?.trim()
    if (option === undefined) continue
    if (blockImageOptions.has(option) || /^thumb(?:nail)?=/u.test(option)) return true
  }
  return false
}

function flagOf(name: string, closing: boolean): number {
  if (suppressing.has(name)) return closing ? CLOSES_BLOCK : OPENS_BLOCK
  if (name === 'td' || name === 'th') return closing ? OPENS_BLOCK : CLOSES_BLOCK
  if (always.has(name)) return OPENS_BLOCK
  if (never.has(name)) return CLOSES_BLOCK
  return 0
}

/** `tagPattern`, tried at one offset. */
const tags = new RegExp(tagPattern.source, 'uy')

/** The flags of the line's block tags: in its top-level text, and extension tags (0: none). */
export function blockTagsOf(context: ParseContext, body: Body, line: Line): number {
  const { items, starts, ends, texts } = body
  // Without a `<` or a block-level node in the container there is no tag, and a heading
  // changes nothing: only a tag can hold preformatted lines back.
  if (body.mayHoldTags === -1) body.mayHoldTags = mayHoldTags(context, body)
  if (body.mayHoldTags === 0) return 0
  let flags = 0
  // A heading opens its line (pass 1 reads them at line starts only).
  if (
    line.first < line.last &&
    texts[line.first] === 0 &&
    starts[line.first] === line.start &&
    context.input.charCodeAt(line.start) === 61 &&
    (items[line.first] as { type: string }).type === 'heading'
  ) {
    flags |= OPENS_BLOCK | CLOSES_BLOCK | blockquoteIn(items[line.first] as Heading)
  }
  const blockNodes = context.blockLevelNodes.length > 0
  for (let index = line.first; index < line.last; index++) {
    if (texts[index] === 0) {
      const item = items[index] as Content
      if (blockNodes && item.type === 'extensionTag' && rendersBlock(item.name, item.attributes)) {
        flags |= OPENS_BLOCK | CLOSES_BLOCK
      }
      // A frame or float is a `<div>` (`<figure>` in newer MediaWiki): a block tag that closes.
      if (blockNodes && item.type === 'internalLink' && framesImage(item)) flags |= CLOSES_BLOCK
      continue
    }
    const start = Math.max(starts[index] as number, line.start)
    const end = Math.min(ends[index] as number, line.end)
    const angle = start < end ? nextAngle(context, body, index, start) : -1
    if (angle === -1 || angle >= end) continue
    const value = (items[index] as Text).value
    const base = starts[index] as number
    context.work += end - angle
    // Tags are tried at each `<` of the line only, so no search runs past the line.
    for (let at = angle - base; at < end - base; at++) {
      if (value.charCodeAt(at) !== 60) continue
      tags.lastIndex = at
      const match = tags.exec(value)
      if (match === null || base + at + match[0].length > end) continue
      const [whole, slash = '', rawName = '', attributes = ''] = match
      const name = rawName.toLowerCase()
      if (!isHtmlTag(context, name, attributes)) continue
      flags |= flagOf(name, slash === '/')
      if (name === 'blockquote') {
        flags &= ~(ENTERS_BLOCKQUOTE | LEAVES_BLOCKQUOTE)
        flags |= slash === '/' ? LEAVES_BLOCKQUOTE : ENTERS_BLOCKQUOTE
      }
      at += whole.length - 1
    }
  }
  return flags
}

/**
 * What the last `blockquote` tag in a heading does (0: there is none). Pass 1 made the heading's
 * tags nodes; MediaWiki's block pass reads them on the heading's line like any other. Templates,
 * extension tags and comments keep what they hold to themselves.
 */
function blockquoteIn(heading: Heading): number {
  let flags = 0
  // Children still to visit, last first; a `null` marks where an element's closing tag falls.
  const pending: (Content | null)[] = [...heading.children].reverse()
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (node === null) {
      flags = LEAVES_BLOCKQUOTE
      continue
    }
    if (node.type !== 'htmlTag') {
      if (node.type === 'italic' || node.type === 'bold' || node.type === 'externalLink') {
        for (let index = node.children.length - 1; index >= 0; index--) {
          pending.push(node.children[index] as Content)
        }
      }
      continue
    }
    const quote = node.name === 'blockquote'
    if (quote && node.kind !== 'close') flags = ENTERS_BLOCKQUOTE
    if (quote && node.kind === 'close') flags = LEAVES_BLOCKQUOTE
    if (node.kind !== 'element') continue
    if (quote) pending.push(null)
    for (let index = node.children.length - 1; index >= 0; index--) {
      pending.push(node.children[index] as Content)
    }
  }
  return flags
}

/**
 * Whether a `<` that pass 1 left as text, or a node rendered as a block, lies within
 * the body's span: 0 when none does. One in a nested construct counts too, so 1 only means "look
 * per line".
 */
function mayHoldTags(context: ParseContext, body: Body): number {
  const count = body.items.length
  if (count === 0) return 0
  const start = body.starts[0] as number
  const end = body.ends[count - 1] as number
  return anyWithin(context.textAngles, start, end) || anyWithin(context.blockLevelNodes, start, end)
    ? 1
    : 0
}

/** Whether sorted `offsets` hold one in [start, end). */
function anyWithin(offsets: readonly number[], start: number, end: number): boolean {
  let low = 0
  let high = offsets.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if ((offsets[middle] as number) < start) low = middle + 1
    else high = middle
  }
  return low < offsets.length && (offsets[low] as number) < end
}
