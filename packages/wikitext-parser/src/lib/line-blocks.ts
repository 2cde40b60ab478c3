/**
 * Pass 2 over the lines of one flow of content (a container, or a table cell's lines after its
 * first): lists by common prefix (lists.ts), horizontal rules, preformatted lines as MediaWiki's
 * block pass allows them among block-level HTML tags (preformatted.ts), and each line's inline
 * structure. Each line's break is written once the next line shows where it belongs.
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
import { lastOf } from './last-of.js'
import { leadingSwitches } from './behavior-switches.js'
import { asciiSet, runOf } from './line-runs.js'
import {
  itemKinds,
  listKinds,
  listMarkers,
  sharedLength,
  splitTerm,
  termSplitsOf,
  type TermSplits,
  type OpenList,
} from './lists.js'
import { isBlankLine } from './preformatted.js'
import type { ParseContext } from './preprocess/types.js'
import type { TextSink } from './text-sink.js'
import type { Content, HorizontalRule, List, Preformatted, Text } from './types.js'
import type { Opener } from './wrappers.js'

/** The dashes of a horizontal rule. */
const dashChars = asciiSet('-')

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
  opener: Opener,
): LineBlocks {
  const flow: Flow = {
    context,
    body,
    out,
    opener,
    lists: [],
    previousPrefix: '',
    pre: null,
    pendingBreak: null,
    breakTarget: out,
    inBlockElement: false,
    inBlockquote: false,
    line,
    interrupt,
    tableClosed,
    finish,
  }
  return flow
}

/**
 * A flow's state, an object literal whose methods are functions of this module: closures made
 * per container would take their optimised code with them at each garbage collection.
 */
interface Flow extends LineBlocks {
  readonly context: ParseContext
  readonly body: Body
  readonly out: TextSink
  readonly opener: Opener
  /** Open lists by depth; the item taking the line's content is the last entry's item. */
  lists: OpenList[]
  previousPrefix: string
  pre: TextSink | null
  /** The line whose break is not written yet. */
  pendingBreak: Line | null
  breakTarget: TextSink
  /** What the block tags of the lines so far allow (block-tags.ts). */
  inBlockElement: boolean
  inBlockquote: boolean
}

function line(this: Flow, whole: Line, leadStop: number): void {
  writeLine(this, whole, leadStop)
}

function writeLine(flow: Flow, whole: Line, leadStop: number): void {
  const { context, body, out, opener } = flow
  const input = context.input
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
          normalized === flow.previousPrefix
            ? normalized.length
            : sharedLength(prefix, flow.previousPrefix),
          flow.lists.length,
        )
  // Where the previous line's break goes depends on what this line opens or closes.
  if (prefix !== '' && flow.lists.length > 0) {
    if (common === normalized.length) {
      if (common === flow.lists.length) flow.breakTarget = lastOf(flow.lists)?.sink ?? out
      else flow.breakTarget = flow.lists[common - 1]?.sink ?? out
    } else if (common === flow.lists.length) {
      flow.breakTarget = lastOf(flow.lists)?.sink ?? out
    } else {
      flow.breakTarget = common === 0 ? out : (flow.lists[common - 1]?.sink ?? out)
    }
  } else if (flow.pre && spaceLed && prefix === '' && (tags & (OPENS_BLOCK | CLOSES_BLOCK)) === 0) {
    flow.breakTarget = flow.pre
  } else {
    flow.breakTarget = out
  }
  if (flow.pendingBreak) writeBreak(body, flow.pendingBreak, flow.breakTarget)
  flow.pendingBreak = whole
  // Like the comments before a line's markup, the switches go with the break before it.
  if (switches.length > 0) flow.breakTarget.nodes(switches)

  if (prefix !== '') {
    flow.pre = null
    // Where the rest of the line starts, once terms have taken their part of it.
    let contentFrom = line.start + prefixLength
    // The line's content with its inline structure, once a `;` asks where its term ends.
    let splits: TermSplits | null = null
    if (common === normalized.length) {
      // Same or shorter prefix: a sibling item at the last common depth.
      flow.lists = flow.lists.slice(0, common)
      const entry = flow.lists[common - 1]
      if (entry) {
        entry.item = newItem(context, prefix, common - 1, prefix, line.start)
        entry.sink = opener.open(entry.item)
        entry.list.children.push(entry.item)
        if (prefix.endsWith(';')) {
          splits = termSplitsOf(context, body, line, contentFrom)
          contentFrom = splitTerm(context, splits, contentFrom, entry, opener)
        }
      }
    } else {
      flow.lists = flow.lists.slice(0, common)
      // A line going deeper through a shared `:` ends an open term there, as MediaWiki does:
      // `; Term` then `:* item` puts the list in a description after the term.
      const shared = common === 0 ? undefined : flow.lists[common - 1]
      if (shared && shared.item.kind === 'term' && prefix[common - 1] === ':') {
        shared.item = newItem(context, prefix, common - 1, '', line.start)
        shared.list.children.push(shared.item)
        shared.sink = opener.open(shared.item)
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
        opener.open(list)
        const parent = depth === 0 ? undefined : flow.lists[depth - 1]
        if (parent) parent.sink.node(list)
        else out.node(list)
        // MediaWiki splits `;term:description` at each `;` it opens, outermost first.
        if (char === ';') splits ??= termSplitsOf(context, body, line, contentFrom)
        const splitsHere = char === ';' && splits !== null && splits.next(contentFrom) !== -1
        const carries = !markerPlaced && (splitsHere || depth === prefix.length - 1)
        const item = newItem(context, prefix, depth, carries ? prefix : '', at)
        if (carries) markerPlaced = true
        list.children.push(item)
        const entry = { list, item, sink: opener.open(item) }
        flow.lists.push(entry)
        if (splitsHere && splits)
          contentFrom = splitTerm(context, splits, contentFrom, entry, opener)
      }
    }
    flow.previousPrefix = normalized
    const entry = lastOf(flow.lists)
    if (!entry) return
    if (splits) entry.sink.nodes(splits.take(context, contentFrom, line.end))
    else emitInline(context, body, line, contentFrom, entry.sink)
    return
  }
  flow.lists = []
  flow.previousPrefix = ''
  if ((tags & ENTERS_BLOCKQUOTE) !== 0) flow.inBlockquote = true
  else if ((tags & LEAVES_BLOCKQUOTE) !== 0) flow.inBlockquote = false
  const dashes = runOf(input, whole.start, leadStop, dashChars)
  if (dashes >= 4 || (tags & (OPENS_BLOCK | CLOSES_BLOCK)) !== 0) {
    // A rule is MediaWiki's `<hr />`: a line holding a block tag, never preformatted.
    flow.inBlockElement = dashes < 4 && (tags & CLOSES_BLOCK) === 0
    flow.pre = null
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
    !flow.inBlockElement &&
    !flow.inBlockquote
  ) {
    if (flow.pre || !isBlankLine(context, body, line)) {
      if (!flow.pre) {
        const node: Preformatted = {
          type: 'preformatted',
          children: [],
          position: context.pointer.position(line.start, line.start),
        }
        flow.pre = opener.open(node)
        out.node(node)
      }
      emitInline(context, body, line, line.start, flow.pre)
      return
    }
  }
  flow.pre = null
  emitInline(context, body, line, line.start, out)
}

function finish(this: Flow): void {
  if (this.pendingBreak) writeBreak(this.body, this.pendingBreak, this.out)
  this.pendingBreak = null
}

function interrupt(this: Flow): void {
  this.finish()
  this.lists = []
  this.previousPrefix = ''
  this.pre = null
}

function tableClosed(this: Flow, line: Line): void {
  this.pendingBreak = line
  this.inBlockElement = false
}

/** A list item of the kind `prefix[depth]` makes, its marker at `at`. */
function newItem(
  context: ParseContext,
  prefix: string,
  depth: number,
  marker: string,
  at: number,
): OpenList['item'] {
  const char = prefix[depth] as keyof typeof itemKinds
  return {
    type: 'listItem',
    marker,
    kind: itemKinds[char],
    children: [],
    position: context.pointer.position(at, at + marker.length),
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
