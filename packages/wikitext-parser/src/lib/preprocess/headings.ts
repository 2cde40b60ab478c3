/**
 * Pass 1's headings: a run of `=` at a line's start opens one, the line's end closes it into a
 * `heading` of the level both runs allow, or leaves it text.
 */
import { restructure } from '../blocks.js'
import type { Content, Heading } from '../types.js'
import type { ParseContext } from './types.js'
import { clip } from './scan-items.js'
import {
  findEquals,
  flush,
  HEADING,
  pop,
  push,
  scanText,
  truncate,
  type Piece,
  type Scan,
} from './scan-state.js'

/** Length of the run of `=` at `at` before `end`, six at most: a heading's opening run. */
export function openingRun(scan: Scan, at: number, end: number): number {
  const input = scan.input
  let run = 0
  while (run < 6 && at + run < end && input.charCodeAt(at + run) === 61) run++
  return run
}

/**
 * Opens a heading at `at` when a run of `=` starts there (`indexed`: the preprocessor's, which
 * gets a section index). Returns where the scan goes on.
 */
export function openHeading(scan: Scan, at: number, indexed: boolean): number {
  const run = openingRun(scan, at, scan.to)
  if (run === 0 || (run === 1 && findEquals(scan))) return at
  push(scan, HEADING, at, run).indexed = indexed
  return at + run
}

/**
 * Whether the items from index `first` on keep a line break once MediaWiki's preprocessor is
 * done: in their text or a link's, not in a comment or an extension tag (gone, or a strip marker,
 * by then). A template's or argument's expansion is unknown here; it counts as one line
 * (`== a {{b|\nc}} ==` is one heading).
 */
function keepsLineBreak(context: ParseContext, items: readonly Content[], first: number): boolean {
  const pending: Content[] = []
  for (let index = items.length - 1; index >= first; index--) pending.push(items[index] as Content)
  for (let item = pending.pop(); item; item = pending.pop()) {
    context.work++
    if (item.type === 'text' && item.value.includes('\n')) return true
    if (
      item.type === 'internalLink' ||
      item.type === 'linkTarget' ||
      item.type === 'linkParameter'
    ) {
      for (const child of item.children) pending.push(child)
    }
  }
  return false
}

/** Closes the heading that is the innermost construct at `lineEnd`, the end of its line. */
export function closeHeading(scan: Scan, lineEnd: number): void {
  flush(scan)
  const { context, input, out } = scan
  const piece = scan.top as Piece
  const contentStart = piece.start + piece.count
  // Skip trailing comments and spaces/tabs, then count the closing `=` run. A comment never
  // closed runs to the end of the text: MediaWiki finds no closing run before it. Inclusion
  // tags are skipped too, as MediaWiki's heading pass reads the line without them, but its
  // preprocessor then sees no heading: no section index.
  let index = out.length - 1
  let runEnd = -1
  let afterTag = false
  for (; index >= piece.outStart; index--) {
    const item = out[index]
    context.work++
    if (!item || (item.type === 'comment' && item.closed)) continue
    if (item.type === 'inclusionTag') {
      afterTag = true
      continue
    }
    if (item.type !== 'text') break
    const value = item.value
    let kept = value.length
    while (kept > 0 && (value.charCodeAt(kept - 1) === 32 || value.charCodeAt(kept - 1) === 9)) {
      kept--
    }
    if (kept === 0) continue
    runEnd = item.position.start.offset + kept
    break
  }
  // A line ending in a node (`== a ==[[b]]`) has no closing run; one holding nothing after its
  // opening run but spaces and comments is all `=` (`====`).
  const endsInNode = runEnd === -1 && index >= piece.outStart
  if (runEnd === -1) runEnd = contentStart
  let runStart = runEnd
  while (runStart > contentStart && input.charCodeAt(runStart - 1) === 61) runStart--
  context.work += runEnd - runStart
  let level: number
  if (endsInNode) {
    level = 0
  } else if (runStart === contentStart && !hasNodeBefore(scan, piece, runStart)) {
    const total = piece.count + (runEnd - runStart)
    level = total < 3 ? 0 : Math.min(6, Math.floor((total - 1) / 2))
  } else {
    level = Math.min(runEnd - runStart, piece.count)
  }
  if (level > 0 && keepsLineBreak(context, out, piece.outStart)) {
    // A link or `-{ }-` closed on a later line carried the heading over (`== [[a|b\nc]] ==`):
    // the preprocessor counts its section, but MediaWiki's heading pass reads one line at a
    // time and renders none, so the section is missing from the page and its number skipped.
    if (piece.indexed) context.headingIndex++
    pop(scan)
    return
  }
  if (level > 0) {
    const children: Content[] = []
    if (piece.count > level) children.push(scanText(scan, piece.start + level, contentStart))
    const inner = Math.max(runEnd - level, contentStart)
    for (const item of clip(scan, piece.outStart, out.length, contentStart, inner))
      children.push(item)
    if (runEnd - level < contentStart && runEnd - level > piece.start + level) {
      // All `=`: the content is the middle of one run.
      children.length = 0
      children.push(scanText(scan, piece.start + level, runEnd - level))
    }
    const sectionIndex = piece.indexed && !afterTag ? ++context.headingIndex : null
    replaceWithHeading(
      scan,
      piece,
      level,
      input.slice(runEnd, lineEnd),
      sectionIndex,
      children,
      lineEnd,
    )
    return
  }
  // MediaWiki's later heading regex still renders `==a==\r` (no section index).
  const line = input.slice(piece.start, lineEnd)
  const loose =
    scan.stack.length === 1 && /[\r\f\v]/u.test(line) ? /^(={1,6})(.+)\1(\s*)$/u.exec(line) : null
  const open = loose?.[1]
  const body = loose?.[2]
  if (
    open &&
    body !== undefined &&
    out.slice(piece.outStart).every((item) => item.type === 'text')
  ) {
    const start = piece.start + open.length
    const children = [scanText(scan, start, start + body.length)]
    replaceWithHeading(scan, piece, open.length, loose[3] ?? '', null, children, lineEnd)
    return
  }
  pop(scan)
}

/** Replaces the heading piece's items with one heading node ending at `lineEnd`. */
function replaceWithHeading(
  scan: Scan,
  piece: Piece,
  depth: number,
  trail: string,
  sectionIndex: number | null,
  children: Content[],
  lineEnd: number,
): void {
  const { context, out } = scan
  const node: Heading = {
    type: 'heading',
    depth: depth as Heading['depth'],
    trail,
    sectionIndex,
    children,
    position: scan.pointer.position(piece.start, lineEnd),
  }
  restructure(context, node, 0, 'inline')
  truncate(out, piece.outStart - 1)
  out.push(node)
  pop(scan)
}

/** Whether a node other than text comes before `offset` in the heading's items. */
function hasNodeBefore(scan: Scan, piece: Piece, offset: number): boolean {
  const out = scan.out
  for (let index = piece.outStart; index < out.length; index++) {
    const item = out[index]
    if (!item || item.position.start.offset >= offset) return false
    if (item.type !== 'text') return true
  }
  return false
}
