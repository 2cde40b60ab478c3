/**
 * Pass 2 over the lines of one flow of content (a container, or a table cell's lines after its
 * first): lists by common prefix, horizontal rules, preformatted lines as MediaWiki's block pass
 * allows them among block-level HTML tags, and each line's inline structure. Each line's break is
 * written once the next line shows where it belongs.
 */
import { itemsOf, nextTrigger, writeBreak, type Body, type Line } from './body-lines.js'
import {
  blockTagsOf,
  CLOSES_BLOCK,
  ENTERS_BLOCKQUOTE,
  LEAVES_BLOCKQUOTE,
  OPENS_BLOCK,
} from './block-tags.js'
import { inline } from './inline.js'
import { makeText } from './make-text.js'
import { lastOf } from './last-of.js'
import { leadingSwitches } from './behavior-switches.js'
import type { ParseContext } from './preprocess.js'
import type { TextSink } from './text-sink.js'
import type {
  Content,
  HorizontalRule,
  List,
  ListItem,
  Parent,
  Preformatted,
  Table,
  TableCaption,
  TableCell,
  TableRow,
  Text,
} from './types.js'

/** A node whose children are written through a sink of their own. */
export type Wrapper = List | ListItem | Preformatted | Table | TableRow | TableCell | TableCaption

/** Opens a wrapper: its children are written through the sink it returns. */
export type Open = (node: Wrapper) => TextSink

/** Writes the lines of one flow (see the top of this file). */
export interface LineBlocks {
  /** Writes one line (not table markup) and keeps its break until the next line. */
  line(line: Line, leadStop: number): void
  /** A table line comes: the pending break goes to the flow, open lists and blocks end there. */
  interrupt(): void
  /**
   * A table closed on `line`: its break is pending, and MediaWiki's `</table>` lets the lines
   * after it be preformatted again.
   */
  tableClosed(line: Line): void
  /** Writes the pending break. */
  finish(): void
}

export function lineBlocks(
  context: ParseContext,
  body: Body,
  out: TextSink,
  open: Open,
): LineBlocks {
  const input = context.input
  // Open lists by depth; the item taking the line's content is the last entry's item.
  let lists: OpenList[] = []
  let previousPrefix = ''
  let pre: TextSink | null = null
  // The line whose break is not written yet.
  let pendingBreak: Line | null = null
  let breakTarget: TextSink = out
  // What the block tags of the lines so far allow (block-tags.ts).
  let inBlockElement = false
  let inBlockquote = false

  const writeLine = (whole: Line, leadStop: number): void => {
    // Line markup is read after the behaviour switches the line starts with; a rule is not.
    const switches = leadingSwitches(context, whole.start, leadStop)
    const afterSwitches = lastOf(switches)?.position.end.offset
    const line = afterSwitches === undefined ? whole : { ...whole, start: afterSwitches }
    const prefixLength = runOf(input, line.start, leadStop, listMarkers)
    const prefix = prefixLength === 0 ? '' : input.slice(line.start, line.start + prefixLength)
    const normalized = prefix.includes(';') ? prefix.replace(/;/gu, ':') : prefix
    const spaceLed = leadStop > line.start && input.charCodeAt(line.start) === 32
    const tags = prefix === '' ? blockTagsOf(context, body, line) : 0
    // The depth this line shares with the previous one, as MediaWiki counts it: the same prefix
    // (`;` read as `:`) is all shared, otherwise the raw prefix is compared with the previous
    // line's read one, so a `;` opens a new list wherever it differs.
    const common =
      prefix === ''
        ? 0
        : Math.min(
            normalized === previousPrefix
              ? normalized.length
              : sharedLength(prefix, previousPrefix),
            lists.length,
          )
    // Where the previous line's break goes depends on what this line opens or closes.
    if (prefix !== '' && lists.length > 0) {
      if (common === normalized.length) {
        if (common === lists.length) breakTarget = lastOf(lists)?.sink ?? out
        else breakTarget = lists[common - 1]?.sink ?? out
      } else if (common === lists.length) {
        breakTarget = lastOf(lists)?.sink ?? out
      } else {
        breakTarget = common === 0 ? out : (lists[common - 1]?.sink ?? out)
      }
    } else if (pre && spaceLed && prefix === '' && (tags & (OPENS_BLOCK | CLOSES_BLOCK)) === 0) {
      breakTarget = pre
    } else {
      breakTarget = out
    }
    if (pendingBreak) writeBreak(body, pendingBreak, breakTarget)
    pendingBreak = whole
    // Like the comments before a line's markup, the switches go with the break before it.
    if (switches.length > 0) breakTarget.nodes(switches)

    if (prefix !== '') {
      pre = null
      // Where the rest of the line starts, once terms have taken their part of it.
      let contentFrom = line.start + prefixLength
      const newItem = (depth: number, marker: string, at: number): OpenList['item'] => {
        const char = prefix[depth] as keyof typeof itemKinds
        return {
          type: 'listItem',
          marker,
          kind: itemKinds[char],
          children: [],
          position: context.pointer.position(at, at + marker.length),
        }
      }
      // The line's content with its inline structure, once a `;` asks where its term ends.
      let splits: TermSplits | null = null
      if (common === normalized.length) {
        // Same or shorter prefix: a sibling item at the last common depth.
        lists = lists.slice(0, common)
        const entry = lists[common - 1]
        if (entry) {
          entry.item = newItem(common - 1, prefix, line.start)
          entry.sink = open(entry.item)
          entry.list.children.push(entry.item)
          if (prefix.endsWith(';')) {
            splits = new TermSplits(context, body, line, contentFrom)
            contentFrom = splitTerm(context, splits, contentFrom, entry, open)
          }
        }
      } else {
        lists = lists.slice(0, common)
        // A line going deeper through a shared `:` ends an open term there, as MediaWiki does:
        // `; Term` then `:* item` puts the list in a description after the term.
        const shared = common === 0 ? undefined : lists[common - 1]
        if (shared && shared.item.kind === 'term' && prefix[common - 1] === ':') {
          shared.item = newItem(common - 1, '', line.start)
          shared.list.children.push(shared.item)
          shared.sink = open(shared.item)
        }
        // The line's prefix is the marker of the item its text starts in: the first whose term
        // is split off, or the deepest.
        let markerPlaced = false
        for (let depth = common; depth < prefix.length; depth++) {
          const char = prefix[depth] as keyof typeof listKinds
          const at = markerPlaced ? contentFrom : line.start
          const list: List = {
            type: 'list',
            kind: listKinds[char],
            children: [],
            position: context.pointer.position(at, at),
          }
          open(list)
          const parent = depth === 0 ? undefined : lists[depth - 1]
          if (parent) parent.sink.node(list)
          else out.node(list)
          // MediaWiki splits `;term:description` at each `;` it opens, outermost first.
          if (char === ';') splits ??= new TermSplits(context, body, line, contentFrom)
          const splitsHere = char === ';' && splits !== null && splits.next(contentFrom) !== -1
          const carries = !markerPlaced && (splitsHere || depth === prefix.length - 1)
          const item = newItem(depth, carries ? prefix : '', at)
          if (carries) markerPlaced = true
          list.children.push(item)
          const entry = { list, item, sink: open(item) }
          lists.push(entry)
          if (splitsHere && splits)
            contentFrom = splitTerm(context, splits, contentFrom, entry, open)
        }
      }
      previousPrefix = normalized
      const entry = lastOf(lists)
      if (!entry) return
      if (splits) entry.sink.nodes(splits.take(context, contentFrom, line.end))
      else emitInline(context, body, line, contentFrom, entry.sink)
      return
    }
    lists = []
    previousPrefix = ''
    if ((tags & ENTERS_BLOCKQUOTE) !== 0) inBlockquote = true
    else if ((tags & LEAVES_BLOCKQUOTE) !== 0) inBlockquote = false
    const dashes = runOf(input, whole.start, leadStop, dashChars)
    if (dashes >= 4 || (tags & (OPENS_BLOCK | CLOSES_BLOCK)) !== 0) {
      // A rule is MediaWiki's `<hr />`: a line holding a block tag, never preformatted.
      inBlockElement = dashes < 4 && (tags & CLOSES_BLOCK) === 0
      pre = null
    }
    if (dashes >= 4) {
      const rule: HorizontalRule = {
        type: 'horizontalRule',
        value: input.slice(line.start, line.start + dashes),
        position: context.pointer.position(line.start, line.start + dashes),
      }
      out.node(rule)
      emitInline(context, body, line, line.start + dashes, out)
      return
    }
    if (
      spaceLed &&
      (tags & (OPENS_BLOCK | CLOSES_BLOCK)) === 0 &&
      !inBlockElement &&
      !inBlockquote
    ) {
      if (pre || !isBlankLine(context, body, line)) {
        if (!pre) {
          const node: Preformatted = {
            type: 'preformatted',
            children: [],
            position: context.pointer.position(line.start, line.start),
          }
          pre = open(node)
          out.node(node)
        }
        emitInline(context, body, line, line.start, pre)
        return
      }
    }
    pre = null
    emitInline(context, body, line, line.start, out)
  }

  const finish = (): void => {
    if (pendingBreak) writeBreak(body, pendingBreak, out)
    pendingBreak = null
  }
  return {
    line: writeLine,
    interrupt() {
      finish()
      lists = []
      previousPrefix = ''
      pre = null
    },
    tableClosed(line) {
      pendingBreak = line
      inBlockElement = false
    },
    finish,
  }
}

/**
 * Writes the line from `from` on with its inline structure. A line whose texts hold no character
 * an inline construct starts with is written as it is, without making its items.
 */
export function emitInline(
  context: ParseContext,
  body: Body,
  line: Line,
  from: number,
  out: TextSink,
): void {
  const { items, starts, ends, texts } = body
  for (let index = line.first; index < line.last; index++) {
    // Texts before `from` (a list prefix, a term already written) hold nothing to search.
    if (texts[index] === 0 || (ends[index] as number) <= from) continue
    const start = Math.max(starts[index] as number, from)
    const trigger = nextTrigger(context, body, index, start)
    if (trigger !== -1 && trigger < line.end) {
      out.nodes(inline(context, itemsOf(context, body, line, from)))
      return
    }
  }
  for (let index = line.first; index < line.last; index++) {
    const itemStart = starts[index] as number
    const itemEnd = ends[index] as number
    if (texts[index] === 0) {
      if (itemStart >= from) out.node(items[index] as Content)
      continue
    }
    const start = Math.max(itemStart, from)
    const end = Math.min(itemEnd, line.end)
    if (start === itemStart && end === itemEnd) out.textNode(items[index] as Text)
    else out.text(start, end)
  }
}

/**
 * Whether the line holds only comments, behaviour switches and what PHP's `trim` removes:
 * MediaWiki makes a space-led line preformatted only when something is left once comments and
 * switches are gone.
 */
function isBlankLine(context: ParseContext, body: Body, line: Line): boolean {
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

// Line-start markup is read with character tables, not regex literals: a literal in the loop
// makes a RegExp object per line, and these runs are a few characters long. Tables rather than
// test functions keep `runOf` monomorphic.
const asciiSet = (chars: string): Uint8Array => {
  const table = new Uint8Array(128)
  for (const char of chars) table[char.charCodeAt(0)] = 1
  return table
}
export const indentChars: Uint8Array = asciiSet(' \t')
// What PCRE's `\s` matches within a line, and the colons that may indent a table.
export const lineSpaceChars: Uint8Array = asciiSet(' \t\r\f\v')
export const colonChars: Uint8Array = asciiSet(':')
// PHP's `trim` set, less the line break a line never holds.
const trimmed = asciiSet(' \t\r\0\v')
const dashChars = asciiSet('-')
const listMarkers = asciiSet('*#:;')

/** Length of the run of characters in `chars` in `input` from `from` up to `to`. */
export function runOf(input: string, from: number, to: number, chars: Uint8Array): number {
  let at = from
  while (at < to && chars[input.charCodeAt(at)] === 1) at++
  return at - from
}
const listKinds = { '*': 'bullet', '#': 'ordered', ';': 'definition', ':': 'definition' } as const
const itemKinds = { '*': 'bullet', '#': 'ordered', ';': 'term', ':': 'description' } as const

/** An open list with the item taking its content and that item's sink. */
interface OpenList {
  list: List
  item: ListItem
  sink: TextSink
}

/** How many leading characters `prefix` shares with `previous`. */
function sharedLength(prefix: string, previous: string): number {
  let shared = 0
  while (
    shared < prefix.length &&
    shared < previous.length &&
    prefix.charCodeAt(shared) === previous.charCodeAt(shared)
  )
    shared++
  return shared
}

/**
 * The `;term:description` splits of one line: its content after the prefix with its inline
 * structure, made once, and the `:`s where MediaWiki's `findColonNoLinks` would split it. That
 * runs on the line's HTML, after apostrophes, links and tags are made, and takes a `:` only
 * outside every element, every unclosed start tag (a close tag of any name ends one; `<x/>` is
 * none) and every `-{ }-`. Splits move forward only, so a line costs one pass however many `;`
 * it opens.
 */
class TermSplits {
  private readonly items: Content[]
  private readonly colons: number[] = []
  private item = 0
  private colon = 0

  constructor(context: ParseContext, body: Body, line: Line, from: number) {
    this.items = inline(context, itemsOf(context, body, line, from))
    const scan = { tags: 0, converter: 0 }
    // Elements are walked with a stack of their children, so nesting never reaches the call stack.
    const stack: { children: readonly Content[]; index: number; tag: boolean }[] = [
      { children: this.items, index: 0, tag: false },
    ]
    while (stack.length > 0) {
      const frame = lastOf(stack) as (typeof stack)[number]
      const item = frame.children[frame.index++]
      if (item === undefined) {
        stack.pop()
        if (frame.tag && scan.converter === 0 && scan.tags > 0) scan.tags--
        continue
      }
      context.work++
      if (item.type === 'text') {
        this.readText(context, item, scan, stack.length === 1)
      } else if (isElement(item)) {
        if (scan.converter === 0) scan.tags++
        stack.push({ children: (item as Parent).children, index: 0, tag: true })
      } else if (item.type === 'htmlTag' && scan.converter === 0) {
        if (item.kind === 'close') scan.tags = Math.max(0, scan.tags - 1)
        else if (!item.attributes.endsWith('/')) scan.tags++
      }
    }
  }

  /** Reads a text's `:`s (kept when outside every tag, at the line's top level) and `-{ }-`s. */
  private readText(
    context: ParseContext,
    text: Text,
    scan: { tags: number; converter: number },
    topLevel: boolean,
  ): void {
    const value = text.value
    const base = text.position.start.offset
    context.work += value.length
    for (let at = 0; at < value.length; at++) {
      const code = value.charCodeAt(at)
      if (code === 45 && value.charCodeAt(at + 1) === 123) {
        scan.converter++
        at++
      } else if (scan.converter > 0) {
        if (code === 125 && value.charCodeAt(at + 1) === 45) {
          scan.converter--
          at++
        }
      } else if (code === 58 && scan.tags === 0 && topLevel) {
        this.colons.push(base + at)
      }
    }
  }

  /** The first `:` at or after `from`, or -1. */
  next(from: number): number {
    while (this.colon < this.colons.length && (this.colons[this.colon] as number) < from) {
      this.colon++
    }
    return this.colons[this.colon] ?? -1
  }

  /**
   * The items in [from, to), texts cut to fit; nothing before `to` is read again. Only texts
   * are cut: a split lies outside every element.
   */
  take(context: ParseContext, from: number, to: number): Content[] {
    const taken: Content[] = []
    for (; this.item < this.items.length; this.item++) {
      const item = this.items[this.item] as Content
      const start = item.position.start.offset
      const end = item.position.end.offset
      if (start >= to) break
      context.work++
      if (end <= from) continue
      if (start >= from && end <= to) taken.push(item)
      else if (item.type === 'text')
        taken.push(makeText(context, Math.max(start, from), Math.min(end, to)))
      // A text running past `to` holds the next part too.
      if (end > to) break
    }
    return taken
  }
}

/** What MediaWiki has written as an element by the time its block pass reads a line. */
function isElement(item: Content): boolean {
  return (
    item.type === 'italic' ||
    item.type === 'bold' ||
    item.type === 'externalLink' ||
    (item.type === 'htmlTag' && item.kind === 'element')
  )
}

/**
 * `;term:description` at `entry`: the line's text from `from` up to the next top-level `:` goes
 * into the term, and a description item (marker `:`) follows it in the same list and takes the
 * entry over. Returns where the description's text starts, or `from` when there is no `:`.
 */
function splitTerm(
  context: ParseContext,
  splits: TermSplits,
  from: number,
  entry: OpenList,
  open: (node: Wrapper) => TextSink,
): number {
  const split = splits.next(from)
  if (split === -1) return from
  entry.sink.nodes(splits.take(context, from, split))
  const item: ListItem = {
    type: 'listItem',
    marker: ':',
    kind: 'description',
    children: [],
    position: context.pointer.position(split, split + 1),
  }
  entry.list.children.push(item)
  entry.item = item
  entry.sink = open(item)
  return split + 1
}
