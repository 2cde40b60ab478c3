/** Pass 1's comments: `<!--` to `-->`, or to the end of the scanned range when never closed. */
import { recordCommentLine } from '../comment-lines.js'
import { findAhead } from '../look-ahead.js'
import type { Comment } from '../types.js'
import { emit, type Scan } from './scan-state.js'

/** The comment at `at` (which starts `<!--`). Returns where the scan goes on. */
export function comment(scan: Scan, at: number): number {
  const { context, input, to } = scan
  context.work += findAhead(context.commentEnd, input, '-->', at + 4)
  let close = context.commentEnd.found
  if (close !== -1 && close + 3 > to) close = -1
  const end = close === -1 ? to : close + 3
  context.work += end - at
  const node: Comment = {
    type: 'comment',
    value: input.slice(at + 4, close === -1 ? to : close),
    closed: close !== -1,
    position: scan.pointer.position(at, end),
  }
  emit(scan, node)
  if (close !== -1) recordCommentLine(context, scan.from, to, at, end)
  return end
}
