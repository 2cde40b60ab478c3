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
  // Neighbouring nodes share boundaries: reuse the last two points made.
  let lastPoint: Point = { line: 1, column: 1, offset: 0 }
  let otherPoint: Point = lastPoint
  const point = (offset: number): Point => {
    if (lastPoint.offset === offset) return lastPoint
    if (otherPoint.offset === offset) return otherPoint
    otherPoint = lastPoint
    lastPoint = make(offset)
    return lastPoint
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
