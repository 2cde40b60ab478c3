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
  TermSplits,
  type OpenList,
} from './lists.js'
import { isBlankLine } from './preformatted.js'
import type { ParseContext } from './preprocess.js'
import type { TextSink } from './text-sink.js'
import type { Content, HorizontalRule, List, Preformatted, Text } from './types.js'
import type { Open } from './wrappers.js'

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
