/**
 * Pass 1, after MediaWiki's preprocessor (page view): comments, extension and inclusion tags,
 * braces, `[[ ]]` and `-{ }-` pairs, and headings, in one left-to-right scan with an explicit
 * stack.
 *
 * Everything the scan accumulates goes into one flat array; an open construct remembers where
 * its content starts. A construct that closes moves its slice into a node once; one that never
 * closes leaves its slice in place as text. Each item therefore moves at most once per
 * enclosing node, and unwinding costs nothing, which keeps the scan linear on unclosed input.
 */
import { framesImage, rendersBlock } from './block-tags.js'
import { restructure } from './blocks.js'
import { recordCommentLine } from './comment-lines.js'
import { protocolFits } from './inline.js'
import { lastOf } from './last-of.js'
import { createLookAhead, findAhead, matchAhead, type LookAhead } from './look-ahead.js'
import type { Pointer } from './positions.js'
import type { SiteIndex } from './site-index.js'
import type {
  Comment,
  Content,
  ExtensionTag,
  Heading,
  InclusionTag,
  InternalLink,
  LinkParameter,
  LinkTarget,
  ParameterName,
  TemplateName,
  TemplateParameter,
  Text,
  Transclusion,
} from './types.js'

/** Template names up to this many characters of source have their comments removed. */
const MAX_EXACT_NAME = 4096

/** State shared by every fragment of one parse. */
export interface ParseContext {
  readonly input: string
  readonly pointer: Pointer
  readonly site: SiteIndex
  headingIndex: number
  /** Characters visited plus stack operations: the linear-time tests read it. */
  work: number
  /** The last search for a `>` (look-ahead.ts: each stretch is read about once). */
  readonly greaterThan: LookAhead
  /** The last search for a `-->`. */
  readonly commentEnd: LookAhead
  /** By tag name: the last search for its closing tag, and the pattern that finds one. */
  readonly closeTags: Map<string, { readonly ahead: LookAhead; readonly pattern: RegExp }>
  /** Offsets of the `<`s that became text, in order (block-tags.ts reads them). */
  readonly textAngles: number[]
  /**
   * Offsets of the nodes MediaWiki renders as block-level HTML, in order (same): extension tags
   * (`<pre>`, `<gallery>`, …) and framed or floated images.
   */
  readonly blockLevelNodes: number[]
  /**
   * Lines MediaWiki's preprocessor removes with their line break (only comments, spaces and
   * tabs): from the line's start to after its `\n` (comment-lines.ts).
   */
  readonly commentLines: Map<number, number>
  /** The input with each `_` a space, made on first use (`spacedInput`). */
  spacedInput: string | null
  /** A block-level HTML tag was left unpaired on its line in the container pass 2 is reading. */
  unpairedBlockTag: boolean
}

const BRACE = 0
const LINK = 1
const LANG = 2
const HEADING = 3

interface Piece {
  kind: 0 | 1 | 2 | 3
  /** Offset of the opener's first character. */
  start: number
  /** Braces left in the opener, or `=` in a heading's opening run. */
  count: number
  /** Index in `out` after the opener's slot. */
  outStart: number
  /**
   * Brace parts after the name, as triples: out index where the part starts, offset of its
   * `|`, offset of its first top-level `=` (-1 while none). Null until the first `|`.
   */
  parts: number[] | null
  /** Link: offset of the first `|`, or -1. */
  firstPipe: number
  /** Link: an internal link sits directly in its text. */
  hasLink: boolean
  /** Heading: the preprocessor's (at a line's start, so it gets a section index). */
  indexed: boolean
  /** Braces: a `-` right before them (`-{{`), which a last brace left over joins as `-{`. */
  dashed: boolean
}

/**
 * Fills the slot of an opener or brace `|` while its construct is open. Most constructs close
 * and drop these slots, so their text is made only for one that never closes (`materialize`);
 * while a construct is open nothing reads inside it but its own closing.
 */
const noParts: readonly number[] = []

const hole: Text = Object.freeze({
  type: 'text',
  value: '',
  position: Object.freeze({
    start: Object.freeze({ line: 0, column: 0, offset: -1 }),
    end: Object.freeze({ line: 0, column: 0, offset: -1 }),
  }),
})

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
 * `-` not before `{`, are text. A function of its own so the loop runs on locals, not on the
 * scan's closure state.
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

const invalidTarget = /[<>[\]{}\u0000-\u001F\u007F\uFFFD]/u
const modifiers = /^\s*(?:safesubst|subst|msgnw|msg|raw):/iu
const tagNameChar = /[A-Za-z0-9]/u

/**
 * Whether the items from index `first` on keep a line break once MediaWiki's preprocessor is
 * done: in their text or a link's, not in a comment or an extension tag (gone, or a strip marker,
 * by then). A template's or argument's expansion is unknown here; it counts as one line
 * (`== a {{b|\nc}} ==` is one heading).
 */
function keepsLineBreak(context: ParseContext, items: readonly Content[], first: number): boolean {
  const pending: Content[] = []
  for (let index = items.length - 1; index >= first; index--) pending.push(items[index] as Content)
  for (let item = pending.pop(); item; item = pending.pop()) {
    context.work++
    if (item.type === 'text' && item.value.includes('\n')) return true
    if (
      item.type === 'internalLink' ||
      item.type === 'linkTarget' ||
      item.type === 'linkParameter'
    ) {
      for (const child of item.children) pending.push(child)
    }
  }
  return false
}

export function preprocess(
  context: ParseContext,
  from: number,
  to: number,
  headings: boolean,
): Content[] {
  const { input, pointer, site } = context
  const out: Content[] = []
  const stack: Piece[] = []
  let top: Piece | undefined
  const position = pointer.position

  const text = (start: number, end: number): Text => ({
    type: 'text',
    value: input.slice(start, end),
    position: position(start, end),
  })
  // Text is held as a pending range and becomes one node when anything else happens, so runs
  // of literal characters cost no allocation until then.
  let pendingStart = -1
  let pendingEnd = -1
  const flush = (): void => {
    if (pendingStart !== -1) {
      out.push(text(pendingStart, pendingEnd))
      pendingStart = -1
    }
  }
  const appendText = (start: number, end: number): void => {
    if (end <= start) return
    if (pendingStart !== -1 && pendingEnd === start) {
      pendingEnd = end
      return
    }
    flush()
    pendingStart = start
    pendingEnd = end
  }
  /** Opens a construct whose opener's slot is `out[outStart - 1]`. */
  const openPiece = (kind: Piece['kind'], start: number, count: number, outStart: number): void => {
    const piece: Piece = {
      kind,
      start,
      count,
      outStart,
      parts: null,
      firstPipe: -1,
      hasLink: false,
      indexed: true,
      dashed: false,
    }
    stack.push(piece)
    top = piece
  }
  const push = (kind: Piece['kind'], start: number, count: number): void => {
    flush()
    out.push(hole)
    openPiece(kind, start, count, out.length)
    context.work++
  }
  /** Gives a construct that did not close its opener's and `|`s' text. */
  const materialize = (piece: Piece): void => {
    if (out[piece.outStart - 1] === hole) {
      const length = piece.kind === LANG ? 2 : piece.count
      out[piece.outStart - 1] = text(piece.start, piece.start + length)
    }
    const parts = piece.parts
    if (parts === null) return
    for (let index = 0; index < parts.length; index += 3) {
      const slot = (parts[index] as number) - 1
      const pipe = parts[index + 1] as number
      if (slot >= 0 && out[slot] === hole) out[slot] = text(pipe, pipe + 1)
    }
  }
  const pop = (): void => {
    flush()
    materialize(top as Piece)
    stack.pop()
    top = lastOf(stack)
    context.work++
  }
  // `-{` splits at `|` into parts as braces do, so a lone `=` at a line start in one of its parts
  // is that part's `=`, not a heading (its parts mean nothing else: `-{ }-` stays text).
  const findEquals = (): boolean =>
    top !== undefined &&
    (top.kind === BRACE || top.kind === LANG) &&
    top.parts !== null &&
    top.parts[top.parts.length - 1] === -1

  /** Length of the run of `=` at `at` before `end`, six at most: a heading's opening run. */
  const openingRun = (at: number, end: number): number => {
    let run = 0
    while (run < 6 && at + run < end && input.charCodeAt(at + run) === 61) run++
    return run
  }
  const openHeading = (at: number, indexed: boolean): number => {
    const run = openingRun(at, to)
    if (run === 0 || (run === 1 && findEquals())) return at
    push(HEADING, at, run)
    ;(top as Piece).indexed = indexed
    return at + run
  }

  let i = from
  // Where the current line's text starts once the comments it opens with are passed.
  let lineStart = from
  // The last `-` read as text right before a run of braces.
  let dashBeforeBraces = -1
  // A line led by comments was read inside a construct (closeCommentLedLines).
  let commentLedInside = false
  if (headings && from === 0) i = openHeading(0, true)
  for (;;) {
    const special =
      top === undefined || top.kind === HEADING
        ? plainSpecial
        : top.kind === BRACE
          ? findEquals()
            ? braceEqualsSpecial
            : braceSpecial
          : top.kind === LINK
            ? linkSpecial
            : findEquals()
              ? langEqualsSpecial
              : langSpecial
    const j = plainEnd(input, i, to, special)
    context.work += j - i + 1
    appendText(i, j)
    i = j
    if (i >= to) {
      if (top?.kind === HEADING) {
        closeHeading(i)
        continue
      }
      break
    }
    const code = input.charCodeAt(i)
    if (code === 10) {
      // \n
      if (top?.kind === HEADING) {
        // The same \n is read again below as the start of the next line.
        closeHeading(i)
        continue
      }
      appendText(i, i + 1)
      i++
      lineStart = i
      if (headings) i = openHeading(i, true)
    } else if (code === 60) {
      // <
      const at = i
      i = angle(i)
      if (at === lineStart && input.startsWith('<!--', at)) {
        lineStart = i
        // MediaWiki renders a heading from its text once comments are gone: a line led by
        // comments is one, though its preprocessor gave it no section index. Inside an open
        // construct it is the construct's text (what a template does with it is its own).
        if (headings && top === undefined && i < to) i = openHeading(i, false)
        else if (top !== undefined) commentLedInside = true
      }
    } else if (code === 123) {
      // {
      let run = 1
      while (i + run < to && input.charCodeAt(i + run) === 123) run++
      if (run >= 2) {
        push(BRACE, i, run)
        ;(top as Piece).dashed = i > from && dashBeforeBraces === i - 1
      } else appendText(i, i + 1)
      i += run
    } else if (code === 91) {
      // [
      let run = 1
      while (i + run < to && input.charCodeAt(i + run) === 91) run++
      if (run >= 2) {
        // MediaWiki opens one construct for the whole run and closes it two brackets at a time,
        // the rightmost first: a `[[` pair per two brackets, an odd one out being text. Those
        // still open hide `|` and `}}` from what encloses them.
        let at = i
        if (run % 2 === 1) appendText(at, ++at)
        for (; at < i + run; at += 2) push(LINK, at, 2)
      } else appendText(i, i + 1)
      i += run
    } else if (code === 45) {
      // -
      if (
        i + 1 < to &&
        input.charCodeAt(i + 1) === 123 &&
        !(i + 2 < to && input.charCodeAt(i + 2) === 123)
      ) {
        push(LANG, i, 1)
        i += 2
      } else {
        // `-{{` is `-` then braces: MediaWiki lets the rightmost opener win.
        if (input.charCodeAt(i + 1) === 123) dashBeforeBraces = i
        appendText(i, i + 1)
        i++
      }
    } else if (code === 125) {
      // }
      if (top?.kind === BRACE) {
        // Only whether two or three braces close matters: counting the whole run here would
        // read a long `}}}}…` once per closing, quadratic on deep nests (`{{{{…}}}}`).
        const most = top.count < 3 ? top.count : 3
        let run = 1
        while (i + run < to && run < most && input.charCodeAt(i + run) === 125) run++
        context.work += run
        if (run >= 2) {
          const matched = run >= 3 ? 3 : 2
          closeBrace(i, matched)
          i += matched
        } else {
          appendText(i, i + 1)
          i++
        }
      } else if (top?.kind === LANG && i + 1 < to && input.charCodeAt(i + 1) === 45) {
        appendText(i, i + 2)
        propagateLink(top)
        i += 2
      } else {
        appendText(i, i + 1)
        i++
      }
    } else if (code === 93) {
      // ]
      if (top?.kind === LINK && i + 1 < to && input.charCodeAt(i + 1) === 93) {
        i = closeLink(i)
      } else {
        appendText(i, i + 1)
        i++
      }
    } else if (code === 124) {
      // |
      if (top?.kind === BRACE) {
        flush()
        out.push(hole)
        ;(top.parts ??= []).push(out.length, i, -1)
      } else {
        if (top?.kind === LINK && top.firstPipe === -1) top.firstPipe = i
        // A `-{` part has no slot: its `|` stays text whatever happens.
        if (top?.kind === LANG) (top.parts ??= []).push(-1, i, -1)
        appendText(i, i + 1)
      }
      i++
    } else {
      // = (or another character only special in some places)
      if (code === 61 && findEquals() && top?.parts) top.parts[top.parts.length - 1] = i
      appendText(i, i + 1)
      i++
    }
  }
  flush()
  closeLeftOpen()
  if (headings && commentLedInside) closeCommentLedLines()
  return out

  /**
   * Makes what the scan leaves open text. A heading among it, whose line held a construct that
   * never closed (`== a [[b ==`), is still one where its line reads as one: MediaWiki's
   * preprocessor gives it no section, but its renderer finds headings in the text it leaves. The
   * items after such a line wait in `tail` (last first) while the line closes, so each moves once.
   */
  function closeLeftOpen(): void {
    const tail: Content[] = []
    for (let index = stack.length - 1; index >= 0; index--) {
      const piece = stack[index] as Piece
      if (piece.kind !== HEADING) {
        materialize(piece)
        continue
      }
      stack.length = index + 1
      top = piece
      const lineEnd = cutAtLineEnd(piece.outStart, piece.start, tail)
      if (lineEnd === -1) {
        stack.length = index
        materialize(piece)
        continue
      }
      piece.indexed = false
      closeHeading(lineEnd)
    }
    for (let index = tail.length - 1; index >= 0; index--) out.push(tail[index] as Content)
  }

  /**
   * Lines led by comments that the scan read inside a construct which then never closed, or
   * closed as text (`[[<>\n<!-- c -->== h ==\n]]`): MediaWiki's heading pass reads them in the
   * text that is left, so each is a heading where it reads as one, with no section index, as one
   * read at the top level is. Found in one pass over the items, closed from the last, the items
   * after each waiting in `tail` (last first), so each moves once.
   */
  function closeCommentLedLines(): void {
    // Indices of texts that start with `=` after comments that start a line.
    const found: number[] = []
    let atLineStart = from === 0
    let afterComments = false
    for (let index = 0; index < out.length; index++) {
      const item = out[index] as Content
      context.work++
      if (item.type === 'comment') {
        afterComments = atLineStart
        continue
      }
      if (item.type === 'text') {
        if (afterComments && item.value.charCodeAt(0) === 61) found.push(index)
        atLineStart = item.value.endsWith('\n')
      } else {
        atLineStart = false
      }
      afterComments = false
    }
    if (found.length === 0) return
    const tail: Content[] = []
    for (let next = found.length - 1; next >= 0; next--) {
      const index = found[next] as number
      const start = (out[index] as Text).position.start.offset
      const lineEnd = cutAtLineEnd(index, start, tail)
      if (lineEnd === -1) continue
      const openerEnd = (out[index] as Text).position.end.offset
      const run = openingRun(start, openerEnd)
      out[index] = hole
      if (start + run < openerEnd) out.splice(index + 1, 0, text(start + run, openerEnd))
      openPiece(HEADING, start, run, index + 1)
      ;(top as Piece).indexed = false
      closeHeading(lineEnd)
    }
    for (let index = tail.length - 1; index >= 0; index--) out.push(tail[index] as Content)
  }

  /**
   * Leaves `out` ending with the line that starts at offset `start`, its items from index `first`
   * on: the items after the line's break go to `tail` (last first), a text holding the break cut
   * there. Returns where the line ends, or -1 when a node holds its break (a template closed on a
   * later line), which leaves the line to what that node expands to.
   */
  function cutAtLineEnd(first: number, start: number, tail: Content[]): number {
    let lineEnd = input.indexOf('\n', start)
    if (lineEnd === -1 || lineEnd > to) lineEnd = to
    for (let last = lastOf(out); last && out.length > first; last = lastOf(out)) {
      if (last.position.start.offset < lineEnd) break
      tail.push(last)
      out.pop()
      context.work++
    }
    const crossing = out.length > first ? lastOf(out) : undefined
    if (crossing && crossing.position.end.offset > lineEnd) {
      if (crossing.type !== 'text') return -1
      out[out.length - 1] = text(crossing.position.start.offset, lineEnd)
      tail.push(text(lineEnd, crossing.position.end.offset))
    }
    return lineEnd
  }

  /** `<`: a comment, an extension or inclusion tag, or text. Returns where to continue. */
  function angle(at: number): number {
    if (input.startsWith('<!--', at)) {
      context.work += findAhead(context.commentEnd, input, '-->', at + 4)
      let close = context.commentEnd.found
      if (close !== -1 && close + 3 > to) close = -1
      const end = close === -1 ? to : close + 3
      context.work += end - at
      const node: Comment = {
        type: 'comment',
        value: input.slice(at + 4, close === -1 ? to : close),
        closed: close !== -1,
        position: position(at, end),
      }
      flush()
      out.push(node)
      if (close !== -1) recordCommentLine(context, from, to, at, end)
      return end
    }
    let nameStart = at + 1
    const closing = input.charCodeAt(nameStart) === 47
    if (closing) nameStart++
    let nameEnd = nameStart
    while (nameEnd < to && tagNameChar.test(input.charAt(nameEnd))) nameEnd++
    const rawName = input.slice(nameStart, nameEnd)
    const name = rawName.toLowerCase()
    context.work += nameEnd - at
    const after = input.charCodeAt(nameEnd)
    const boundary =
      nameEnd < to &&
      (after === 62 ||
        after === 32 ||
        after === 9 ||
        after === 10 ||
        after === 13 ||
        after === 12 ||
        (after === 47 && input.charCodeAt(nameEnd + 1) === 62))
    const inclusion = isInclusion(name)
    const mode = site.tags.get(name)
    if (
      !boundary ||
      rawName === '' ||
      (!inclusion && mode === undefined) ||
      (closing && name === 'includeonly') ||
      (closing && !inclusion)
    ) {
      return angleText(at)
    }
    const gt = greaterThan(nameEnd)
    if (gt === -1) {
      return angleText(at)
    }
    const selfClosing = input.charCodeAt(gt - 1) === 47 && gt - 1 >= nameEnd
    if (inclusion && (name !== 'includeonly' || selfClosing)) {
      const node: InclusionTag = {
        type: 'inclusionTag',
        name,
        value: input.slice(at, gt + 1),
        position: position(at, gt + 1),
      }
      flush()
      out.push(node)
      return gt + 1
    }
    let closeStart = -1
    let closeEnd = -1
    if (!selfClosing) {
      let close = context.closeTags.get(name)
      if (close === undefined) {
        close = { ahead: createLookAhead(), pattern: new RegExp(`</${name}\\s*>`, 'giu') }
        context.closeTags.set(name, close)
      }
      context.work += matchAhead(close.ahead, input, close.pattern, gt + 1)
      if (close.ahead.found !== -1 && close.ahead.end <= to) {
        closeStart = close.ahead.found
        closeEnd = close.ahead.end
      }
    }
    if (!selfClosing && closeStart === -1) {
      if (name === 'includeonly') {
        // MediaWiki lets an includeonly element run to the end of the text.
        const node: InclusionTag = {
          type: 'inclusionTag',
          name: 'includeonly',
          value: input.slice(at, to),
          position: position(at, to),
        }
        flush()
        out.push(node)
        return to
      }
      // Without its closing tag the opening tag is literal text, and the scan goes on after it:
      // a `|`, `=` or `{{` in its attributes means nothing (MediaWiki's preprocessor).
      angleText(at)
      appendText(at + 1, gt + 1)
      return gt + 1
    }
    const end = selfClosing ? gt + 1 : closeEnd
    if (name === 'includeonly') {
      const node: InclusionTag = {
        type: 'inclusionTag',
        name: 'includeonly',
        value: input.slice(at, end),
        position: position(at, end),
      }
      flush()
      out.push(node)
      return end
    }
    const attributes = input.slice(nameEnd, selfClosing ? gt - 1 : gt)
    // Recorded before the content is read, which records its own tags: offsets stay in order.
    if (rendersBlock(name, attributes)) context.blockLevelNodes.push(at)
    const node: ExtensionTag = {
      type: 'extensionTag',
      name,
      rawName,
      attributes,
      selfClosing,
      closeTag: selfClosing ? '' : input.slice(closeStart, closeEnd),
      value: selfClosing || mode === 'wikitext' ? null : input.slice(gt + 1, closeStart),
      children:
        !selfClosing && mode === 'wikitext' ? preprocess(context, gt + 1, closeStart, false) : [],
      position: position(at, end),
    }
    if (node.children.length > 0) restructure(context, node, 0, 'block')
    flush()
    out.push(node)
    return end
  }

  /** A `<` that starts nothing is text; pass 2 looks for HTML tags only where one was. */
  function angleText(at: number): number {
    appendText(at, at + 1)
    context.textAngles.push(at)
    return at + 1
  }

  function greaterThan(from: number): number {
    context.work += findAhead(context.greaterThan, input, '>', from)
    const found = context.greaterThan.found
    return found === -1 || found >= to ? -1 : found
  }

  function hasComment(first: number, last: number): boolean {
    for (let index = first; index < last; index++) {
      if (out[index]?.type === 'comment') return true
    }
    return false
  }

  /** Source of the items out[first] to out[last - 1] within [start, end), comments dropped. */
  function sourceOf(first: number, last: number, start: number, end: number): string {
    // The items are contiguous: without comments their source is one slice.
    if (!hasComment(first, last)) return input.slice(start, end)
    let result = ''
    let at = start
    for (let index = first; index < last; index++) {
      const item = out[index] as Content
      const s = Math.max(item.position.start.offset, start)
      const e = Math.min(item.position.end.offset, end)
      if (e <= s) continue
      if (item.type !== 'comment') result += input.slice(Math.max(at, s), e)
      at = e
    }
    return result
  }

  /** Items (from out[first] to out[last - 1]) that lie in [start, end), texts cut to fit, added to `result`. */
  function clip(
    first: number,
    last: number,
    start: number,
    end: number,
    result: Content[] = [],
  ): Content[] {
    for (let index = first; index < last; index++) {
      const item = out[index]
      if (!item) continue
      const s = item.position.start.offset
      const e = item.position.end.offset
      if (s >= start && e <= end) {
        if (e > s || item.type !== 'text') result.push(item)
      } else if (item.type === 'text' && e > start && s < end && start < end) {
        result.push(text(Math.max(s, start), Math.min(e, end)))
      }
    }
    context.work += last - first
    return result
  }

  function closeBrace(at: number, matched: 2 | 3): void {
    flush()
    const piece = top as Piece
    const start = piece.start + piece.count - matched
    const end = at + matched
    // Part k ≥ 1 starts at out index partIndex[3(k - 1)], after its `|` at partIndex[3(k - 1) + 1].
    const partIndex = piece.parts ?? noParts
    const parts = 1 + partIndex.length / 3
    const nameEndIndex = parts > 1 ? (partIndex[0] as number) - 1 : out.length
    const nameStart = start + matched
    const nameEnd = parts > 1 ? (partIndex[1] as number) : at
    // The name holds every construct nested in it (`{{{{{{a}}}}}}`), so nothing here may read
    // a long one whole: that would read a deep nest once per level. Without comments it is one
    // range of the input, `sourceStart` on, and its spaced form a slice of the spaced input.
    // A name longer than any title MediaWiki resolves (255 bytes; here 4,096 characters, comments
    // included) is kept as written: dropping its comments would read a deep nest once per level.
    const asWritten =
      nameEnd - nameStart > MAX_EXACT_NAME || !hasComment(piece.outStart, nameEndIndex)
    let nameSource = asWritten
      ? input.slice(nameStart, nameEnd)
      : sourceOf(piece.outStart, nameEndIndex, nameStart, nameEnd)
    let sourceStart = nameStart
    let modifier: string | null = null
    // A modifier ends in `:`; a short name without one skips the pattern, a long one is not
    // searched whole (the pattern is anchored and stops early).
    const modifierMatch =
      nameSource.length > 64 || nameSource.includes(':') ? modifiers.exec(nameSource) : null
    if (modifierMatch) {
      modifier = modifierMatch[0].trimStart()
      nameSource = nameSource.slice(modifierMatch[0].length)
      sourceStart += modifierMatch[0].length
    }
    let type: Transclusion['type'] = matched === 3 ? 'templateArgument' : 'template'
    let colon = -1
    if (matched === 2) {
      // A function hook is the text before the first `:` of the name part.
      for (let index = piece.outStart; index < nameEndIndex && colon === -1; index++) {
        const item = out[index]
        if (item?.type === 'text') {
          const found = item.value.indexOf(':')
          if (found !== -1) colon = item.position.start.offset + found
        }
      }
      const prefix = colon === -1 ? '' : sourceOf(piece.outStart, nameEndIndex, nameStart, colon)
      const bare = prefix.replace(modifiers, '')
      const core = bare.trim()
      // Lower-casing never shortens a string, so a longer core is no hook.
      const hook =
        colon === -1 || core.length > site.longestHook ? '' : core.replace(/_/gu, ' ').toLowerCase()
      if (colon !== -1 && site.hooks.has(hook)) {
        type = 'parserFunction'
        nameSource = bare
        sourceStart = nameStart + prefix.length - bare.length
      } else {
        colon = -1
      }
    }
    const trimmed = nameSource.trim()
    // Looking a string up hashes all of it (up to 16 K characters): a deep nest's names are long.
    if (
      type === 'template' &&
      trimmed.length <= site.longestVariable &&
      site.variables.has(trimmed)
    )
      type = 'magicWord'
    let name: string
    if (asWritten && trimmed.length > 64) {
      const lead = sourceStart + nameSource.length - nameSource.trimStart().length
      name = spacedInput(context).slice(lead, lead + trimmed.length)
    } else {
      name = trimmed.includes('_') ? trimmed.replace(/_/gu, ' ') : trimmed
    }
    const nameNode: TemplateName = {
      type: 'templateName',
      children: clip(piece.outStart, nameEndIndex, nameStart, colon === -1 ? nameEnd : colon),
      position: position(nameStart, colon === -1 ? nameEnd : colon),
    }
    const children: Transclusion['children'] = [nameNode]
    let positional = 0
    if (colon !== -1) {
      const parameter: TemplateParameter = {
        type: 'templateParameter',
        delimiter: ':',
        name: null,
        index: ++positional,
        valuePosition: position(colon + 1, nameEnd),
        children: clip(piece.outStart, nameEndIndex, colon + 1, nameEnd),
        position: position(colon, nameEnd),
      }
      restructure(context, parameter, 0, 'block')
      children.push(parameter)
    }
    for (let part = 1; part < parts; part++) {
      const at3 = 3 * (part - 1)
      const first = partIndex[at3] as number
      const pipe = partIndex[at3 + 1] as number
      const equals = partIndex[at3 + 2] as number
      const last = part + 1 < parts ? (partIndex[at3 + 3] as number) - 1 : out.length
      const partEnd = part + 1 < parts ? (partIndex[at3 + 4] as number) : at
      const parameterChildren: Content[] = []
      let parameterName: string | null = null
      let valueStart = pipe + 1
      if (equals !== -1) {
        parameterName = sourceOf(first, last, pipe + 1, equals).trim()
        const nameNode: ParameterName = {
          type: 'parameterName',
          children: clip(first, last, pipe + 1, equals),
          position: position(pipe + 1, equals),
        }
        parameterChildren.push(nameNode)
        valueStart = equals + 1
      }
      const parameter: TemplateParameter = {
        type: 'templateParameter',
        delimiter: '|',
        name: parameterName,
        index: equals === -1 ? ++positional : null,
        valuePosition: position(valueStart, partEnd),
        children: clip(first, last, valueStart, partEnd, parameterChildren),
        position: position(pipe, partEnd),
      }
      restructure(context, parameter, parameterName === null ? 0 : 1, 'block')
      children.push(parameter)
    }
    const node: Transclusion = {
      type,
      name,
      modifier,
      children,
      position: position(start, end),
    }
    const left = piece.count - matched
    if (left >= 2) {
      piece.count = left
      out[piece.outStart - 1] = hole
      truncate(out, piece.outStart)
      out.push(node)
      piece.parts = null
      context.work++
      return
    }
    if (left === 1 && piece.dashed) {
      // MediaWiki joins the brace left over and the `-` before the run into a `-{`, which stays
      // open (hiding `|` and `}}` from what encloses it) until its `}-`.
      truncate(out, piece.outStart)
      out.push(node)
      const dash = piece.start - 1
      const before = out[piece.outStart - 2] as Text
      if (before.position.start.offset === dash) {
        out.splice(piece.outStart - 2, 1)
        piece.outStart--
      } else {
        out[piece.outStart - 2] = text(before.position.start.offset, dash)
      }
      out[piece.outStart - 1] = hole
      piece.kind = LANG
      piece.start = dash
      piece.parts = null
      piece.dashed = false
      context.work++
      return
    }
    if (left === 1) {
      out[piece.outStart - 1] = text(piece.start, piece.start + 1)
      truncate(out, piece.outStart)
    } else {
      truncate(out, piece.outStart - 1)
    }
    out.push(node)
    pop()
  }

  /**
   * Whether a link's text after its first `|` is empty once comments are gone: MediaWiki's link
   * pattern needs a character there, so `[[a|]]` (the pipe trick, which only saving expands) is
   * text. (A file link there takes its caption up to a later `]]` instead, which we do not.)
   */
  function nothingAfterPipe(piece: Piece, closer: number, plain: boolean): boolean {
    const from = piece.firstPipe + 1
    // A plain link's text is one range of the input; otherwise its items are all in `out`.
    if (plain) return from >= closer
    for (let index = piece.outStart; index < out.length; index++) {
      const item = out[index] as Content
      const start = item.position.start.offset
      const end = item.position.end.offset
      context.work++
      if (end <= from) continue
      if (item.type === 'comment') continue
      if (item.type !== 'text') return false
      if (Math.min(end, closer) > Math.max(start, from)) return false
    }
    return true
  }

  function closeLink(closer: number): number {
    const piece = top as Piece
    let at = closer
    // MediaWiki's handleInternalLinks2: a text holding `[` followed by `]]]` keeps one `]`, and
    // so does a text that would be empty, as its link pattern wants a character there
    // (`[[a|]]]` shows `]`).
    if (piece.firstPipe !== -1 && input.charCodeAt(at + 2) === 93 && at + 3 <= to) {
      const text = input.slice(piece.firstPipe, at)
      const onePending = pendingStart !== -1 && out.length === piece.outStart
      if (text.includes('[') || nothingAfterPipe(piece, at, onePending)) {
        appendText(at, at + 1)
        at++
      }
    }
    // Most links hold text only: one pending range, cut into target and parameters directly
    // rather than made into a text node first.
    const plain = pendingStart !== -1 && out.length === piece.outStart
    const contentStart = piece.start + 2
    if (plain) pendingStart = -1
    else flush()
    const targetEnd = piece.firstPipe === -1 ? at : piece.firstPipe
    let valid = true
    let targetSource = ''
    if (plain) {
      context.work++
      targetSource = input.slice(contentStart, targetEnd)
      valid = !invalidTarget.test(targetSource)
    }
    for (let index = piece.outStart; index < out.length && valid; index++) {
      const item = out[index]
      if (!item) break
      context.work++
      if (item.position.start.offset >= targetEnd) break
      if (item.type === 'text') {
        const value = input.slice(
          item.position.start.offset,
          Math.min(item.position.end.offset, targetEnd),
        )
        if (invalidTarget.test(value)) valid = false
        targetSource += value
      } else if (
        item.type === 'template' ||
        item.type === 'parserFunction' ||
        item.type === 'magicWord' ||
        item.type === 'templateArgument'
      ) {
        targetSource += input.slice(item.position.start.offset, item.position.end.offset)
      } else if (item.type !== 'comment') {
        valid = false
      }
    }
    const target = valid ? describeTarget(targetSource) : undefined
    if (
      !target ||
      oddBracketsBefore(piece.start) ||
      (piece.hasLink && target.kind !== 'file') ||
      startsWithProtocol(targetSource) ||
      (piece.firstPipe !== -1 && nothingAfterPipe(piece, at, plain))
    ) {
      // The text stays as it was: its own node, then the `]]`.
      if (plain) out.push(text(contentStart, at))
      appendText(at, at + 2)
      propagateLink(piece)
      return at + 2
    }
    let trail = ''
    if (target.kind === 'page' || target.kind === 'interwiki' || target.kind === 'media') {
      site.trail.lastIndex = at + 2
      const match = site.trail.exec(input)
      if (match && at + 2 + match[0].length <= to) trail = match[0]
    }
    const children: [LinkTarget, ...LinkParameter[]] = [
      {
        type: 'linkTarget',
        children: linkPart(plain, piece.outStart, contentStart, targetEnd),
        position: position(contentStart, targetEnd),
      },
    ]
    if (piece.firstPipe !== -1) {
      // Split the rest at each `|` in top-level text.
      const pipes: number[] = [piece.firstPipe]
      if (plain) {
        for (let offset = piece.firstPipe + 1; offset < at; offset++) {
          if (input.charCodeAt(offset) === 124) pipes.push(offset)
        }
      }
      for (let index = piece.outStart; index < out.length; index++) {
        const item = out[index]
        if (item?.type !== 'text') continue
        let found = item.value.indexOf('|')
        while (found !== -1) {
          const offset = item.position.start.offset + found
          if (offset > piece.firstPipe) pipes.push(offset)
          found = item.value.indexOf('|', found + 1)
        }
      }
      for (let index = 0; index < pipes.length; index++) {
        const pipe = pipes[index] ?? at
        const end = pipes[index + 1] ?? at
        const parameter: LinkParameter = {
          type: 'linkParameter',
          children: linkPart(plain, piece.outStart, pipe + 1, end),
          position: position(pipe, end),
        }
        // A link's text, a file's caption too, is inline: MediaWiki reads no line-start markup
        // in it, even after a line break (`[[a|b\n* c]]` shows `b * c`).
        restructure(context, parameter, 0, 'inline')
        children.push(parameter)
      }
    }
    const end = at + 2 + trail.length
    const node: InternalLink = {
      type: 'internalLink',
      target: target.target,
      namespace: target.namespace,
      fragment: target.fragment,
      kind: target.kind,
      trail,
      children,
      position: position(piece.start, end),
    }
    // Links in its caption closed first: kept in order by inserting.
    if (framesImage(node)) insertInOrder(context.blockLevelNodes, piece.start)
    truncate(out, piece.outStart - 1)
    out.push(node)
    piece.hasLink = true
    propagateLink(piece)
    return end
  }

  /**
   * Whether an odd number of `[` come right before a link's `[[`. MediaWiki's handleInternalLinks
   * splits the text at each `[[` from the left, so in a run of three the split falls before the
   * first two and the target starts with the third: `[[[p]]` is text, `[[[[p]]]]` holds a link.
   */
  function oddBracketsBefore(start: number): boolean {
    let at = start
    while (at > from && input.charCodeAt(at - 1) === 91) at--
    context.work += start - at
    return (start - at) % 2 === 1
  }

  /**
   * The children of a link's target or parameter in [from, end): cut from the link's one pending
   * text (`plain`), or clipped from its items.
   */
  function linkPart(plain: boolean, outStart: number, from: number, end: number): Content[] {
    if (!plain) return clip(outStart, out.length, from, end)
    return end > from ? [text(from, end)] : []
  }

  /** MediaWiki leaves `[[http://…]]` to the external-link pass: a target led by a protocol. */
  function startsWithProtocol(source: string): boolean {
    let start = 0
    while (source.charCodeAt(start) === 32) start++
    return protocolFits(context, source, start)
  }

  function describeTarget(
    source: string,
  ): Pick<InternalLink, 'target' | 'namespace' | 'fragment' | 'kind'> | undefined {
    let value = source.replace(/_/gu, ' ').trim()
    let leadingColon = false
    if (value.startsWith(':')) {
      leadingColon = true
      value = value.slice(1).trim()
    }
    let fragment: string | null = null
    const hash = value.indexOf('#')
    if (hash !== -1) {
      fragment = value.slice(hash + 1)
      value = value.slice(0, hash).trim()
    }
    if (value === '' && fragment === null) return undefined
    const colon = value.indexOf(':')
    if (colon !== -1) {
      const prefix = value.slice(0, colon).trim().replace(/ +/gu, ' ').toLowerCase()
      const namespace = site.namespaces.get(prefix)
      if (namespace) {
        let kind: InternalLink['kind'] = namespace.kind
        if (leadingColon && (kind === 'file' || kind === 'category')) kind = 'page'
        return { target: value, namespace: namespace.name, fragment, kind }
      }
      if (site.interwiki.has(prefix))
        return { target: value, namespace: '', fragment, kind: 'interwiki' }
    }
    return { target: value, namespace: '', fragment, kind: 'page' }
  }

  function closeHeading(lineEnd: number): void {
    flush()
    const piece = top as Piece
    const contentStart = piece.start + piece.count
    // Skip trailing comments and spaces/tabs, then count the closing `=` run. A comment never
    // closed runs to the end of the text: MediaWiki finds no closing run before it.
    let index = out.length - 1
    let runEnd = -1
    for (; index >= piece.outStart; index--) {
      const item = out[index]
      context.work++
      if (!item || (item.type === 'comment' && item.closed)) continue
      if (item.type !== 'text') break
      const value = item.value
      let kept = value.length
      while (kept > 0 && (value.charCodeAt(kept - 1) === 32 || value.charCodeAt(kept - 1) === 9)) {
        kept--
      }
      if (kept === 0) continue
      runEnd = item.position.start.offset + kept
      break
    }
    // A line ending in a node (`== a ==[[b]]`) has no closing run; one holding nothing after its
    // opening run but spaces and comments is all `=` (`====`).
    const endsInNode = runEnd === -1 && index >= piece.outStart
    if (runEnd === -1) runEnd = contentStart
    let runStart = runEnd
    while (runStart > contentStart && input.charCodeAt(runStart - 1) === 61) runStart--
    context.work += runEnd - runStart
    let level: number
    if (endsInNode) {
      level = 0
    } else if (runStart === contentStart && !hasNodeBefore(runStart)) {
      const total = piece.count + (runEnd - runStart)
      level = total < 3 ? 0 : Math.min(6, Math.floor((total - 1) / 2))
    } else {
      level = Math.min(runEnd - runStart, piece.count)
    }
    if (level > 0 && keepsLineBreak(context, out, piece.outStart)) {
      // A link or `-{ }-` closed on a later line carried the heading over (`== [[a|b\nc]] ==`):
      // the preprocessor counts its section, but MediaWiki's heading pass reads one line at a
      // time and renders none, so the section is missing from the page and its number skipped.
      if (piece.indexed) context.headingIndex++
      pop()
      return
    }
    if (level > 0) {
      const children: Content[] = []
      if (piece.count > level) children.push(text(piece.start + level, contentStart))
      const inner = Math.max(runEnd - level, contentStart)
      for (const item of clip(piece.outStart, out.length, contentStart, inner)) children.push(item)
      if (runEnd - level < contentStart && runEnd - level > piece.start + level) {
        // All `=`: the content is the middle of one run.
        children.length = 0
        children.push(text(piece.start + level, runEnd - level))
      }
      const node: Heading = {
        type: 'heading',
        depth: level as Heading['depth'],
        trail: input.slice(runEnd, lineEnd),
        sectionIndex: piece.indexed ? ++context.headingIndex : null,
        children,
        position: position(piece.start, lineEnd),
      }
      restructure(context, node, 0, 'inline')
      truncate(out, piece.outStart - 1)
      out.push(node)
      pop()
      return
    }
    // MediaWiki's later heading regex still renders `==a==\r` (no section index).
    const line = input.slice(piece.start, lineEnd)
    const loose =
      stack.length === 1 && /[\r\f\v]/u.test(line) ? /^(={1,6})(.+)\1(\s*)$/u.exec(line) : null
    const open = loose?.[1]
    const body = loose?.[2]
    if (
      open &&
      body !== undefined &&
      out.slice(piece.outStart).every((item) => item.type === 'text')
    ) {
      const node: Heading = {
        type: 'heading',
        depth: open.length as Heading['depth'],
        trail: loose[3] ?? '',
        sectionIndex: null,
        children: [text(piece.start + open.length, piece.start + open.length + body.length)],
        position: position(piece.start, lineEnd),
      }
      restructure(context, node, 0, 'inline')
      truncate(out, piece.outStart - 1)
      out.push(node)
      pop()
      return
    }
    pop()
  }

  /** Pops `piece`; a link among its items now sits directly in the enclosing link's text. */
  function propagateLink(piece: Piece): void {
    pop()
    const parent = lastOf(stack)
    if (piece.hasLink && parent?.kind === LINK) parent.hasLink = true
  }

  function hasNodeBefore(offset: number): boolean {
    const piece = top as Piece
    for (let index = piece.outStart; index < out.length; index++) {
      const item = out[index]
      if (!item || item.position.start.offset >= offset) return false
      if (item.type !== 'text') return true
    }
    return false
  }
}

/**
 * The input with each `_` a space, as names show it: made once per parse, so a name is a slice
 * of it rather than a copy made by replacing, whatever its length.
 */
function spacedInput(context: ParseContext): string {
  context.spacedInput ??= context.input.includes('_')
    ? context.input.replace(/_/gu, ' ')
    : context.input
  return context.spacedInput
}

/**
 * Drops the items from `length` on. Pops, not a `length` write: a closing construct drops a few
 * items, and the length setter leaves optimised code for a runtime call.
 */
function truncate(items: unknown[], length: number): void {
  while (items.length > length) items.pop()
}

/** Inserts `offset` into the sorted `offsets`. */
function insertInOrder(offsets: number[], offset: number): void {
  let at = offsets.length
  while (at > 0 && (offsets[at - 1] as number) > offset) at--
  offsets.splice(at, 0, offset)
}

function isInclusion(name: string): name is InclusionTag['name'] {
  return name === 'noinclude' || name === 'onlyinclude' || name === 'includeonly'
}
