/**
 * Tables, line by line as MediaWiki's table pass reads them: `{|` (after colons, in description
 * lists), rows, cells and captions with their attributes, and `|}`. A cell's first line is
 * inline here; its later lines are a flow of their own (blocks.ts hands them to line-blocks.ts).
 */
import { itemsOf, type Body, type Line } from './body-lines.js'
import { cellSplitsIn } from './cell-splits.js'
import { inline } from './inline.js'
import { lastOf } from './last-of.js'
import { writeLinksAsText } from './link-as-text.js'
import type { LineBlocks } from './line-blocks.js'
import { colonChars, lineSpaceChars, runOf } from './line-runs.js'
import { makeText } from './make-text.js'
import type { ParseContext } from './preprocess/types.js'
import { createTextSink, type TextSink } from './text-sink.js'
import type {
  Content,
  List,
  ListItem,
  Table,
  TableAttributes,
  TableCaption,
  TableCell,
  TableRow,
} from './types.js'
import type { Opener } from './wrappers.js'

/** Whether the line's lead at `at` (after its indent) is table markup: `{|`, `|…` or `!…`. */
export function isTableMarkup(input: string, at: number, limit: number): boolean {
  if (at >= limit) return false
  const code = input.charCodeAt(at)
  return code === 124 || code === 33 || tableOpenAt(input, at, limit) !== -1
}

/**
 * Where the `{|` of a table starting at `at` is, or -1: MediaWiki's `^(:*)\s*\{\|` on the
 * trimmed line, so colons may indent a table (`:{|` is a table in a description list).
 */
export function tableOpenAt(input: string, at: number, limit: number): number {
  const colons = runOf(input, at, limit, colonChars)
  const open = colons === 0 ? at : at + colons + runOf(input, at + colons, limit, lineSpaceChars)
  return startsWithAt(input, '{|', open, limit) ? open : -1
}

/** Whether `input` holds `search` at `at`, entirely before `limit`. */
function startsWithAt(input: string, search: string, at: number, limit: number): boolean {
  return at + search.length <= limit && input.startsWith(search, at)
}

export interface TableState {
  table: Table
  /** Where the table was written, and the rest of its `|}` line goes. */
  container: TextSink
  tableSink: TextSink
  row: TableRow | null
  rowSink: TextSink | null
  cellSink: TextSink | null
  /** The lines of the open cell (or caption) after its first, once there are any. */
  cellFlow: LineBlocks | null
}

/** Where content goes inside the innermost open table. */
export function innermost(tables: readonly TableState[], out: TextSink): TextSink {
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
  const sink = createTextSink(context, node.children)
  writeLinksAsText(sink, itemsBetween(context, items, from, to))
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

/**
 * One line of table markup (or another line where no cell is open). Returns true when the line
 * closed a table. A cell's first line is inline; its later lines are its own flow (block()).
 */
export function tableLine(
  context: ParseContext,
  body: Body,
  line: Line,
  leadStop: number,
  indent: number,
  tables: TableState[],
  out: TextSink,
  opener: Opener,
  minimumEnd: Map<Content, number>,
): boolean {
  const items = itemsOf(context, body, line, line.start)
  const lead = context.input.slice(line.start, leadStop)
  const markStart = line.start + indent
  const pointer = context.pointer
  const addIndent = (target: TextSink): void => {
    if (indent > 0) target.text(line.start, markStart)
  }
  const tableOpen = tableOpenAt(context.input, markStart, leadStop)
  if (tableOpen !== -1) {
    const target = innermost(tables, out)
    addIndent(target)
    const container = indentedTableItem(context, markStart, tableOpen, target, opener)
    const table: Table = {
      type: 'table',
      attributes: sourceFrom(context, items, tableOpen + 2),
      closed: false,
      children: [],
      position: pointer.position(tableOpen, tableOpen + 2),
    }
    minimumEnd.set(table, Math.max(tableOpen + 2, lastOf(items)?.position.end.offset ?? 0))
    const tableSink = opener.open(table)
    if (table.attributes !== '') {
      tableSink.node(attributesNode(context, items, tableOpen + 2, lineEndOf(items), ''))
    }
    container.node(table)
    tables.push({
      table,
      container,
      tableSink,
      row: null,
      rowSink: null,
      cellSink: null,
      cellFlow: null,
    })
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
    state.container.nodes(inline(context, itemsFrom(context, items, markStart + 2)))
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
      position: pointer.position(markStart, markEnd),
    }
    minimumEnd.set(row, Math.max(markEnd, lastOf(items)?.position.end.offset ?? 0))
    const rowSink = opener.open(row)
    if (row.attributes !== '') {
      rowSink.node(attributesNode(context, items, markEnd, lineEndOf(items), ''))
    }
    state.tableSink.node(row)
    state.row = row
    state.rowSink = rowSink
    state.cellSink = null
    state.cellFlow = null
    return false
  }
  const first = lead.charAt(indent)
  if (two === '|+' || first === '|' || first === '!') {
    const caption = two === '|+'
    const header = first === '!'
    // A caption goes in the table, after the open row: cells after it start a row of their own,
    // so the tree keeps the source's order (MediaWiki's HTML cleanup moves such a caption out).
    if (caption) {
      state.row = null
      state.rowSink = null
    }
    // An implied row starts at the marker, so the indent before it goes to the table.
    addIndent(state.rowSink ?? state.tableSink)
    const target = caption ? state.tableSink : ensureRow(context, state, markStart, opener)
    const markerLength = caption ? 2 : 1
    const { separators, bangBars } = caption
      ? { separators: [], bangBars: [] }
      : cellSplitsIn(items, markStart + 1, header)
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
      // `attributes|content`: the first lone `|` of top-level text, or a `!` read as one (which
      // only ever starts the content).
      let attributes: string | null = null
      let attributesChild: TableAttributes | null = null
      const bangBar = bangBars.includes(contentStart)
      const lone = bangBar ? contentStart : loneBar(content)
      if (lone !== -1) {
        attributes = context.input.slice(contentStart, lone)
        attributesChild = attributesNode(context, content, contentStart, lone, bangBar ? '!' : '|')
        content = itemsBetween(context, content, lone + 1, end)
      }
      const cell: TableCell | TableCaption = caption
        ? {
            type: 'tableCaption',
            marker,
            attributes,
            children: [],
            position: pointer.position(start, contentStart),
          }
        : {
            type: 'tableCell',
            marker,
            attributes,
            header,
            children: [],
            position: pointer.position(start, contentStart),
          }
      minimumEnd.set(cell, lone === -1 ? contentStart : lone + 1)
      const cellSink = opener.open(cell)
      if (attributesChild) cellSink.node(attributesChild)
      cellSink.nodes(inline(context, content))
      target.node(cell)
      state.cellSink = cellSink
      state.cellFlow = null
    }
    return false
  }
  // Any other line continues the innermost cell (or row, or table).
  innermost(tables, out).nodes(inline(context, items))
  return false
}

/**
 * Where a table opened at `tableOpen` goes: `target` itself, or for each colon before it
 * (`::{|`) a description list and item, as MediaWiki writes `<dl><dd>` before the `<table>`.
 * The deepest item carries the colons as its marker, and the spaces before `{|`.
 */
function indentedTableItem(
  context: ParseContext,
  markStart: number,
  tableOpen: number,
  target: TextSink,
  opener: Opener,
): TextSink {
  const colons = runOf(context.input, markStart, tableOpen, colonChars)
  let container = target
  for (let depth = 0; depth < colons; depth++) {
    const deepest = depth === colons - 1
    const list: List = {
      type: 'list',
      kind: 'definition',
      children: [],
      position: context.pointer.position(markStart, markStart),
    }
    opener.open(list)
    container.node(list)
    const item: ListItem = {
      type: 'listItem',
      marker: deepest ? context.input.slice(markStart, markStart + colons) : '',
      kind: 'description',
      children: [],
      position: context.pointer.position(markStart, deepest ? markStart + colons : markStart),
    }
    list.children.push(item)
    container = opener.open(item)
  }
  if (colons > 0) container.text(markStart + colons, tableOpen)
  return container
}

/** The row cells go into: the open one, or an implied one (marker `''`). */
function ensureRow(context: ParseContext, state: TableState, at: number, opener: Opener): TextSink {
  if (!state.row || !state.rowSink) {
    const row: TableRow = {
      type: 'tableRow',
      marker: '',
      attributes: null,
      children: [],
      position: context.pointer.position(at, at),
    }
    const rowSink = opener.open(row)
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
