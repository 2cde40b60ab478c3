/**
 * Pass 1's scan state and the piece stack: one `Scan` per scanned range, its open constructs as
 * `Piece`s, and the text it writes into one flat array of items.
 *
 * Everything the scan accumulates goes into `out`; an open construct remembers where its content
 * starts. A construct that closes moves its slice into a node once; one that never closes leaves
 * its slice in place as text. Each item therefore moves at most once per enclosing node, and
 * unwinding costs nothing, which keeps the scan linear on unclosed input.
 *
 * Both are object literals of one shape each, made in one place, and the construct modules are
 * functions of the module taking the scan first: no closure is made per parse, and V8 keeps a
 * literal's hidden class alive through the literal's boilerplate (a class instance's lives only
 * while an instance does), so a garbage collection between parses leaves the optimised code of
 * the scan valid.
 */
import { lastOf } from '../last-of.js'
import { makeText } from '../make-text.js'
import type { Pointer } from '../positions.js'
import type { SiteIndex } from '../site-index.js'
import type { Content, Text } from '../types.js'
import type { ParseContext } from './types.js'

export const BRACE = 0
export const LINK = 1
export const LANG = 2
export const HEADING = 3
export type PieceKind = 0 | 1 | 2 | 3

/** An open construct. */
export interface Piece {
  kind: PieceKind
  /** Offset of the opener's first character. */
  start: number
  /** Braces left in the opener, or `=` in a heading's opening run. */
  count: number
  /** Index in `out` after the opener's slot. */
  outStart: number
  /**
   * Brace parts after the name, as triples: out index where the part starts, offset of its
   * `|`, offset of its first top-level `=` (-1 while none). Null until the first `|`.
   */
  parts: number[] | null
  /** Link: offset of the first `|`, or -1. */
  firstPipe: number
  /** Link: an internal link sits directly in its text. */
  hasLink: boolean
  /** Heading: the preprocessor's (at a line's start, so it gets a section index). */
  indexed: boolean
  /** Braces: a `-` right before them (`-{{`), which a last brace left over joins as `-{`. */
  dashed: boolean
}

/** One scan of [from, to) of the input. */
export interface Scan {
  readonly context: ParseContext
  readonly input: string
  readonly pointer: Pointer
  readonly site: SiteIndex
  readonly from: number
  readonly to: number
  /** Whether headings are read (not in an extension tag's content). */
  readonly headings: boolean
  /** The items made so far, open constructs' content included. */
  readonly out: Content[]
  readonly stack: Piece[]
  /** The innermost open construct. */
  top: Piece | undefined
  /**
   * Text is held as a pending range and becomes one node when anything else happens, so runs of
   * literal characters cost no allocation until then. -1: none.
   */
  pendingStart: number
  pendingEnd: number
  /** Where the current line's text starts once the comments it opens with are passed. */
  lineStart: number
  /** The last `-` read as text right before a run of braces. */
  dashBeforeBraces: number
  /** A line led by comments was read inside a construct (closeCommentLedLines). */
  commentLedInside: boolean
  /** The last `<` a link checked for an HTML tag around it (-1: none), and that tag's end. */
  tagAngle: number
  tagEnd: number
}

/** The state of a scan of [from, to) of the input (`headings`: whether it reads headings). */
export function createScan(
  context: ParseContext,
  from: number,
  to: number,
  headings: boolean,
): Scan {
  return {
    context,
    input: context.input,
    pointer: context.pointer,
    site: context.site,
    from,
    to,
    headings,
    out: [],
    stack: [],
    top: undefined,
    pendingStart: -1,
    pendingEnd: -1,
    lineStart: from,
    dashBeforeBraces: -1,
    commentLedInside: false,
    tagAngle: -1,
    tagEnd: -1,
  }
}

/**
 * Fills the slot of an opener or brace `|` while its construct is open. Most constructs close
 * and drop these slots, so their text is made only for one that never closes (`materialize`);
 * while a construct is open nothing reads inside it but its own closing.
 */
export const hole: Text = Object.freeze({
  type: 'text',
  value: '',
  position: Object.freeze({
    start: Object.freeze({ line: 0, column: 0, offset: -1 }),
    end: Object.freeze({ line: 0, column: 0, offset: -1 }),
  }),
})

/** A text node for [start, end) of the input. */
export function scanText(scan: Scan, start: number, end: number): Text {
  return makeText(scan.context, start, end)
}

/** Makes the pending text a node. */
export function flush(scan: Scan): void {
  if (scan.pendingStart !== -1) {
    scan.out.push(scanText(scan, scan.pendingStart, scan.pendingEnd))
    scan.pendingStart = -1
  }
}

/** Writes [start, end) as text, joining the pending range when it continues it. */
export function appendText(scan: Scan, start: number, end: number): void {
  if (end <= start) return
  if (scan.pendingStart !== -1 && scan.pendingEnd === start) {
    scan.pendingEnd = end
    return
  }
  flush(scan)
  scan.pendingStart = start
  scan.pendingEnd = end
}

/** Writes a node after the pending text. */
export function emit(scan: Scan, node: Content): void {
  flush(scan)
  scan.out.push(node)
}

/** Opens a construct whose opener's slot is `out[outStart - 1]`. */
export function openPiece(
  scan: Scan,
  kind: PieceKind,
  start: number,
  count: number,
  outStart: number,
): Piece {
  const piece: Piece = {
    kind,
    start,
    count,
    outStart,
    parts: null,
    firstPipe: -1,
    hasLink: false,
    indexed: true,
    dashed: false,
  }
  scan.stack.push(piece)
  scan.top = piece
  return piece
}

/** Opens a construct at `start` with a slot for its opener. */
export function push(scan: Scan, kind: PieceKind, start: number, count: number): Piece {
  flush(scan)
  scan.out.push(hole)
  scan.context.work++
  return openPiece(scan, kind, start, count, scan.out.length)
}

/** Gives a construct that did not close its opener's and `|`s' text. */
export function materialize(scan: Scan, piece: Piece): void {
  const out = scan.out
  if (out[piece.outStart - 1] === hole) {
    const length = piece.kind === LANG ? 2 : piece.count
    out[piece.outStart - 1] = scanText(scan, piece.start, piece.start + length)
  }
  const parts = piece.parts
  if (parts === null) return
  for (let index = 0; index < parts.length; index += 3) {
    const slot = (parts[index] as number) - 1
    const pipe = parts[index + 1] as number
    if (slot >= 0 && out[slot] === hole) out[slot] = scanText(scan, pipe, pipe + 1)
  }
}

/** Closes the innermost construct; its opener becomes text unless a node took its slot. */
export function pop(scan: Scan): void {
  flush(scan)
  materialize(scan, scan.top as Piece)
  scan.stack.pop()
  scan.top = lastOf(scan.stack)
  scan.context.work++
}

/** Pops `piece`; a link among its items now sits directly in the enclosing link's text. */
export function propagateLink(scan: Scan, piece: Piece): void {
  pop(scan)
  const parent = scan.top
  if (piece.hasLink && parent?.kind === LINK) parent.hasLink = true
}

/**
 * Whether a `=` names a part of the innermost construct: braces, or `-{`, which splits at `|`
 * into parts as braces do, so a lone `=` at a line start in one of its parts is that part's `=`,
 * not a heading (its parts mean nothing else: `-{ }-` stays text).
 */
export function findEquals(scan: Scan): boolean {
  const top = scan.top
  return (
    top !== undefined &&
    (top.kind === BRACE || top.kind === LANG) &&
    top.parts !== null &&
    top.parts[top.parts.length - 1] === -1
  )
}

/**
 * Drops the items from `length` on. Pops, not a `length` write: a closing construct drops a few
 * items, and the length setter leaves optimised code for a runtime call.
 */
export function truncate(items: unknown[], length: number): void {
  while (items.length > length) items.pop()
}
