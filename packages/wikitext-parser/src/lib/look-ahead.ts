/**
 * Searches ahead for a closer (`-->`, `>`, `</ref>`) that remember their last answer.
 *
 * An opener inside a tag's content looks for its closer before the content's end; when the
 * nearest one lies beyond, every later opener of the same kind in that content would scan the same
 * stretch again (`<ref><!--<!--<!--…</ref>`), quadratic in the nesting. The first occurrence at or
 * after an offset is the same for every offset up to it, so one answer serves all of them,
 * whatever range the caller is bounded by, and each character is scanned about once per closer.
 */

/** The last search: the first match at or after `from` starts at `found` (-1: none). */
export interface LookAhead {
  from: number
  found: number
  /** Where the match ends. */
  end: number
}

/** A search never made: no offset is at or after `from`. */
export function createLookAhead(): LookAhead {
  return { from: Infinity, found: -1, end: -1 }
}

/**
 * Whether `ahead` already answers a search from `offset`: it was searched from no later, and its
 * match (if any) is not behind `offset`.
 */
export function answers(ahead: LookAhead, offset: number): boolean {
  return ahead.from <= offset && (ahead.found === -1 || offset <= ahead.found)
}

/**
 * The first `needle` at or after `offset` in `input` (-1: none), from `ahead` when it answers;
 * returns the characters the search read, for the caller's work count.
 */
export function findAhead(ahead: LookAhead, input: string, needle: string, offset: number): number {
  if (answers(ahead, offset)) return 1
  const found = input.indexOf(needle, offset)
  ahead.from = offset
  ahead.found = found
  ahead.end = found === -1 ? -1 : found + needle.length
  return (found === -1 ? input.length : found) - offset + 1
}

/** As `findAhead`, for a global pattern (a closing tag whose spaces vary). */
export function matchAhead(
  ahead: LookAhead,
  input: string,
  pattern: RegExp,
  offset: number,
): number {
  if (answers(ahead, offset)) return 1
  pattern.lastIndex = offset
  const match = pattern.exec(input)
  ahead.from = offset
  ahead.found = match === null ? -1 : match.index
  ahead.end = match === null ? -1 : match.index + match[0].length
  return (match === null ? input.length : ahead.end) - offset + 1
}
