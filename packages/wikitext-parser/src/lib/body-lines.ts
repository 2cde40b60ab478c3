/**
 * A container's children as pass 2 reads them: each child's offsets and whether it is text,
 * read once (the children are of many node shapes, so every property read on them is slow),
 * and the lines they form. A line is a range of offsets and a range of children; its texts are
 * cut to the line only when something needs them as nodes.
 */
import { nextInlineTrigger } from './inline.js'
import { makeText } from './make-text.js'
import type { ParseContext } from './preprocess/types.js'
import type { TextSink } from './text-sink.js'
import type { Content, Text } from './types.js'

/** Valid for `items.length` entries, until the next `bodyOf`. */
export interface Body {
  readonly items: readonly Content[]
  readonly starts: Int32Array
  readonly ends: Int32Array
  /** 1 where the item is text. */
  readonly texts: Uint8Array
  /** Per text item, where its next inline trigger was found: -1 none, -2 not searched yet. */
  readonly triggers: Int32Array
  /** Per text item, where its next `<` was found: -1 none, -2 not searched yet. */
  readonly angles: Int32Array
  /**
   * Whether the body may hold a block tag (a `<` left as text, or a node rendered as a block,
   * block-tags.ts): 1 maybe, 0 no, -1 not searched yet.
   */
  mayHoldTags: number
}

export interface Line {
  /** Offset of the line's first character after the comments it starts with. */
  start: number
  /** Offset of the `\n` ending the line, or of the body's end. */
  end: number
  /** Whether a `\n` at `end` ends the line. */
  newline: boolean
  /**
   * Where the line's break ends and the next line starts: after the `\n`, the lines of only
   * comments MediaWiki removes with it (comment-lines.ts) and the next line's leading comments;
   * `end` when there is no break.
   */
  breakEnd: number
  /** Index of the first item in the line, and one past the last. */
  first: number
  last: number
}

// Pass 2 restructures one container at a time (never re-entered), so every body shares these
// buffers, grown as needed: a typed array per container would cost more than the work it serves.
let startsBuffer = new Int32Array(256)
let endsBuffer = new Int32Array(256)
let textsBuffer = new Uint8Array(256)
let triggersBuffer = new Int32Array(256)
let anglesBuffer = new Int32Array(256)

export function bodyOf(context: ParseContext, items: readonly Content[]): Body {
  const count = items.length
  if (count > startsBuffer.length) {
    const size = Math.max(count, startsBuffer.length * 2)
    startsBuffer = new Int32Array(size)
    endsBuffer = new Int32Array(size)
    textsBuffer = new Uint8Array(size)
    triggersBuffer = new Int32Array(size)
    anglesBuffer = new Int32Array(size)
  }
  const starts = startsBuffer
  const ends = endsBuffer
  const texts = textsBuffer
  for (let index = 0; index < count; index++) {
    const item = items[index] as Content
    const position = item.position
    starts[index] = position.start.offset
    ends[index] = position.end.offset
    texts[index] = item.type === 'text' ? 1 : 0
  }
  triggersBuffer.fill(-2, 0, count)
  anglesBuffer.fill(-2, 0, count)
  context.work += count
  return {
    items,
    starts,
    ends,
    texts,
    triggers: triggersBuffer,
    angles: anglesBuffer,
    mayHoldTags: -1,
  }
}

/**
 * Splits the body into lines at each `\n` of top-level text; a last line needs a character.
 * Comments are gone when MediaWiki's block pass reads a line, so the lines of only comments after
 * a break are part of that break, and so are the comments a line starts with (`<!-- c -->* a` is
 * a list item); the body's own leading comments come before its first line (`writeLead`).
 */
export function linesOf(context: ParseContext, body: Body): Line[] {
  const { items, starts, ends, texts } = body
  const count = items.length
  const lines: Line[] = []
  if (count === 0) return lines
  const commentLines = context.commentLines
  let start = lineStart(context, body, 0, starts[0] as number)
  let first = 0
  // Until the first item ending after `start` is found: the next line's first item.
  let seeking = true
  for (let index = 0; index < count; index++) {
    if (seeking && (ends[index] as number) > start) {
      first = index
      seeking = false
    }
    if (texts[index] === 0) continue
    const value = (items[index] as Text).value
    const base = starts[index] as number
    context.work += value.length
    let found = value.indexOf('\n', start > base ? start - base : 0)
    while (found !== -1) {
      const at = base + found
      // Most breaks are followed by more of the same text, where no comment starts.
      const next =
        at + 1 < (ends[index] as number) && commentLines.size === 0
          ? at + 1
          : lineStart(context, body, index + 1, at + 1)
      lines.push({ start, end: at, newline: true, breakEnd: next, first, last: index + 1 })
      start = next
      if (start < (ends[index] as number)) first = index
      else seeking = true
      found = start - base < value.length ? value.indexOf('\n', start - base) : -1
    }
  }
  const end = ends[count - 1] as number
  if (!seeking) lines.push({ start, end, newline: false, breakEnd: end, first, last: count })
  return lines
}

/**
 * Where the line at `at` starts once the lines of only comments there and its own leading
 * comments are passed (items from `item` on are those not yet passed).
 */
function lineStart(context: ParseContext, body: Body, item: number, at: number): number {
  const { items, starts, ends, texts } = body
  const commentLines = context.commentLines
  let start = at
  let index = item
  for (;;) {
    const eaten = commentLines.size === 0 ? undefined : commentLines.get(start)
    if (eaten !== undefined) {
      start = eaten
      continue
    }
    while (index < items.length && (starts[index] as number) < start) {
      index++
      context.work++
    }
    if (
      index < items.length &&
      starts[index] === start &&
      texts[index] === 0 &&
      (items[index] as Content).type === 'comment'
    ) {
      start = ends[index] as number
      index++
      continue
    }
    return start
  }
}

/** Writes the comments before the body's first line (all its items when it has no line). */
export function writeLead(body: Body, lines: readonly Line[], sink: TextSink): void {
  if (body.items.length === 0) return
  writeRange(body, 0, body.starts[0] as number, lines[0]?.start ?? Infinity, sink)
}

/**
 * Writes the line's break: its `\n` and the comments after it, up to `line.breakEnd`, texts cut
 * to fit.
 */
export function writeBreak(body: Body, line: Line, sink: TextSink): void {
  if (!line.newline) return
  const end = line.breakEnd
  if (end === line.end + 1) sink.text(line.end, end)
  else writeRange(body, line.last - 1, line.end, end, sink)
}

/** Writes the items from index `first` on that lie in [from, to), texts cut to fit. */
function writeRange(body: Body, first: number, from: number, to: number, sink: TextSink): void {
  const { items, starts, ends, texts } = body
  for (let index = first; index < items.length; index++) {
    const itemStart = starts[index] as number
    if (itemStart >= to) break
    if (texts[index] === 0) sink.node(items[index] as Content)
    else sink.text(Math.max(itemStart, from), Math.min(ends[index] as number, to))
  }
}

/** The line's items from offset `from` on, texts cut to the line (whole texts kept as they are). */
export function itemsOf(context: ParseContext, body: Body, line: Line, from: number): Content[] {
  const { items, starts, ends, texts } = body
  const result: Content[] = []
  for (let index = line.first; index < line.last; index++) {
    const itemStart = starts[index] as number
    const itemEnd = ends[index] as number
    if (texts[index] === 0) {
      if (itemStart >= from) result.push(items[index] as Content)
      continue
    }
    const start = itemStart > from ? itemStart : from
    const end = itemEnd < line.end ? itemEnd : line.end
    if (end <= start) continue
    result.push(
      start === itemStart && end === itemEnd
        ? (items[index] as Content)
        : makeText(context, start, end),
    )
  }
  return result
}

/**
 * End of the line's leading text (where block markup is read): the end of its first run of text
 * items, or the line's. Pass 1 leaves adjacent texts where a construct failed (`|-{q|r}-` is `|`
 * and `-{q|r}-`), and MediaWiki reads the line's markup across them.
 */
export function leadEnd(body: Body, line: Line): number {
  const { texts, starts, ends } = body
  if (line.first >= line.last || texts[line.first] === 0) return line.start
  let index = line.first
  let end = ends[index] as number
  while (index + 1 < line.last && texts[index + 1] === 1 && starts[index + 1] === end) {
    index++
    end = ends[index] as number
  }
  return end < line.end ? end : line.end
}

/**
 * Offset of the first inline trigger at or after `from` in text item `index`, or -1. Answers are
 * kept per item, so the lines of a long text search it once in all.
 */
export function nextTrigger(
  context: ParseContext,
  body: Body,
  index: number,
  from: number,
): number {
  const known = body.triggers[index] as number
  if (known === -1 || (known !== -2 && known >= from)) return known
  const base = body.starts[index] as number
  const at = nextInlineTrigger(context, (body.items[index] as Text).value, from - base)
  const found = at === -1 ? -1 : base + at
  body.triggers[index] = found
  return found
}

/**
 * Offset of the first `<` at or after `from` in text item `index`, or -1; kept per item like
 * `nextTrigger`, so the lines of a long text search it once in all.
 */
export function nextAngle(context: ParseContext, body: Body, index: number, from: number): number {
  const known = body.angles[index] as number
  if (known === -1 || (known !== -2 && known >= from)) return known
  const base = body.starts[index] as number
  const value = (body.items[index] as Text).value
  const at = value.indexOf('<', from - base)
  context.work += (at === -1 ? value.length : at) - (from - base) + 1
  const found = at === -1 ? -1 : base + at
  body.angles[index] = found
  return found
}
