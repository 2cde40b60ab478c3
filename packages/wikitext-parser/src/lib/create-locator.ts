import type { Point } from './types.js'

/** Converts between UTF-16 offsets, line/column points and code-point offsets of one string. */
export interface Locator {
  /** The point at a UTF-16 offset (clamped to the string). */
  toPoint(offset: number): Point
  /** The UTF-16 offset of a 1-based line and column, or -1 when the point is outside the string. */
  toOffset(point: Readonly<{ line: number; column: number }>): number
  /** Code points before a UTF-16 offset (`[...value.slice(0, offset)].length`). */
  toCodePoint(offset: number): number
  /** The UTF-16 offset of the n-th code point (MediaWiki's section `byteoffset`), clamped. */
  fromCodePoint(codePoint: number): number
}

/**
 * Indexes `value` once so every answer is a binary search. Strings without surrogates take an
 * identity fast path for code points.
 */
export function createLocator(value: string): Locator {
  const lineStarts = [0]
  for (let index = value.indexOf('\n'); index !== -1; index = value.indexOf('\n', index + 1)) {
    lineStarts.push(index + 1)
  }
  // Offsets of the low half of each surrogate pair: each one makes a code point span two units.
  const pairEnds: number[] = []
  for (let index = 0; index < value.length - 1; index++) {
    const code = value.charCodeAt(index)
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = value.charCodeAt(index + 1)
      if (next >= 0xdc00 && next <= 0xdfff) {
        pairEnds.push(index + 1)
        index++
      }
    }
  }
  const clamp = (offset: number): number =>
    Number.isFinite(offset) ? Math.min(Math.max(Math.trunc(offset), 0), value.length) : 0

  return {
    toPoint(offset) {
      const at = clamp(offset)
      const line = lastAtOrBelow(lineStarts, at)
      return { line: line + 1, column: at - (lineStarts[line] ?? 0) + 1, offset: at }
    },
    toOffset(point) {
      const start = lineStarts[point.line - 1]
      if (start === undefined || point.column < 1) return -1
      const end = lineStarts[point.line] ?? value.length + 1
      const offset = start + point.column - 1
      return offset < end ? offset : -1
    },
    toCodePoint(offset) {
      const at = clamp(offset)
      if (pairEnds.length === 0) return at
      // Pairs whose second unit lies before `at` each count once, not twice.
      return at - countBelow(pairEnds, at)
    },
    fromCodePoint(codePoint) {
      const wanted = Number.isFinite(codePoint) ? Math.max(Math.trunc(codePoint), 0) : 0
      if (pairEnds.length === 0) return Math.min(wanted, value.length)
      // The smallest offset o with o - pairsBelow(o) === wanted.
      let low = 0
      let high = value.length
      while (low < high) {
        const middle = (low + high) >>> 1
        if (middle - countBelow(pairEnds, middle) < wanted) low = middle + 1
        else high = middle
      }
      // Offsets inside a pair count like the pair's start: step past the high surrogate.
      return countBelow(pairEnds, low + 1) > countBelow(pairEnds, low) ? low + 1 : low
    },
  }
}

/** Index of the last element ≤ value in an ascending array (0 when none). */
function lastAtOrBelow(sorted: readonly number[], value: number): number {
  let low = 0
  let high = sorted.length - 1
  while (low < high) {
    const middle = (low + high + 1) >>> 1
    if ((sorted[middle] ?? 0) <= value) low = middle
    else high = middle - 1
  }
  return low
}

/** How many elements are < value in an ascending array. */
function countBelow(sorted: readonly number[], value: number): number {
  let low = 0
  let high = sorted.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if ((sorted[middle] ?? 0) < value) low = middle + 1
    else high = middle
  }
  return low
}
