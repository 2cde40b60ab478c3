/**
 * The tags doQuotes emits for one line, in order, as number arrays: most lines with apostrophes
 * hold a few runs, and this runs once per such line.
 */
export const ITALIC = 0
export const BOLD = 1

/**
 * Tags in the order doQuotes emits them. A marker whose apostrophes are not in the source
 * (`present` 0) is a close and reopen MediaWiki adds around a run, or a close at the line's end.
 * An object literal whose methods are functions of this module, not a class instance: V8 keeps a
 * literal's hidden class alive through the literal's boilerplate, a class instance's only while
 * one lives, and code specialised on a dead one is thrown away at the next collection.
 */
export interface Markers {
  readonly kinds: number[]
  readonly opens: number[]
  readonly presents: number[]
  readonly starts: number[]
  readonly ends: number[]
  /** The unresolved `'''''` run: which of its tags is outside is known at the next run. */
  bothStart: number
  bothEnd: number
  mark(kind: number, open: boolean, present: boolean, start: number, end: number): void
  /** Opens the `'''''` run's two tags, `outer` first. */
  resolveBoth(outer: number): void
}

/** No markers yet. */
export function createMarkers(): Markers {
  return {
    kinds: [],
    opens: [],
    presents: [],
    starts: [],
    ends: [],
    bothStart: -1,
    bothEnd: -1,
    mark,
    resolveBoth,
  }
}

function mark(
  this: Markers,
  kind: number,
  open: boolean,
  present: boolean,
  start: number,
  end: number,
): void {
  this.kinds.push(kind)
  this.opens.push(open ? 1 : 0)
  this.presents.push(present ? 1 : 0)
  this.starts.push(start)
  this.ends.push(end)
}

function resolveBoth(this: Markers, outer: number): void {
  const split = this.bothStart + (outer === BOLD ? 3 : 2)
  this.mark(outer, true, true, this.bothStart, split)
  this.mark(outer === BOLD ? ITALIC : BOLD, true, true, split, this.bothEnd)
}
