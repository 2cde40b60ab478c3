/**
 * What pass 1 leaves open at the end of its range becomes text; headings on lines that read as
 * headings once that is done (an unclosed construct's line, a comment-led line inside one) close,
 * as do comment-led lines inside a construct as it closes.
 */
import { lastOf } from '../last-of.js'
import type { Content, Text } from '../types.js'
import { closeHeading, openingRun } from './headings.js'
import {
  HEADING,
  hole,
  materialize,
  openPiece,
  scanText,
  type Piece,
  type Scan,
} from './scan-state.js'

/**
 * Makes what the scan leaves open text. A heading among it, whose line held a construct that
 * never closed (`== a [[b ==`), is still one where its line reads as one: MediaWiki's
 * preprocessor gives it no section, but its renderer finds headings in the text it leaves. The
 * items after such a line wait in `tail` (last first) while the line closes, so each moves once.
 */
export function closeLeftOpen(scan: Scan): void {
  const { stack, out } = scan
  const tail: Content[] = []
  for (let index = stack.length - 1; index >= 0; index--) {
    const piece = stack[index] as Piece
    if (piece.kind !== HEADING) {
      materialize(scan, piece)
      continue
    }
    stack.length = index + 1
    scan.top = piece
    const lineEnd = cutAtLineEnd(scan, piece.outStart, piece.start, tail)
    if (lineEnd === -1) {
      stack.length = index
      materialize(scan, piece)
      continue
    }
    piece.indexed = false
    closeHeading(scan, lineEnd)
  }
  for (let index = tail.length - 1; index >= 0; index--) out.push(tail[index] as Content)
}

/**
 * Lines led by comments that the scan read inside a construct which then never closed, or
 * closed as text (`[[<>\n<!-- c -->== h ==\n]]`): MediaWiki's heading pass reads them in the
 * text that is left, so each is a heading where it reads as one, with no section index, as one
 * read at the top level is. Found in one pass over the items, closed from the last, the items
 * after each waiting in `tail` (last first), so each moves once.
 */
export function closeCommentLedLines(scan: Scan): void {
  closeCommentLedLinesIn(scan, 0, null)
}

/**
 * The same for the items of a construct as it closes (`parts`: a brace's, out index first in each
 * triple, moved with the items; null for a link), from index `first` on, before they become its
 * node (`[[File:a|thumb|\n<!-- c -->== h ==\n]]`, `{{a\n<!-- c -->== h ==\n}}`); `first` 0: the
 * scan's own items at its end. Where MediaWiki prints the construct (a shown caption, a template
 * whose name is no title) its heading pass reads such a line as a heading; elsewhere the line is
 * text the construct passes on. Only a line that ends before the closer and holds no `|` is one:
 * its `|` still splits the construct, as MediaWiki's preprocessor sees no heading there.
 */
export function closeCommentLedLinesIn(scan: Scan, first: number, parts: number[] | null): void {
  const { context, out } = scan
  // Indices of texts that start with `=` after comments that start a line.
  const found: number[] = []
  let atLineStart = first === 0 && scan.from === 0
  let afterComments = false
  for (let index = first; index < out.length; index++) {
    const item = out[index] as Content
    context.work++
    if (item.type === 'comment') {
      afterComments = atLineStart
      continue
    }
    if (item.type === 'text') {
      if (afterComments && item.value.charCodeAt(0) === 61) found.push(index)
      atLineStart = item.value.endsWith('\n')
    } else {
      atLineStart = false
    }
    afterComments = false
  }
  if (found.length === 0) return
  const tail: Content[] = []
  // Both walk down: the brace part holding the line, and the conversions that moved items.
  let part = parts === null ? -3 : parts.length - 3
  const movedAt: number[] = []
  const movedBy: number[] = []
  for (let next = found.length - 1; next >= 0; next--) {
    const index = found[next] as number
    const start = (out[index] as Text).position.start.offset
    if (first > 0) {
      while (parts !== null && part >= 0 && (parts[part] as number) > index) part -= 3
      // A part's first `=` splits it into name and value whatever follows.
      const named = parts !== null && part >= 0 && parts[part + 2] === start
      if (named || !endsInside(scan, index)) continue
    }
    const before = out.length + tail.length
    const lineEnd = cutAtLineEnd(scan, index, start, tail)
    if (lineEnd === -1) continue
    const openerEnd = (out[index] as Text).position.end.offset
    const run = openingRun(scan, start, openerEnd)
    out[index] = hole
    if (start + run < openerEnd) out.splice(index + 1, 0, scanText(scan, start + run, openerEnd))
    openPiece(scan, HEADING, start, run, index + 1).indexed = false
    closeHeading(scan, lineEnd)
    movedAt.push(index)
    movedBy.push(out.length + tail.length - before)
  }
  for (let index = tail.length - 1; index >= 0; index--) out.push(tail[index] as Content)
  if (parts !== null) shiftParts(parts, movedAt, movedBy)
}

/**
 * Moves each brace part's first item index by what the conversions before it (`movedAt`, last
 * first, each changing the item count by `movedBy`) added or removed.
 */
function shiftParts(parts: number[], movedAt: readonly number[], movedBy: readonly number[]): void {
  let next = movedAt.length - 1
  let shift = 0
  for (let part = 0; part < parts.length; part += 3) {
    const first = parts[part] as number
    while (next >= 0 && (movedAt[next] as number) < first) shift += movedBy[next--] as number
    parts[part] = first + shift
  }
}

/**
 * Whether the line whose text starts at item `index` ends before its construct's closer with no
 * `|` of the construct on it (a brace part's `|` is a hole in the items) and no node on it
 * spanning lines, so that its line break is a text's. Reads the line's items only, so what
 * nested constructs hold is not read again.
 */
function endsInside(scan: Scan, index: number): boolean {
  const { context, out } = scan
  for (let at = index; at < out.length; at++) {
    const item = out[at] as Content
    context.work++
    if (item === hole) return false
    if (item.type !== 'text') {
      if (item.position.end.line > item.position.start.line) return false
      continue
    }
    const lineBreak = item.value.indexOf('\n')
    const line = lineBreak === -1 ? item.value : item.value.slice(0, lineBreak)
    context.work += line.length
    if (line.includes('|')) return false
    if (lineBreak !== -1) return true
  }
  return false
}

/**
 * Leaves `out` ending with the line that starts at offset `start`, its items from index `first`
 * on: the items after the line's break go to `tail` (last first), a text holding the break cut
 * there. Returns where the line ends, or -1 when a node holds its break (a template closed on a
 * later line), which leaves the line to what that node expands to.
 */
function cutAtLineEnd(scan: Scan, first: number, start: number, tail: Content[]): number {
  const out = scan.out
  let lineEnd = scan.input.indexOf('\n', start)
  if (lineEnd === -1 || lineEnd > scan.to) lineEnd = scan.to
  for (let last = lastOf(out); last && out.length > first; last = lastOf(out)) {
    // A hole is the slot of a later brace part's `|`, so after the line.
    if (last !== hole && last.position.start.offset < lineEnd) break
    tail.push(last)
    out.pop()
    scan.context.work++
  }
  const crossing = out.length > first ? lastOf(out) : undefined
  if (crossing && crossing.position.end.offset > lineEnd) {
    if (crossing.type !== 'text') return -1
    out[out.length - 1] = scanText(scan, crossing.position.start.offset, lineEnd)
    tail.push(scanText(scan, lineEnd, crossing.position.end.offset))
  }
  return lineEnd
}
