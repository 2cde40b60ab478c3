import { seeded } from './local-wiki.js'

/** How a suite's mixed pages are made: lines of a prefix and pieces, from a fixed seed. */
export interface MixedPageShape {
  seed: number
  /** Lines per page: one up to this many. */
  lines: number
  prefixes: readonly string[]
  pieces: readonly string[]
  /** Pieces per line: `fewest` up to `fewest + spread - 1`. */
  fewest: number
  spread: number
  /** What a heading line gets before its closing run (the same run as its opening one). */
  beforeClosing: string
  /** The page as the suite keeps it; as generated when absent. */
  finish?: (page: string) => string
  /** Whether the suite keeps a finished page (its known gaps left out). */
  keep: (page: string) => boolean
}

/** `count` distinct pages of the given shape, the same on every run. */
export function mixedPages(count: number, shape: MixedPageShape): string[] {
  const { random, pick } = seeded(shape.seed)
  const pages = new Set<string>()
  while (pages.size < count) {
    const lines = Array.from({ length: 1 + Math.floor(random() * shape.lines) }, () => {
      let line = pick(shape.prefixes)
      const length = shape.fewest + Math.floor(random() * shape.spread)
      for (let index = 0; index < length; index++) line += pick(shape.pieces)
      const opening = /^=+/.exec(line)?.[0]
      return opening === undefined ? line : `${line}${shape.beforeClosing}${opening}`
    })
    const page = shape.finish?.(lines.join('\n')) ?? lines.join('\n')
    if (shape.keep(page)) pages.add(page)
  }
  return [...pages]
}
