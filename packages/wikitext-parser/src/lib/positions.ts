import type { Point, Position } from './types.js'

/** Builds points for one input: line starts indexed once, queries answered by binary search. */
export interface Pointer {
  point: (offset: number) => Point
  position: (start: number, end: number) => Position
}

export function createPointer(value: string): Pointer {
  const starts = [0]
  for (let index = value.indexOf('\n'); index !== -1; index = value.indexOf('\n', index + 1)) {
    starts.push(index + 1)
  }
  // Most queries move forward a little: try the previous answer's line first.
  let hint = 0
  // Nodes share boundaries (a text's end is the next node's start, a parent's start its first
  // child's): points made recently are kept by offset and handed out again.
  const recent = new Array<Point | undefined>(64)
  const point = (offset: number): Point => {
    const slot = offset & 63
    const known = recent[slot]
    if (known !== undefined && known.offset === offset) return known
    const made = make(offset)
    recent[slot] = made
    return made
  }
  const make = (offset: number): Point => {
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
    }
    return { line: hint + 1, column: offset - (starts[hint] ?? 0) + 1, offset }
  }
  return {
    point,
    position: (start, end) => ({ start: point(start), end: point(end) }),
  }
}
