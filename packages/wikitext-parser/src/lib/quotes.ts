/**
 * MediaWiki's `doQuotes` over one line: apostrophe runs become `italic` and `bold` nodes with
 * open/close flags. Runs, markers and open elements are kept in number arrays rather than
 * objects: most lines with apostrophes hold a few runs, and this runs once per such line.
 */
import { makeText } from './inline.js'
import { lastOf } from './last-of.js'
import type { ParseContext } from './preprocess.js'
import type { Bold, Content, Italic } from './types.js'

const ITALIC = 0
const BOLD = 1

// doQuotes' states: what is open, outermost first; BOTH is a `'''''` run not yet resolved.
const NONE = 0
const I = 1
const B = 2
const BI = 3
const IB = 4
const BOTH = 5

/**
 * Tags in the order doQuotes emits them. A marker whose apostrophes are not in the source
 * (`present` 0) is a close and reopen MediaWiki adds around a run, or a close at the line's end.
 */
class Markers {
  readonly kinds: number[] = []
  readonly opens: number[] = []
  readonly presents: number[] = []
  readonly starts: number[] = []
  readonly ends: number[] = []
  /** The unresolved `'''''` run: which of its tags is outside is known at the next run. */
  bothStart = -1
  bothEnd = -1

  mark(kind: number, open: boolean, present: boolean, start: number, end: number): void {
    this.kinds.push(kind)
    this.opens.push(open ? 1 : 0)
    this.presents.push(present ? 1 : 0)
    this.starts.push(start)
    this.ends.push(end)
  }

  /** Opens the `'''''` run's two tags, `outer` first. */
  resolveBoth(outer: number): void {
    const split = this.bothStart + (outer === BOLD ? 3 : 2)
    this.mark(outer, true, true, this.bothStart, split)
    this.mark(outer === BOLD ? ITALIC : BOLD, true, true, split, this.bothEnd)
  }
}

/** Builds the tree as markers are applied: open elements are a stack of child arrays. */
class QuoteTree {
  readonly root: Content[] = []
  private readonly kinds: number[] = []
  private readonly presents: number[] = []
  private readonly starts: number[] = []
  private readonly children: Content[][] = []
  private readonly context: ParseContext

  constructor(context: ParseContext) {
    this.context = context
  }

  add(node: Content): void {
    const depth = this.children.length
    if (depth === 0) this.root.push(node)
    else (this.children[depth - 1] as Content[]).push(node)
  }

  apply(markers: Markers, index: number): void {
    if (markers.opens[index] === 1) {
      this.kinds.push(markers.kinds[index] as number)
      this.presents.push(markers.presents[index] as number)
      this.starts.push(markers.starts[index] as number)
      this.children.push([])
      return
    }
    // A close ends the innermost open element, whichever kind it is, as MediaWiki's tags nest.
    const children = this.children.pop()
    if (children === undefined) return
    const kind = this.kinds.pop()
    const present = this.presents.pop() === 1
    const start = this.starts.pop() as number
    const node: Italic | Bold = {
      type: kind === ITALIC ? 'italic' : 'bold',
      open: present,
      close: markers.presents[index] === 1,
      children,
      position: this.context.pointer.position(start, markers.ends[index] as number),
    }
    this.add(node)
  }
}

export function quotes(context: ParseContext, items: readonly Content[]): Content[] {
  const input = context.input
  // Runs of two or more apostrophes, as start offsets and lengths.
  const runStarts: number[] = []
  const runLengths: number[] = []
  for (let index = 0; index < items.length; index++) {
    const item = items[index] as Content
    if (item.type !== 'text') continue
    const value = item.value
    const base = item.position.start.offset
    for (let at = value.indexOf("''"); at !== -1;) {
      let end = at + 2
      while (value.charCodeAt(end) === 39) end++
      runStarts.push(base + at)
      runLengths.push(end - at)
      at = value.indexOf("''", end)
    }
  }
  const runs = runStarts.length
  if (runs === 0) return items.slice()
  let italics = 0
  let bolds = 0
  for (let run = 0; run < runs; run++) {
    let length = runLengths[run] as number
    // Four apostrophes are one of text and bold; more than five are text and bold italic.
    if (length === 4) {
      runStarts[run] = (runStarts[run] as number) + 1
      length = 3
    } else if (length > 5) {
      runStarts[run] = (runStarts[run] as number) + length - 5
      length = 5
    }
    runLengths[run] = length
    if (length === 2) italics++
    else if (length === 3) bolds++
    else {
      italics++
      bolds++
    }
  }
  if (italics % 2 === 1 && bolds % 2 === 1) {
    // One bold run becomes an apostrophe and italic: after a one-letter word first, then after
    // a longer word, then after a space.
    let singleLetter = -1
    let multiLetter = -1
    let space = -1
    for (let run = 0; run < runs; run++) {
      if (runLengths[run] !== 3) continue
      const start = runStarts[run] as number
      if (input.charCodeAt(start - 1) === 32) {
        if (space === -1) space = run
      } else if (input.charCodeAt(start - 2) === 32) {
        singleLetter = run
        break
      } else if (multiLetter === -1) multiLetter = run
    }
    const chosen = singleLetter !== -1 ? singleLetter : multiLetter !== -1 ? multiLetter : space
    if (chosen !== -1) {
      runStarts[chosen] = (runStarts[chosen] as number) + 1
      runLengths[chosen] = 2
    }
  }

  const markers = new Markers()
  let state = NONE
  for (let run = 0; run < runs; run++) {
    const s = runStarts[run] as number
    const length = runLengths[run] as number
    const e = s + length
    if (length === 2) {
      if (state === I) {
        state = NONE
        markers.mark(ITALIC, false, true, s, e)
      } else if (state === BI) {
        state = B
        markers.mark(ITALIC, false, true, s, e)
      } else if (state === IB) {
        markers.mark(BOLD, false, false, s, s)
        markers.mark(ITALIC, false, true, s, e)
        markers.mark(BOLD, true, false, e, e)
        state = B
      } else if (state === BOTH) {
        markers.resolveBoth(BOLD)
        markers.mark(ITALIC, false, true, s, e)
        state = B
      } else {
        markers.mark(ITALIC, true, true, s, e)
        state = state === B ? BI : I
      }
    } else if (length === 3) {
      if (state === B) {
        state = NONE
        markers.mark(BOLD, false, true, s, e)
      } else if (state === IB) {
        state = I
        markers.mark(BOLD, false, true, s, e)
      } else if (state === BI) {
        markers.mark(ITALIC, false, false, s, s)
        markers.mark(BOLD, false, true, s, e)
        markers.mark(ITALIC, true, false, e, e)
        state = I
      } else if (state === BOTH) {
        markers.resolveBoth(ITALIC)
        markers.mark(BOLD, false, true, s, e)
        state = I
      } else {
        markers.mark(BOLD, true, true, s, e)
        state = state === I ? IB : B
      }
    } else if (state === B) {
      markers.mark(BOLD, false, true, s, s + 3)
      markers.mark(ITALIC, true, true, s + 3, e)
      state = I
    } else if (state === I) {
      markers.mark(ITALIC, false, true, s, s + 2)
      markers.mark(BOLD, true, true, s + 2, e)
      state = B
    } else if (state === BI) {
      markers.mark(ITALIC, false, true, s, s + 2)
      markers.mark(BOLD, false, true, s + 2, e)
      state = NONE
    } else if (state === IB) {
      markers.mark(BOLD, false, true, s, s + 3)
      markers.mark(ITALIC, false, true, s + 3, e)
      state = NONE
    } else if (state === BOTH) {
      markers.resolveBoth(ITALIC)
      markers.mark(BOLD, false, true, s, s + 3)
      markers.mark(ITALIC, false, true, s + 3, e)
      state = NONE
    } else {
      markers.bothStart = s
      markers.bothEnd = e
      state = BOTH
    }
  }
  // What is still open closes at the line's end.
  const last = lastOf(items)
  const lineEnd = last ? last.position.end.offset : 0
  if (state === BOTH) markers.resolveBoth(BOLD)
  if (state === BOTH || state === B || state === IB)
    markers.mark(BOLD, false, false, lineEnd, lineEnd)
  if (state === BOTH || state === I || state === BI || state === IB)
    markers.mark(ITALIC, false, false, lineEnd, lineEnd)
  if (state === BI) markers.mark(BOLD, false, false, lineEnd, lineEnd)

  // Walk items and markers in offset order. A marker at a text's end that is in the source
  // belongs to the next text; cuts and line-end closes are applied where they fall.
  const tree = new QuoteTree(context)
  const count = markers.starts.length
  let marker = 0
  for (let index = 0; index < items.length; index++) {
    const item = items[index] as Content
    if (item.type !== 'text') {
      const offset = item.position.start.offset
      for (; marker < count && (markers.starts[marker] as number) <= offset; marker++) {
        tree.apply(markers, marker)
      }
      tree.add(item)
      continue
    }
    let at = item.position.start.offset
    const end = item.position.end.offset
    for (; marker < count; marker++) {
      const start = markers.starts[marker] as number
      if (start > end || (start === end && markers.presents[marker] === 1)) break
      if (start > at) tree.add(makeText(context, at, start))
      tree.apply(markers, marker)
      const markerEnd = markers.ends[marker] as number
      if (markerEnd > at) at = markerEnd
    }
    if (end > at) tree.add(makeText(context, at, end))
  }
  for (; marker < count; marker++) tree.apply(markers, marker)
  return tree.root
}
