/**
 * Pass 2 within one line, in MediaWiki's order: HTML tags (html-tags.ts), behaviour switches
 * (behavior-switches.ts), external links and free URLs (external-links.ts), then apostrophes
 * (`doQuotes`, quotes.ts) over the whole line. Items are pass-1 nodes and text; the result keeps
 * every character.
 */
import { inlineSwitches } from './behavior-switches.js'
import { externalLinks, protocolBefore, protocolFits } from './external-links.js'
import { htmlTagNodes, pairLineTags } from './html-tags.js'
import { quotes } from './quotes.js'
import type { ParseContext } from './preprocess/types.js'
import type { Content } from './types.js'

/** What one sequence's texts may hold: each step runs only where its flag is set. */
const HTML = 1
const SWITCH = 2
const LINK = 4
const QUOTE = 8

function flagsOf(context: ParseContext, items: readonly Content[]): number {
  const required = context.site.protocolIndex.candidateChars
  let flags = 0
  for (let index = 0; index < items.length; index++) {
    const item = items[index] as Content
    if (item.type !== 'text') continue
    const value = item.value
    if (value.includes('<')) flags |= HTML
    if (value.includes('__')) flags |= SWITCH
    if (value.includes("''")) flags |= QUOTE
    if ((flags & LINK) === 0) {
      if (required === null) flags |= LINK
      else for (const char of required) if (value.includes(char)) flags |= LINK
    }
  }
  return flags
}

/**
 * Index in `value` of the first place at or after `from` where an inline step could change the
 * text, or -1: `<`, `__`, `''`, a `[` before a protocol or at the text's end, or the start of a
 * letter-led protocol.
 * A `[` or `:` that can start no link (most of them: `Note:`, `[1]`) is passed over, so its line
 * is written as it is. Where the site's protocols allow no such check, every `[` and `:` counts.
 */
export function nextInlineTrigger(context: ParseContext, value: string, from: number): number {
  const { triggerPattern: pattern, colons } = context.site.protocolIndex
  for (let at = from; ;) {
    pattern.lastIndex = at
    const match = pattern.exec(value)
    if (!match) {
      context.work += value.length - at + 1
      return -1
    }
    const found = match.index
    context.work += found - at + 1
    const code = value.charCodeAt(found)
    if (colons === null || (code !== 91 && code !== 58)) return found
    // A `[` ending the text may meet its protocol in the next item (`[[` left open by pass 1
    // is a text of its own): only the line's joined texts can tell.
    if (code === 91 && (found + 1 === value.length || protocolFits(context, value, found + 1)))
      return found
    if (code === 58) {
      const start = protocolBefore(context, value, found, from, colons)
      if (start !== -1) return start
    }
    at = found + 1
  }
}

/** Inline structure of one line's items (texts without the line's `\n`). */
export function inline(context: ParseContext, items: Content[]): Content[] {
  context.work += items.length
  const flags = flagsOf(context, items)
  if (flags === 0) return items
  // MediaWiki reads HTML tags as text while it finds switches and external links, so tags are
  // single nodes until then; they pair into elements after, within the line and within each
  // link's text. Apostrophes last, over the whole line, elements and link texts included.
  let line = (flags & HTML) === 0 ? items : htmlTagNodes(context, items)
  if ((flags & SWITCH) !== 0) line = inlineSwitches(context, line)
  if ((flags & LINK) !== 0) line = externalLinks(context, line)
  if ((flags & HTML) !== 0) line = pairLineTags(context, line)
  return (flags & QUOTE) === 0 ? line : quotes(context, line)
}
