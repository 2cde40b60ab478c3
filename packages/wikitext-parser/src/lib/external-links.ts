/**
 * External links within one line: bracketed (`[https://x.y text]`) and free URLs, as MediaWiki's
 * external-link and free-link passes find them, and the protocol checks that tell where one may
 * start.
 */
import { makeText } from './make-text.js'
import { createTextSink } from './text-sink.js'
import type { ParseContext } from './preprocess/types.js'
import type { Content, ExternalLink } from './types.js'

const urlChar = /[^\][<>"\u0000-\u0020\u007F\p{Zs}\uFFFD]/u
const spaceSeparator = /\p{Zs}/u
/** `urlChar` for ASCII as a table: URLs are scanned a character at a time. */
const asciiUrlChar = new Uint8Array(128)
for (let code = 0x21; code < 0x7f; code++) asciiUrlChar[code] = 1
for (const char of '[]<>"') asciiUrlChar[char.charCodeAt(0)] = 0

/** Whether the code unit at `at` may be part of a URL. */
function isUrlChar(input: string, at: number): boolean {
  const code = input.charCodeAt(at)
  return code < 128 ? asciiUrlChar[code] === 1 : urlChar.test(input.charAt(at))
}
const linkTextStop = /[\]\u0000-\u0008\u000A-\u001F\uFFFD]/u

const wordChar = /[\p{L}\p{N}_]/u

/** Whether `at` starts a word (PCRE's `\b` before a letter). */
function atWordStart(input: string, at: number): boolean {
  if (at === 0) return true
  const previous = input.charCodeAt(at - 1)
  if (previous < 128) {
    return !(
      (previous >= 48 && previous <= 57) ||
      (previous >= 65 && previous <= 90) ||
      (previous >= 97 && previous <= 122) ||
      previous === 95
    )
  }
  return !wordChar.test(input.charAt(at - 1))
}
const bracketOrColon = /[[:]/gu

/**
 * Index in `value` of the first `[` or protocol start at or after `from`, or -1: what
 * `candidatePattern` finds, without trying every protocol at every character.
 */
function nextCandidate(context: ParseContext, value: string, from: number): number {
  const { colons, candidatePattern: pattern } = context.site.protocolIndex
  if (colons === null) {
    pattern.lastIndex = from
    return pattern.exec(value)?.index ?? -1
  }
  for (let at = from; ;) {
    bracketOrColon.lastIndex = at
    const match = bracketOrColon.exec(value)
    if (!match) return -1
    const found = match.index
    if (value.charCodeAt(found) === 91) return found
    const start = protocolBefore(context, value, found, from, colons)
    if (start !== -1) return start
    at = found + 1
  }
}

/**
 * Where a letter-led protocol whose first `:` is at `colonAt` starts, at or after `from`, or -1.
 * A protocol with its `:` `colon` characters in starts that far before it; leftmost first.
 */
export function protocolBefore(
  context: ParseContext,
  value: string,
  colonAt: number,
  from: number,
  colons: readonly number[],
): number {
  for (const colon of colons) {
    const start = colonAt - colon
    if (start >= from && protocolFits(context, value, start)) return start
  }
  return -1
}

/** Whether one of the site's protocols lies in `value` at `start` (ASCII case-insensitive). */
export function protocolFits(context: ParseContext, value: string, start: number): boolean {
  const first = value.charCodeAt(start)
  const candidates = context.site.protocolIndex.byFirstCode.get(
    first >= 65 && first <= 90 ? first + 32 : first,
  )
  if (!candidates) return false
  next: for (const protocol of candidates) {
    if (start + protocol.length > value.length) continue
    for (let index = 0; index < protocol.length; index++) {
      const code = value.charCodeAt(start + index)
      const wanted = protocol.charCodeAt(index)
      if (code !== wanted && !(wanted >= 97 && wanted <= 122 && code === wanted - 32)) continue next
    }
    return true
  }
  return false
}

/** The protocol at `offset`, if one of the site's starts there (case-insensitive). */
function protocolAt(context: ParseContext, offset: number): string | undefined {
  const input = context.input
  const candidates = context.site.protocolIndex.byFirstChar.get(input.charAt(offset).toLowerCase())
  if (!candidates) return undefined
  for (const protocol of candidates) {
    if (input.length - offset < protocol.length) continue
    if (input.slice(offset, offset + protocol.length).toLowerCase() === protocol) return protocol
  }
  return undefined
}

/**
 * Where a URL starting at `from` ends within `end`. As in MediaWiki, which reads links after it
 * has turned apostrophe runs into tags and with `<`/`>` still escaped: a run of two or more
 * apostrophes ends it (`apostrophesKept`), and so does `&lt;` or `&gt;`.
 */
function urlEnd(input: string, from: number, end: number): number {
  let at = from
  while (at < end && isUrlChar(input, at)) {
    const code = input.charCodeAt(at)
    if (code === 39 && input.charCodeAt(at + 1) === 39) {
      return Math.min(at + apostrophesKept(input, at), end)
    }
    if (code === 38 && (input.startsWith('&lt;', at) || input.startsWith('&gt;', at))) return at
    at++
  }
  return at
}

/**
 * How many apostrophes of the run at `at` a URL keeps: the ones doQuotes leaves as text (one of
 * four, all but five of a longer run), as the rest are tags by the time links are read.
 */
function apostrophesKept(input: string, at: number): number {
  let run = 2
  while (input.charCodeAt(at + run) === 39) run++
  return run === 4 ? 1 : run > 5 ? run - 5 : 0
}

/**
 * Where MediaWiki's free-link pattern ends a match whose address starts at `from`: URL
 * characters, `<` and `>` among them (escaped to `&lt;` and `&gt;` by then), up to an apostrophe
 * run. What the link leaves of its match is text, never read for links again.
 */
function freeUrlMatchEnd(input: string, from: number, end: number): number {
  let at = from
  while (at < end) {
    const code = input.charCodeAt(at)
    if (code !== 60 && code !== 62 && !isUrlChar(input, at)) break
    if (code === 39 && input.charCodeAt(at + 1) === 39) {
      return Math.min(at + apostrophesKept(input, at), end)
    }
    at++
  }
  return at
}

/**
 * Where the free URL starting at `from` ends within its match, as MediaWiki's
 * makeFreeExternalLink cuts it: at `<`, `>`, a no-break space or those written as references
 * (`&lt;`, `&nbsp;`, `&#60;`, `&#x3E;`, …), then without its trailing punctuation (`,;.:!?`, and
 * `)` when the URL holds no `(`), but for a `;` that ends a character reference (`&amp;`).
 */
function freeUrlEnd(input: string, from: number, match: number): number {
  let stop = match
  let paren = false
  for (let at = from; at < stop; at++) {
    const code = input.charCodeAt(at)
    if (code === 60 || code === 62) stop = at
    else if (code === 38 && startsFreeUrlStop(input, at)) stop = at
    else if (code === 40) paren = true
  }
  let cut = stop
  while (cut > from && isUrlPunctuation(input.charCodeAt(cut - 1), paren)) cut--
  if (cut < stop && input.charCodeAt(cut) === 59 && endsWithReference(input, from, cut)) cut++
  return cut
}

/** What makeFreeExternalLink ends a URL at besides `<` and `>` (case as MediaWiki has it). */
const freeUrlStop = /&(?:lt|gt|nbsp|#x0*(?:3[CcEe]|[Aa]0)|#0*(?:60|62|160));/uy

function startsFreeUrlStop(input: string, at: number): boolean {
  freeUrlStop.lastIndex = at
  return freeUrlStop.test(input)
}

function isUrlPunctuation(code: number, paren: boolean): boolean {
  return (
    code === 44 || // ,
    code === 59 || // ;
    code === 46 || // .
    code === 58 || // :
    code === 33 || // !
    code === 63 || // ?
    (code === 41 && !paren) // )
  )
}

/** Whether the text before `at` (and after `from`) ends like a character reference without its `;`. */
function endsWithReference(input: string, from: number, at: number): boolean {
  let start = at
  while (start > from && /[A-Za-z0-9#]/u.test(input.charAt(start - 1))) start--
  return start > from && /^&(?:[a-z]+|#x[\da-f]+|#\d+)$/iu.test(input.slice(start - 1, at))
}

/** External links of one line: bracketed `[url text]` and free URLs. */
export function externalLinks(context: ParseContext, given: readonly Content[]): Content[] {
  const input = context.input
  // An unclosed `[[` before a bracketed URL is text of its own: `[[http://a b]` holds a link.
  const items: Content[] = []
  const joined = createTextSink(context, items)
  joined.nodes(given)
  joined.flush()
  const result: Content[] = []
  const memo = { failedUntil: -1 }
  // Text is emitted from `pending` up to each link found.
  for (let index = 0; index < items.length; index++) {
    const item = items[index] as Content
    if (item.type !== 'text') {
      result.push(item)
      continue
    }
    const start = item.position.start.offset
    const end = item.position.end.offset
    const required = context.site.protocolIndex.candidateChars
    if (required && !required.some((char) => item.value.includes(char))) {
      context.work += end - start + 1
      result.push(item)
      continue
    }
    let pending = start
    let at = start
    while (at < end) {
      // Jump to the next `[` or protocol: nothing else can start a link.
      // Searched in the item's own string, so a search never runs past the item.
      const next = nextCandidate(context, item.value, at - start)
      context.work += (next === -1 ? end : next + start) - at + 1
      if (next === -1) break
      at = next + start
      const code = input.charCodeAt(at)
      if (code === 91) {
        // [ protocol url separator text ]
        const protocol = protocolAt(context, at + 1)
        // The protocol must lie in this text: the next item may be a node's source.
        if (protocol !== undefined && at + 1 + protocol.length <= end) {
          const urlStop = urlEnd(input, at + 1 + protocol.length, end)
          let textStart = urlStop
          while (textStart < end && spaceSeparator.test(input.charAt(textStart))) textStart++
          const close = findClose(context, items, index, textStart, memo)
          if (close) {
            if (at > pending) result.push(makeText(context, pending, at))
            const children: Content[] = []
            // Children: the rest of this text, whole items between, the head of the last text.
            let cursor = textStart
            for (let k = index; k <= close.index; k++) {
              const part = items[k] as Content
              const partEnd = k === close.index ? close.offset : part.position.end.offset
              if (part.type === 'text') {
                const from = Math.max(cursor, part.position.start.offset)
                if (partEnd > from) children.push(makeText(context, from, partEnd))
              } else if (k > index) {
                children.push(part)
              }
              cursor = partEnd
            }
            const node: ExternalLink = {
              type: 'externalLink',
              url: input.slice(at + 1, urlStop),
              bracketed: true,
              separator: input.slice(urlStop, textStart),
              children,
              position: context.pointer.position(at, close.offset + 1),
            }
            result.push(node)
            if (close.index === index) {
              at = close.offset + 1
              pending = at
              continue
            }
            // The link ended inside a later item: continue in that text.
            const last = items[close.index] as Content
            index = close.index - 1
            const rest = close.offset + 1
            if (last.type === 'text' && rest < last.position.end.offset) {
              items[close.index] = makeText(context, rest, last.position.end.offset)
            } else {
              index = close.index
            }
            pending = end
            at = end
            break
          }
        }
      } else if (
        ((code >= 97 && code <= 122) || (code >= 65 && code <= 90)) &&
        atWordStart(input, at)
      ) {
        const protocol = protocolAt(context, at)
        if (protocol !== undefined && protocol !== '//' && at + protocol.length <= end) {
          const match = freeUrlMatchEnd(input, at + protocol.length, end)
          const url = input.slice(at, freeUrlEnd(input, at, match))
          if (url.length > protocol.length) {
            if (at > pending) result.push(makeText(context, pending, at))
            const node: ExternalLink = {
              type: 'externalLink',
              url,
              bracketed: false,
              separator: '',
              children: [],
              position: context.pointer.position(at, at + url.length),
            }
            result.push(node)
            pending = at + url.length
          }
          // The rest of the match stays text, even where it holds a URL.
          if (match > at + protocol.length) {
            context.work += match - at
            at = match
            continue
          }
        }
      }
      at++
    }
    if (pending === start) result.push(item)
    else if (end > pending) result.push(makeText(context, pending, end))
  }
  return result
}

/** The first `]` after `from`, within this line's items; atoms may lie between. */
function findClose(
  context: ParseContext,
  items: readonly Content[],
  index: number,
  from: number,
  memo: { failedUntil: number },
): { index: number; offset: number } | undefined {
  // A search that failed from an earlier offset fails from here too, up to where it stopped.
  if (from < memo.failedUntil) return undefined
  const input = context.input
  let last = from
  for (let k = index; k < items.length; k++) {
    const item = items[k] as Content
    if (item.type !== 'text') continue
    const start = Math.max(from, item.position.start.offset)
    for (let at = start; at < item.position.end.offset; at++) {
      context.work++
      const char = input.charAt(at)
      if (char === ']') return { index: k, offset: at }
      if (linkTextStop.test(char)) {
        memo.failedUntil = at
        return undefined
      }
    }
    last = item.position.end.offset
  }
  memo.failedUntil = Math.max(last, from + 1)
  return undefined
}
