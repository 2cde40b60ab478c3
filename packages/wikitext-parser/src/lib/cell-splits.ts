/**
 * Where a table line splits into cells. MediaWiki's handleTables drops the line's marker, turns
 * each `!!` of a header line into `||` (StringUtils::replaceMarkup: left to right, not between a
 * `<` and the next `>`), then splits at each `||`, left to right. So in a header line `|!!` splits
 * at its `|` and the `!!` (`||` then `|`), leaving the next cell to start with a `|` that was a
 * `!`: its attribute bar, with no attributes before it. And `!!` inside a tag splits nothing.
 */
import type { Content } from './types.js'

const BAR = 124
const BANG = 33
const LESS_THAN = 60
const GREATER_THAN = 62

export interface CellSplits {
  /** Offsets of each separator's first character. */
  separators: number[]
  /** Offsets of the `!`s MediaWiki reads as a lone `|` (each starts a cell's content). */
  bangBars: number[]
}

/** The splits of a table line's top-level text, from offset `from` on. */
export function cellSplitsIn(items: readonly Content[], from: number, header: boolean): CellSplits {
  const separators: number[] = []
  const bangBars: number[] = []
  // replaceMarkup protects from a `<` to the next `>`, across the line.
  let inTag = false
  for (const item of items) {
    if (item.type !== 'text' || item.position.end.offset <= from) continue
    const base = item.position.start.offset
    const value = item.value
    // Where a lone bar stands (a `|`, or a `!` read as one) waiting for a second; -1 none.
    let barAt = -1
    // The second `!` of a `!!` read as `||`.
    let pairedBang = -1
    for (let at = Math.max(from - base, 0); at < value.length; at++) {
      const code = value.charCodeAt(at)
      if (header) {
        if (code === LESS_THAN) inTag = true
        else if (code === GREATER_THAN) inTag = false
      }
      let bar = code === BAR
      if (header && code === BANG && !inTag) {
        if (at === pairedBang) bar = true
        else if (value.charCodeAt(at + 1) === BANG) {
          pairedBang = at + 1
          bar = true
        }
      }
      if (!bar) {
        if (barAt !== -1 && value.charCodeAt(barAt) === BANG) bangBars.push(base + barAt)
        barAt = -1
      } else if (barAt === -1) {
        barAt = at
      } else {
        separators.push(base + barAt)
        barAt = -1
      }
    }
    if (barAt !== -1 && value.charCodeAt(barAt) === BANG) bangBars.push(base + barAt)
  }
  return { separators, bangBars }
}
