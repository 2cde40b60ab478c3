/**
 * Lines of only comments. MediaWiki's preprocessor removes a comment together with the spaces and
 * tabs around it and its line's break when nothing else is on the line (after a line break,
 * before one), and a run of such comments with them; the lines around it then meet, so
 * `* a\n<!-- c -->\n* b` is one list and ` a\n<!-- c -->\n b` one preformatted block. Pass 1
 * records each such line; pass 2 reads it as part of the break before it (body-lines.ts).
 */
import { findAhead } from './look-ahead.js'
import type { ParseContext } from './preprocess/types.js'

/**
 * Records the line of the comment at [at, end) when it holds only comments, spaces and tabs, and
 * a line break ends it, all within [from, to): the text MediaWiki preprocesses (a tag's content
 * is preprocessed on its own, so a line starting at `from` is not one it removes).
 */
export function recordCommentLine(
  context: ParseContext,
  from: number,
  to: number,
  at: number,
  end: number,
): void {
  const input = context.input
  let start = at
  while (start > from && isBlank(input.charCodeAt(start - 1))) start--
  if (start <= from || input.charCodeAt(start - 1) !== 10) return
  let after = end
  for (;;) {
    while (after < to && isBlank(input.charCodeAt(after))) after++
    if (!input.startsWith('<!--', after)) break
    context.work += findAhead(context.commentEnd, input, '-->', after + 4)
    const close = context.commentEnd.found
    if (close === -1 || close + 3 > to) break
    context.work += close + 3 - after
    after = close + 3
  }
  context.work += after - start
  if (after < to && input.charCodeAt(after) === 10) context.commentLines.set(start, after + 1)
}

/** A space or a tab: what MediaWiki takes with a removed comment. */
function isBlank(code: number): boolean {
  return code === 32 || code === 9
}
