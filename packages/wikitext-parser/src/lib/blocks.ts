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
  writeBreak,
  writeLead,
  type Body,
  type Line,
} from './body-lines.js'
import { pairBlockElements } from './block-elements.js'
import { cellSplitsIn } from './cell-splits.js'
import { inline, nextInlineTrigger } from './inline.js'
import { writeLinksAsText } from './link-as-text.js'
import { makeText } from './make-text.js'
import { lastOf } from './last-of.js'
import {
  colonChars,
  emitInline,
  indentChars,
  lineSpaceChars,
  lineBlocks,
  runOf,
  type LineBlocks,
  type Open,
  type Wrapper,
} from './line-blocks.js'
import type { ParseContext } from './preprocess.js'
import { TextSink } from './text-sink.js'
import type {
  Content,
  List,
  ListItem,
  Redirect,
  Root,
  Table,
  TableAttributes,
  TableCaption,
  TableCell,
  TableRow,
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
  const lines = linesOf(context, body)
  writeLead(body, lines, out)
  for (const line of lines) {
    emitInline(context, body, line, line.start, out)
    writeBreak(body, line, out)
  }
}

/** Whether an inline step could change a text. */
function hasInlineTrigger(context: ParseContext, value: string): boolean {
  return nextInlineTrigger(context, value, 0) !== -1
}

/** A wrapper with the sink its children are written through. */
interface Opened {
  node: Wrapper
  sink: TextSink
}

function block(context: ParseContext, body: Body, out: TextSink): void {
  const input = context.input
  const lines = linesOf(context, body)
  writeLead(body, lines, out)
  // Wrappers get their end once their children are known, innermost first.
  const wrappers: Opened[] = []
  const open: Open = (node) => {
    const sink = new TextSink(context, node.children)
    wrappers.push({ node, sink })
    return sink
  }
  const flow = lineBlocks(context, body, out, open)
  // Open tables, innermost last, with the row and cell (or caption) taking content.
  const tables: TableState[] = []
  // Least end of wrappers whose closing markup is not a child (`|}`, a row's marker).
  const minimumEnd = new Map<Content, number>()

  for (const line of lines) {
    const leadStop = leadEnd(body, line)
    const indent = runOf(input, line.start, leadStop, indentChars)
    if (tables.length > 0 || tableOpenAt(input, line.start + indent, leadStop) !== -1) {
      // A cell's lines after its first are a flow of their own: lists and preformatted
      // blocks inside the cell, as MediaWiki's block pass reads them after its `<td>`.
      const state = lastOf(tables)
      if (state?.cellSink && !isTableMarkup(input, line.start + indent, leadStop)) {
        // Made at the cell's second line: most cells have one.
        state.cellFlow ??= lineBlocks(context, body, state.cellSink, open)
        state.cellFlow.line(line, leadStop)
        continue
      }
      state?.cellFlow?.interrupt()
      flow.interrupt()
      const closed = tableLine(context, body, line, leadStop, indent, tables, out, open, minimumEnd)
      // A line that closes the outermost table leaves its break to the container.
      if (closed && tables.length === 0) flow.tableClosed(line)
      else writeBreak(body, line, innermost(tables, out))
      continue
    }
    flow.line(line, leadStop)
  }
  // A cell still open at the end keeps its last line's break.
  for (const state of tables) state.cellFlow?.finish()
  flow.finish()
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

/** Whether the line's lead at `at` (after its indent) is table markup: `{|`, `|…` or `!…`. */
function isTableMarkup(input: string, at: number, limit: number): boolean {
  if (at >= limit) return false
  const code = input.charCodeAt(at)
  return code === 124 || code === 33 || tableOpenAt(input, at, limit) !== -1
}

/**
 * Where the `{|` of a table starting at `at` is, or -1: MediaWiki's `^(:*)\s*\{\|` on the
 * trimmed line, so colons may indent a table (`:{|` is a table in a description list).
 */
function tableOpenAt(input: string, at: number, limit: number): number {
  const colons = runOf(input, at, limit, colonChars)
  const open = colons === 0 ? at : at + colons + runOf(input, at + colons, limit, lineSpaceChars)
  return startsWithAt(input, '{|', open, limit) ? open : -1
}

/** Whether `input` holds `search` at `at`, entirely before `limit`. */
function startsWithAt(input: string, search: string, at: number, limit: number): boolean {
  return at + search.length <= limit && input.startsWith(search, at)
}

interface TableState {
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
function tableLine(
  context: ParseContext,
  body: Body,
  line: Line,
  leadStop: number,
  indent: number,
  tables: TableState[],
  out: TextSink,
  open: Open,
  minimumEnd: Map<Content, number>,
): boolean {
  const items = itemsOf(context, body, line, line.start)
  const lead = context.input.slice(line.start, leadStop)
  const markStart = line.start + indent
  const position = context.pointer.position
  const addIndent = (target: TextSink): void => {
    if (indent > 0) target.text(line.start, markStart)
  }
  const tableOpen = tableOpenAt(context.input, markStart, leadStop)
  if (tableOpen !== -1) {
    const target = innermost(tables, out)
    addIndent(target)
    const container = indentedTableItem(context, markStart, tableOpen, target, open)
    const table: Table = {
      type: 'table',
      attributes: sourceFrom(context, items, tableOpen + 2),
      closed: false,
      children: [],
      position: position(tableOpen, tableOpen + 2),
    }
    minimumEnd.set(table, Math.max(tableOpen + 2, lastOf(items)?.position.end.offset ?? 0))
    const tableSink = open(table)
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
    const target = caption ? state.tableSink : ensureRow(context, state, markStart, open)
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
  open: Open,
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
    open(list)
    container.node(list)
    const item: ListItem = {
      type: 'listItem',
      marker: deepest ? context.input.slice(markStart, markStart + colons) : '',
      kind: 'description',
      children: [],
      position: context.pointer.position(markStart, deepest ? markStart + colons : markStart),
    }
    list.children.push(item)
    container = open(item)
  }
  if (colons > 0) container.text(markStart + colons, tableOpen)
  return container
}

/** The row cells go into: the open one, or an implied one (marker `''`). */
function ensureRow(context: ParseContext, state: TableState, at: number, open: Open): TextSink {
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
  // MediaWiki reads a redirect's target as a plain link, whatever its namespace (a category or
  // file is linked, not added or shown), and parses the text after its `]]` on its own: no trail.
  const linkEnd = link.position.end.offset - link.trail.length
  children.push({
    ...link,
    kind: link.kind === 'category' || link.kind === 'file' ? 'page' : link.kind,
    trail: '',
    position: context.pointer.position(link.position.start.offset, linkEnd),
  })
  const node: Redirect = {
    type: 'redirect',
    value: context.input.slice(start, wordEnd),
    children,
    position: context.pointer.position(start, linkEnd),
  }
  tree.children.splice(
    0,
    2,
    ...(lead === '' ? [] : [makeText(context, first.position.start.offset, start)]),
    node,
    ...(linkEnd < link.position.end.offset
      ? [makeText(context, linkEnd, link.position.end.offset)]
      : []),
  )
}
