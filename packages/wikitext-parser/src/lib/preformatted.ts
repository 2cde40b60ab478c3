/**
 * Preformatted lines: which space-led lines MediaWiki leaves out of a preformatted block. When a
 * line is preformatted at all (block-level HTML tags around it) is decided in line-blocks.ts.
 */
import type { Body, Line } from './body-lines.js'
import { leadingSwitches } from './behavior-switches.js'
import { lastOf } from './last-of.js'
import { asciiSet } from './line-runs.js'
import type { ParseContext } from './preprocess/types.js'
import type { Content } from './types.js'

// PHP's `trim` set, less the line break a line never holds.
const trimmed = asciiSet(' \t\r\0\v')

/**
 * Whether the line holds only comments, behaviour switches and what PHP's `trim` removes:
 * MediaWiki makes a space-led line preformatted only when something is left once comments and
 * switches are gone.
 */
export function isBlankLine(context: ParseContext, body: Body, line: Line): boolean {
  const { items, starts, ends, texts } = body
  const input = context.input
  for (let index = line.first; index < line.last; index++) {
    if (texts[index] === 0) {
      if ((items[index] as Content).type === 'comment') continue
      return false
    }
    const end = Math.min(ends[index] as number, line.end)
    for (let at = Math.max(starts[index] as number, line.start); at < end; at++) {
      if (trimmed[input.charCodeAt(at)] === 1) continue
      // MediaWiki's block pass reads the line with its behaviour switches gone.
      const last = lastOf(leadingSwitches(context, at, end, true))
      if (!last) return false
      at = last.position.end.offset - 1
    }
  }
  return true
}
