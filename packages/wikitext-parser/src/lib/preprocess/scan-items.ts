/**
 * Reading the items a scan has made: whether a range holds a comment, its source without
 * comments, and the items within an offset range, texts cut to fit.
 */
import type { Content } from '../types.js'
import { scanText, type Scan } from './scan-state.js'

/** Whether any of out[first] to out[last - 1] is a comment. */
export function hasComment(scan: Scan, first: number, last: number): boolean {
  const out = scan.out
  for (let index = first; index < last; index++) {
    if (out[index]?.type === 'comment') return true
  }
  return false
}

/** Source of the items out[first] to out[last - 1] within [start, end), comments dropped. */
export function sourceOf(
  scan: Scan,
  first: number,
  last: number,
  start: number,
  end: number,
): string {
  const input = scan.input
  // The items are contiguous: without comments their source is one slice.
  if (!hasComment(scan, first, last)) return input.slice(start, end)
  let result = ''
  let at = start
  for (let index = first; index < last; index++) {
    const item = scan.out[index] as Content
    const s = Math.max(item.position.start.offset, start)
    const e = Math.min(item.position.end.offset, end)
    if (e <= s) continue
    if (item.type !== 'comment') result += input.slice(Math.max(at, s), e)
    at = e
  }
  return result
}

/** Items (from out[first] to out[last - 1]) that lie in [start, end), texts cut to fit, added to `result`. */
export function clip(
  scan: Scan,
  first: number,
  last: number,
  start: number,
  end: number,
  result: Content[] = [],
): Content[] {
  const out = scan.out
  for (let index = first; index < last; index++) {
    const item = out[index]
    if (!item) continue
    const s = item.position.start.offset
    const e = item.position.end.offset
    if (s >= start && e <= end) {
      if (e > s || item.type !== 'text') result.push(item)
    } else if (item.type === 'text' && e > start && s < end && start < end) {
      result.push(scanText(scan, Math.max(s, start), Math.min(e, end)))
    }
  }
  scan.context.work += last - first
  return result
}
