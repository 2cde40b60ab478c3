import type { Point, Position } from './types.js'

/**
 * Builds points for one input: line starts indexed once, queries answered by binary search.
 * An object literal whose methods are functions of this module: closures made per parse would
 * take their optimised code with them at each garbage collection (V8 holds it weakly once no
 * function uses it), and every node's position is made here.
 */
export interface Pointer {
  point(offset: number): Point
  position(start: number, end: number): Position
}

interface LineIndex extends Pointer {
  /** Offsets where lines start. */
  readonly starts: number[]
  /** Most queries move forward a little: the previous answer's line is tried first. */
  hint: number
  /**
   * Nodes share boundaries (a text's end is the next node's start, a parent's start its first
   * child's): points made recently are kept by offset and handed out again.
   */
  readonly recent: (Point | undefined)[]
}

export function createPointer(value: string): Pointer {
  const starts = [0]
  for (let index = value.indexOf('\n'); index !== -1; index = value.indexOf('\n', index + 1)) {
    starts.push(index + 1)
  }
  const index: LineIndex = {
    starts,
    hint: 0,
    recent: new Array<Point | undefined>(64),
    point,
    position,
  }
  return index
}

function point(this: LineIndex, offset: number): Point {
  const slot = offset & 63
  const known = this.recent[slot]
  if (known !== undefined && known.offset === offset) return known
  const made = make(this, offset)
  this.recent[slot] = made
  return made
}

function position(this: LineIndex, start: number, end: number): Position {
  return { start: this.point(start), end: this.point(end) }
}

function make(index: LineIndex, offset: number): Point {
  const starts = index.starts
  let hint = index.hint
  const here = starts[hint] ?? 0
  const next = starts[hint + 1] ?? Infinity
  if (!(offset >= here && offset < next)) {
    let low = 0
    let high = starts.length - 1
    while (low < high) {
      const middle = (low + high + 1) >>> 1
      if ((starts[middle] ?? 0) <= offset) low = middle
      else high = middle - 1
    }
    hint = low
    index.hint = low
  }
  return { line: hint + 1, column: offset - (starts[hint] ?? 0) + 1, offset }
}
