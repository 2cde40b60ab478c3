/**
 * Pass 2 over every container of the pass-1 tree: block structure (lists, `preformatted`,
 * horizontal rules, tables) by line, then inline structure per line. Pass 1 hands each container
 * over as it closes it (`restructure`), one at a time from its own loop, so neither nesting depth
 * nor pass 2 ever reaches the call stack, and pass 2 never runs inside itself (which lets bodies
 * share their buffers, see body-lines.ts).
 */
import {
  bodyOf,
  itemsOf,
  leadEnd,
  linesOf,
  nextTrigger,
  type Body,
  type Line,
} from './body-lines.js'
import { pairBlockElements } from './block-elements.js'
import {
  blockTagsOf,
  CLOSES_BLOCK,
  ENTERS_BLOCKQUOTE,
  LEAVES_BLOCKQUOTE,
  OPENS_BLOCK,
} from './block-tags.js'
import { inline, makeText, nextInlineTrigger } from './inline.js'
import { lastOf } from './last-of.js'
import type { ParseContext } from './preprocess.js'
import { TextSink } from './text-sink.js'
import type {
  Content,
  Redirect,
  Table,
  TableAttributes,
  TableCaption,
  TableCell,
  TableRow,
  HorizontalRule,
  List,
  ListItem,
  Preformatted,
  Root,
  Text,
} from './types.js'

/** Characters that can start block markup at the start of a container. */
const blockStart = /^[*#:;\s{|!-]/u

/**
 * Pass 2 over the whole tree: every other container was restructured as pass 1 closed it, while
 * its children were fresh; the root's turn comes last, after the redirect.
 */
export function blocks(context: ParseContext, tree: Root): void {
  redirect(context, tree)
  restructure(context, tree, 0, 'block')
}

/** Block (or, for headings, inline) structure of a node's children from `from` on. */
export function restructure(
  context: ParseContext,
  node: { children: Content[] },
  from: number,
  mode: 'block' | 'inline',
): void {
  context.work++
  const only = node.children[from]
  // A lone one-line text with nothing that could start a construct stays as it is (line-start
  // markup only counts in block mode: a heading's ` Title ` is inline).
  if (
    node.children.length === from + 1 &&
    only?.type === 'text' &&
    !only.value.includes('\n') &&
    (mode === 'inline' || !blockStart.test(only.value)) &&
    !hasInlineTrigger(context, only.value)
  ) {
    return
  }
  const children = from === 0 ? [] : node.children.slice(0, from)
  const body = bodyOf(context, from === 0 ? node.children : node.children.slice(from))
  const out = new TextSink(context, children)
  context.unpairedBlockTag = false
  if (mode === 'block') block(context, body, out)
  else inlineAll(context, body, out)
  out.flush()
  node.children =
    mode === 'block' && context.unpairedBlockTag ? pairBlockElements(context, children) : children
}

/** Inline structure line by line, with the breaks kept between lines. */
function inlineAll(context: ParseContext, body: Body, out: TextSink): void {
  for (const line of linesOf(context, body)) {
    emitInline(context, body, line, line.start, out)
    if (line.newline) out.text(line.end, line.end + 1)
  }
}

/** Whether an inline step could change a text. */
function hasInlineTrigger(context: ParseContext, value: string): boolean {
  return nextInlineTrigger(context, value, 0) !== -1
}

/**
 * Writes the line from `from` on with its inline structure. A line whose texts hold no character
 * an inline construct starts with is written as it is, without making its items.
 */
function emitInline(
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

/** Number of items with characters in the line. */
function itemCount(body: Body, line: Line): number {
  let count = 0
  for (let index = line.first; index < line.last; index++) {
    if (body.texts[index] === 0) count++
    else if (
      Math.min(body.ends[index] as number, line.end) >
      Math.max(body.starts[index] as number, line.start)
    )
      count++
  }
  return count
}

// Line-start markup is read with character tables, not regex literals: a literal in the loop
// makes a RegExp object per line, and these runs are a few characters long. Tables rather than
// test functions keep `runOf` monomorphic.
const asciiSet = (chars: string): Uint8Array => {
  const table = new Uint8Array(128)
  for (const char of chars) table[char.charCodeAt(0)] = 1
  return table
}
const indentChars = asciiSet(' \t')
const spaceChars = asciiSet(' ')
const dashChars = asciiSet('-')
const listMarkers = asciiSet('*#:;')

/** Length of the run of characters in `chars` in `input` from `from` up to `to`. */
function runOf(input: string, from: number, to: number, chars: Uint8Array): number {
  let at = from
  while (at < to && chars[input.charCodeAt(at)] === 1) at++
  return at - from
}
const listKinds = { '*': 'bullet', '#': 'ordered', ';': 'definition', ':': 'definition' } as const
const itemKinds = { '*': 'bullet', '#': 'ordered', ';': 'term', ':': 'description' } as const

/** A wrapper with the sink its children are written through. */
interface Opened {
  node: Wrapper
  sink: TextSink
}

function block(context: ParseContext, body: Body, out: TextSink): void {
  const input = context.input
  const lines = linesOf(context, body)
  // Open lists by depth; the item taking the line's content is the last entry's item.
  let lists: OpenList[] = []
  let previousPrefix = ''
  let pre: TextSink | null = null
  // Wrappers get their end once their children are known, innermost first.
  const wrappers: Opened[] = []
  let pendingBreak = -1
  let breakTarget: TextSink = out

  const open = (node: Wrapper): TextSink => {
    const sink = new TextSink(context, node.children)
    wrappers.push({ node, sink })
    return sink
  }

  // Open tables, innermost last, with the row and cell (or caption) taking content.
  const tables: TableState[] = []
  // Least end of wrappers whose closing markup is not a child (`|}`, a row's marker).
  const minimumEnd = new Map<Content, number>()
  // What the block tags of the lines so far allow (block-tags.ts).
  let inBlockElement = false
  let inBlockquote = false

  for (const line of lines) {
    const leadStop = leadEnd(body, line)
    const indent = runOf(input, line.start, leadStop, indentChars)
    if (tables.length > 0 || startsWithAt(input, '{|', line.start + indent, leadStop)) {
      if (pendingBreak !== -1) out.text(pendingBreak, pendingBreak + 1)
      pendingBreak = -1
      lists = []
      previousPrefix = ''
      pre = null
      const closed = tableLine(context, body, line, leadStop, indent, tables, out, open, minimumEnd)
      // A line that closes the outermost table leaves its break to the container.
      if (closed && tables.length === 0) {
        pendingBreak = line.newline ? line.end : -1
        // MediaWiki's `</table>` lets the lines after it be preformatted again.
        inBlockElement = false
      } else if (line.newline) innermost(tables, out).text(line.end, line.end + 1)
      continue
    }
    const prefixLength = runOf(input, line.start, leadStop, listMarkers)
    const prefix = prefixLength === 0 ? '' : input.slice(line.start, line.start + prefixLength)
    const normalized = prefix.includes(';') ? prefix.replace(/;/gu, ':') : prefix
    const spaceLed = leadStop > line.start && input.charCodeAt(line.start) === 32
    const tags = prefix === '' ? blockTagsOf(context, body, line, line.start) : 0
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
    if (pendingBreak !== -1) breakTarget.text(pendingBreak, pendingBreak + 1)
    pendingBreak = line.newline ? line.end : -1

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
      if (common === normalized.length) {
        // Same or shorter prefix: a sibling item at the last common depth.
        lists = lists.slice(0, common)
        const entry = lists[common - 1]
        if (entry) {
          entry.item = newItem(common - 1, prefix, line.start)
          entry.sink = open(entry.item)
          entry.list.children.push(entry.item)
          if (prefix.endsWith(';')) {
            const splits = new TermSplits(context, body, line, contentFrom)
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
        let splits: TermSplits | null = null
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
      if (!entry) continue
      emitInline(context, body, line, contentFrom, entry.sink)
      continue
    }
    lists = []
    previousPrefix = ''
    if ((tags & ENTERS_BLOCKQUOTE) !== 0) inBlockquote = true
    else if ((tags & LEAVES_BLOCKQUOTE) !== 0) inBlockquote = false
    const dashes = runOf(input, line.start, leadStop, dashChars)
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
      continue
    }
    if (
      spaceLed &&
      (tags & (OPENS_BLOCK | CLOSES_BLOCK)) === 0 &&
      !inBlockElement &&
      !inBlockquote
    ) {
      const spaceOnly =
        runOf(input, line.start, leadStop, spaceChars) === leadStop - line.start &&
        itemCount(body, line) === 1
      if (!spaceOnly || pre) {
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
        continue
      }
    }
    pre = null
    emitInline(context, body, line, line.start, out)
  }
  if (pendingBreak !== -1) out.text(pendingBreak, pendingBreak + 1)
  for (let index = wrappers.length - 1; index >= 0; index--) {
    const { node, sink } = wrappers[index] as Opened
    sink.flush()
    const last = lastOf(node.children)
    const end = Math.max(
      last?.position.end.offset ?? 0,
      minimumEnd.get(node) ?? 0,
      node.position.end.offset,
    )
    if (end !== node.position.end.offset) {
      node.position = context.pointer.position(node.position.start.offset, end)
    }
  }
}

/** Whether `input` holds `search` at `at`, entirely before `limit`. */
function startsWithAt(input: string, search: string, at: number, limit: number): boolean {
  return at + search.length <= limit && input.startsWith(search, at)
}

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
 * The `;term:description` splits of one line: its items after the prefix, read once, and the
 * `:`s of their top-level text. Splits move forward only, so a line costs one pass however many
 * `;` it opens.
 */
class TermSplits {
  private readonly items: Content[]
  private readonly colons: number[] = []
  private item = 0
  private colon = 0

  constructor(context: ParseContext, body: Body, line: Line, from: number) {
    this.items = itemsOf(context, body, line, from)
    for (const item of this.items) {
      if (item.type !== 'text') continue
      const base = item.position.start.offset
      for (let at = item.value.indexOf(':'); at !== -1; at = item.value.indexOf(':', at + 1)) {
        this.colons.push(base + at)
      }
      context.work += item.value.length
    }
  }

  /** The first `:` at or after `from`, or -1. */
  next(from: number): number {
    while (this.colon < this.colons.length && (this.colons[this.colon] as number) < from) {
      this.colon++
    }
    return this.colons[this.colon] ?? -1
  }

  /** The items in [from, to), texts cut to fit; nothing before `to` is read again. */
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
  entry.sink.nodes(inline(context, splits.take(context, from, split)))
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

type Wrapper = List | ListItem | Preformatted | Table | TableRow | TableCell | TableCaption

interface TableState {
  table: Table
  tableSink: TextSink
  row: TableRow | null
  rowSink: TextSink | null
  cellSink: TextSink | null
}

/** Where content goes inside the innermost open table. */
function innermost(tables: readonly TableState[], out: TextSink): TextSink {
  const state = lastOf(tables)
  if (!state) return out
  return state.cellSink ?? state.rowSink ?? state.tableSink
}

/** The source of items from `from` on (texts cut there), as a string. */
function sourceFrom(context: ParseContext, items: readonly Content[], from: number): string {
  const end = lineEndOf(items)
  return end > from ? context.input.slice(from, end) : ''
}

/** Where the line's last item ends (0 for none). */
function lineEndOf(items: readonly Content[]): number {
  return lastOf(items)?.position.end.offset ?? 0
}

/**
 * The items in [from, to) as a table part's attributes, adjacent texts joined; a cell's or
 * caption's `|` after them (`delimiter`) is part of the node.
 */
function attributesNode(
  context: ParseContext,
  items: readonly Content[],
  from: number,
  to: number,
  delimiter: TableAttributes['delimiter'],
): TableAttributes {
  const node: TableAttributes = {
    type: 'tableAttributes',
    delimiter,
    children: [],
    position: context.pointer.position(from, to + delimiter.length),
  }
  const sink = new TextSink(context, node.children)
  sink.nodes(itemsBetween(context, items, from, to))
  sink.flush()
  return node
}

/** Items from offset `from` on, texts cut there. */
function itemsFrom(context: ParseContext, items: readonly Content[], from: number): Content[] {
  const result: Content[] = []
  for (const item of items) {
    const { start, end } = { start: item.position.start.offset, end: item.position.end.offset }
    if (start >= from) result.push(item)
    else if (item.type === 'text' && end > from) result.push(makeText(context, from, end))
  }
  return result
}

/** Items in [from, to), texts cut to fit; nodes straddling an edge stay out. */
function itemsBetween(
  context: ParseContext,
  items: readonly Content[],
  from: number,
  to: number,
): Content[] {
  const result: Content[] = []
  for (const item of items) {
    const start = item.position.start.offset
    const end = item.position.end.offset
    if (start >= from && end <= to) {
      if (end > start || item.type !== 'text') result.push(item)
    } else if (item.type === 'text' && end > from && start < to && from < to) {
      result.push(makeText(context, Math.max(start, from), Math.min(end, to)))
    }
  }
  return result
}

/** Offsets of `||` (and, in header rows, `!!`) in top-level text of items, from `from` on. */
function separatorsIn(items: readonly Content[], from: number, header: boolean): number[] {
  const found: number[] = []
  for (const item of items) {
    if (item.type !== 'text' || item.position.end.offset <= from) continue
    const base = item.position.start.offset
    const value = item.value
    let at = Math.max(from - base, 0)
    while (at < value.length - 1) {
      const code = value.charCodeAt(at)
      if ((code === 124 || (header && code === 33)) && value.charCodeAt(at + 1) === code) {
        found.push(base + at)
        at += 2
      } else at++
    }
  }
  return found
}

/**
 * One line inside (or opening) a table. Returns true when the line closed a table. Tables hold
 * inline content only: lists and preformatted lines inside cells stay text.
 */
function tableLine(
  context: ParseContext,
  body: Body,
  line: Line,
  leadStop: number,
  indent: number,
  tables: TableState[],
  out: TextSink,
  open: (node: Wrapper) => TextSink,
  minimumEnd: Map<Content, number>,
): boolean {
  const items = itemsOf(context, body, line, line.start)
  const lead = context.input.slice(line.start, leadStop)
  const markStart = line.start + indent
  const position = context.pointer.position
  const addIndent = (target: TextSink): void => {
    if (indent > 0) target.text(line.start, markStart)
  }
  if (lead.startsWith('{|', indent)) {
    const target = innermost(tables, out)
    addIndent(target)
    const table: Table = {
      type: 'table',
      attributes: sourceFrom(context, items, markStart + 2),
      closed: false,
      children: [],
      position: position(markStart, markStart + 2),
    }
    minimumEnd.set(table, Math.max(markStart + 2, lastOf(items)?.position.end.offset ?? 0))
    const tableSink = open(table)
    if (table.attributes !== '') {
      tableSink.node(attributesNode(context, items, markStart + 2, lineEndOf(items), ''))
    }
    target.node(table)
    tables.push({ table, tableSink, row: null, rowSink: null, cellSink: null })
    return false
  }
  const state = lastOf(tables) as TableState
  const two = lead.slice(indent, indent + 2)
  if (two === '|}') {
    addIndent(state.rowSink ?? state.tableSink)
    state.table.closed = true
    minimumEnd.set(state.table, markStart + 2)
    tables.pop()
    // The rest of the line belongs to the table's container.
    innermost(tables, out).nodes(inline(context, itemsFrom(context, items, markStart + 2)))
    return true
  }
  if (two === '|-') {
    addIndent(state.tableSink)
    let markEnd = markStart + 2
    while (context.input.charCodeAt(markEnd) === 45) markEnd++
    const row: TableRow = {
      type: 'tableRow',
      marker: context.input.slice(markStart, markEnd),
      attributes: sourceFrom(context, items, markEnd),
      children: [],
      position: position(markStart, markEnd),
    }
    minimumEnd.set(row, Math.max(markEnd, lastOf(items)?.position.end.offset ?? 0))
    const rowSink = open(row)
    if (row.attributes !== '') {
      rowSink.node(attributesNode(context, items, markEnd, lineEndOf(items), ''))
    }
    state.tableSink.node(row)
    state.row = row
    state.rowSink = rowSink
    state.cellSink = null
    return false
  }
  const first = lead.charAt(indent)
  if (two === '|+' || first === '|' || first === '!') {
    const caption = two === '|+'
    const header = first === '!'
    const target = caption ? state.tableSink : ensureRow(context, state, markStart, open)
    addIndent(target)
    const markerLength = caption ? 2 : 1
    const separators = caption ? [] : separatorsIn(items, markStart + 1, header)
    const lineEnd = lastOf(items)?.position.end.offset ?? markStart + markerLength
    const starts = [markStart, ...separators]
    for (let index = 0; index < starts.length; index++) {
      const start = starts[index] as number
      const marker =
        index === 0
          ? context.input.slice(markStart, markStart + markerLength)
          : context.input.slice(start, start + 2)
      const contentStart = start + marker.length
      const end = starts[index + 1] ?? lineEnd
      let content = itemsBetween(context, items, contentStart, end)
      // `attributes|content`: the first lone `|` of top-level text.
      let attributes: string | null = null
      let attributesChild: TableAttributes | null = null
      const lone = loneBar(content)
      if (lone !== -1) {
        attributes = context.input.slice(contentStart, lone)
        attributesChild = attributesNode(context, content, contentStart, lone, '|')
        content = itemsBetween(context, content, lone + 1, end)
      }
      const cell: TableCell | TableCaption = caption
        ? {
            type: 'tableCaption',
            marker,
            attributes,
            children: [],
            position: position(start, contentStart),
          }
        : {
            type: 'tableCell',
            marker,
            attributes,
            header,
            children: [],
            position: position(start, contentStart),
          }
      minimumEnd.set(cell, lone === -1 ? contentStart : lone + 1)
      const cellSink = open(cell)
      if (attributesChild) cellSink.node(attributesChild)
      cellSink.nodes(inline(context, content))
      target.node(cell)
      state.cellSink = cellSink
    }
    return false
  }
  // Any other line continues the innermost cell (or row, or table).
  innermost(tables, out).nodes(inline(context, items))
  return false
}

/** The row cells go into: the open one, or an implied one (marker `''`). */
function ensureRow(
  context: ParseContext,
  state: TableState,
  at: number,
  open: (node: Wrapper) => TextSink,
): TextSink {
  if (!state.row || !state.rowSink) {
    const row: TableRow = {
      type: 'tableRow',
      marker: '',
      attributes: null,
      children: [],
      position: context.pointer.position(at, at),
    }
    const rowSink = open(row)
    state.tableSink.node(row)
    state.row = row
    state.rowSink = rowSink
  }
  return state.rowSink
}

/** Offset of the first lone `|` in top-level text, or -1 (also when `[[` or `-{` comes before it). */
function loneBar(items: readonly Content[]): number {
  for (const item of items) {
    // MediaWiki splits a cell at its first `|` and takes no attributes when what comes before
    // holds `[[` or `-{` (T2553, T153140), so a link before the bar means none.
    if (item.type === 'internalLink') return -1
    if (item.type !== 'text') continue
    for (let at = item.value.indexOf('|'); at !== -1; at = item.value.indexOf('|', at + 1)) {
      if (item.value.charAt(at + 1) !== '|') {
        const before = item.value.slice(0, at)
        return before.includes('[[') || before.includes('-{') ? -1 : item.position.start.offset + at
      }
      at++
    }
    if (item.value.includes('[[') || item.value.includes('-{')) return -1
  }
  return -1
}

/** `#REDIRECT [[target]]` at the start of the page becomes a `redirect` node. */
function redirect(context: ParseContext, tree: Root): void {
  const [first, link] = tree.children
  if (first?.type !== 'text' || link?.type !== 'internalLink') return
  const lead = /^\s*/u.exec(first.value)?.[0] ?? ''
  const rest = first.value.slice(lead.length)
  const word = context.site.redirects.find(
    (candidate) => rest.slice(0, candidate.length).toLowerCase() === candidate.toLowerCase(),
  )
  if (word === undefined) return
  const between = rest.slice(word.length)
  if (!/^\s*:?\s*$/u.test(between)) return
  const start = first.position.start.offset + lead.length
  const wordEnd = start + word.length
  const children: Content[] = []
  if (between !== '') children.push(makeText(context, wordEnd, first.position.end.offset))
  children.push(link)
  const node: Redirect = {
    type: 'redirect',
    value: context.input.slice(start, wordEnd),
    children,
    position: context.pointer.position(start, link.position.end.offset),
  }
  tree.children.splice(
    0,
    2,
    ...(lead === '' ? [] : [makeText(context, first.position.start.offset, start)]),
    node,
  )
}
