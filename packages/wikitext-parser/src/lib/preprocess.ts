/**
 * Pass 1, after MediaWiki's preprocessor (page view): comments, extension and inclusion tags,
 * braces, `[[ ]]` and `-{ }-` pairs, and headings, in one left-to-right scan with an explicit
 * stack. This module is the scan's loop: it runs past characters that mean nothing where they
 * are and hands each other one to its construct's module (`preprocess/`), which takes the scan
 * state as its first argument (`preprocess/scan-state.ts` says why).
 */
import { braceCloser, bracePipe, openBraces } from './preprocess/braces.js'
import { comment } from './preprocess/comments.js'
import { closeHeading, openHeading } from './preprocess/headings.js'
import { closeLanguage, dash, languagePipe } from './preprocess/language.js'
import { closeCommentLedLines, closeLeftOpen } from './preprocess/left-open.js'
import { closeLink, linkPipe, openLinks } from './preprocess/links.js'
import {
  appendText,
  BRACE,
  findEquals,
  flush,
  HEADING,
  LANG,
  LINK,
  createScan,
  type Scan,
} from './preprocess/scan-state.js'
import { tag } from './preprocess/tags.js'
import type { ParseContext } from './preprocess/types.js'
import type { Content } from './types.js'

export type { ParseContext } from './preprocess/types.js'

/**
 * The characters that can mean something, by what is open: `}` only closes braces or `-{`, `]`
 * only a link, `|` only matters in braces and links, `=` only names a brace parameter. The scan
 * runs past every other character without leaving its loop.
 */
function specials(chars: string): Uint8Array {
  const table = new Uint8Array(65536)
  for (const char of '<{[-\n' + chars) table[char.charCodeAt(0)] = 1
  return table
}
const plainSpecial = specials('')
const braceSpecial = specials('}|')
const braceEqualsSpecial = specials('}|=')
const linkSpecial = specials(']|')
const langSpecial = specials('}|')
const langEqualsSpecial = specials('}|=')

/**
 * Where the run of characters that mean nothing under `special` ends. A lone `{` or `[`, and a
 * `-` not before `{`, are text. A function of its own so the loop runs on locals.
 */
function plainEnd(input: string, from: number, to: number, special: Uint8Array): number {
  let j = from
  while (j < to) {
    const code = input.charCodeAt(j)
    if (
      special[code] === 1 &&
      !(
        (code === 123 || code === 91 || code === 45) &&
        input.charCodeAt(j + 1) !== (code === 45 ? 123 : code)
      )
    )
      break
    j++
  }
  return j
}

/** The table of characters that mean something while the scan's innermost construct is open. */
function specialsOf(scan: Scan): Uint8Array {
  const top = scan.top
  if (top === undefined || top.kind === HEADING) return plainSpecial
  if (top.kind === BRACE) return findEquals(scan) ? braceEqualsSpecial : braceSpecial
  if (top.kind === LINK) return linkSpecial
  return findEquals(scan) ? langEqualsSpecial : langSpecial
}

/**
 * Scans [from, to) of the input into items: nodes of the constructs pass 1 reads, and text.
 * `headings`: whether headings are read (not in an extension tag's content).
 */
export function preprocess(
  context: ParseContext,
  from: number,
  to: number,
  headings: boolean,
): Content[] {
  const scan = createScan(context, from, to, headings)
  const input = scan.input
  let i = from
  if (headings && from === 0) i = openHeading(scan, 0, true)
  for (;;) {
    const j = plainEnd(input, i, to, specialsOf(scan))
    context.work += j - i + 1
    appendText(scan, i, j)
    i = j
    const top = scan.top
    if (i >= to) {
      if (top?.kind === HEADING) {
        closeHeading(scan, i)
        continue
      }
      break
    }
    const code = input.charCodeAt(i)
    if (code === 10) {
      // \n
      if (top?.kind === HEADING) {
        // The same \n is read again below as the start of the next line.
        closeHeading(scan, i)
        continue
      }
      appendText(scan, i, i + 1)
      i++
      scan.lineStart = i
      if (headings) i = openHeading(scan, i, true)
    } else if (code === 60) {
      // <
      const at = i
      const isComment = input.startsWith('<!--', at)
      i = isComment ? comment(scan, at) : tag(scan, at)
      if (at === scan.lineStart && (isComment || ledByInclusionTag(scan, at))) {
        scan.lineStart = i
        // MediaWiki renders a heading from its text once comments and inclusion tags are gone:
        // a line led by them is one, though its preprocessor gave it no section index. Inside
        // an open construct it stays text until the construct closes, as a heading opened here
        // would hide the line's `|` from it: closeCommentLedLinesIn reads it then.
        if (headings && scan.top === undefined && i < to) i = openHeading(scan, i, false)
        else if (scan.top !== undefined && isComment) scan.commentLedInside = true
      }
    } else if (code === 123) {
      // {
      i = openBraces(scan, i)
    } else if (code === 91) {
      // [
      i = openLinks(scan, i)
    } else if (code === 45) {
      // -
      i = dash(scan, i)
    } else if (code === 125) {
      // }
      if (top?.kind === BRACE) {
        i = braceCloser(scan, top, i)
      } else if (top?.kind === LANG && i + 1 < to && input.charCodeAt(i + 1) === 45) {
        i = closeLanguage(scan, top, i)
      } else {
        appendText(scan, i, i + 1)
        i++
      }
    } else if (code === 93) {
      // ]
      if (top?.kind === LINK && i + 1 < to && input.charCodeAt(i + 1) === 93) {
        i = closeLink(scan, top, i)
      } else {
        appendText(scan, i, i + 1)
        i++
      }
    } else if (code === 124) {
      // |
      if (top?.kind === BRACE) bracePipe(scan, top, i)
      else if (top?.kind === LINK) linkPipe(scan, top, i)
      else if (top?.kind === LANG) languagePipe(scan, top, i)
      else appendText(scan, i, i + 1)
      i++
    } else {
      // = (or another character only special in some places)
      if (code === 61 && findEquals(scan) && top?.parts) top.parts[top.parts.length - 1] = i
      appendText(scan, i, i + 1)
      i++
    }
  }
  flush(scan)
  closeLeftOpen(scan)
  if (headings && scan.commentLedInside) closeCommentLedLines(scan)
  return scan.out
}

/** Whether the item just read at `at` is an inclusion tag (`<noinclude>`, `<includeonly>…`). */
function ledByInclusionTag(scan: Scan, at: number): boolean {
  const last = scan.out[scan.out.length - 1]
  return last?.type === 'inclusionTag' && last.position.start.offset === at
}
