/**
 * Pass 2 over every container of the pass-1 tree: block structure (lists, `preformatted`,
 * horizontal rules) by line, then inline structure per line. Containers are collected first
 * and transformed one by one, so nesting depth never reaches the call stack.
 */
import { inline, makeText } from './inline.js'
import type { ParseContext } from './preprocess.js'
import type {
  Content,
  Redirect,
  Table,
  TableCaption,
  TableCell,
  TableRow,
  HorizontalRule,
  List,
  ListItem,
  Node,
  Preformatted,
  Root,
  Text,
} from './types.js'

type Mode = 'block' | 'inline'

/** Characters that can start a block or inline construct inside a line. */
const trigger = /['[<_:\n]/u
/** Characters that can start block markup at the start of a container. */
const blockStart = /^[*#:;\s{|!-]/u

export function blocks(context: ParseContext, tree: Root): void {
  const containers: { node: { children: Content[] }; from: number; mode: Mode }[] = []
  const stack: Node[] = [tree]
  while (stack.length > 0) {
    const node = stack.pop() as Node
    context.work++
    switch (node.type) {
      case 'root':
      case 'linkParameter':
        containers.push({ node, from: 0, mode: 'block' })
        break
      case 'extensionTag':
        if (node.children.length > 0) containers.push({ node, from: 0, mode: 'block' })
        break
      case 'templateParameter':
        containers.push({ node, from: node.name === null ? 0 : 1, mode: 'block' })
        break
      case 'heading':
        containers.push({ node, from: 0, mode: 'inline' })
        break
      default:
        break
    }
    if ('children' in node) {
      const children: readonly Content[] = node.children
      for (let index = 0; index < children.length; index++) {
        const child = children[index] as Content
        // Text (most nodes) holds no container: count its visit without the stack round trip.
        if (child.type === 'text') context.work++
        else stack.push(child)
      }
    }
  }
  redirect(context, tree)
  for (const { node, from, mode } of containers) {
    const only = node.children[from]
    // A lone one-line text with nothing that could start a construct stays as it is.
    if (
      node.children.length === from + 1 &&
      only?.type === 'text' &&
      !trigger.test(only.value) &&
      !blockStart.test(only.value)
    ) {
      continue
    }
    const body = from === 0 ? node.children : node.children.slice(from)
    const done = mode === 'block' ? block(context, body) : inlineAll(context, body)
    node.children = from === 0 ? done : [...node.children.slice(0, from), ...done]
  }
}

interface Line {
  items: Content[]
  /** The `\n` ending the line, or null at the end. */
  newline: Text | null
  start: number
}

/** Splits items into lines at each `\n` of top-level text. */
function linesOf(context: ParseContext, items: readonly Content[]): Line[] {
  const lines: Line[] = []
  let current: Content[] = []
  let start = items[0]?.position.start.offset ?? 0
  for (const item of items) {
    if (item.type !== 'text' || !item.value.includes('\n')) {
      current.push(item)
      continue
    }
    const base = item.position.start.offset
    let at = 0
    for (let found = item.value.indexOf('\n'); found !== -1; found = item.value.indexOf('\n', at)) {
      if (found > at) current.push(makeText(context, base + at, base + found))
      lines.push({
        items: current,
        newline: makeText(context, base + found, base + found + 1),
        start,
      })
      current = []
      at = found + 1
      start = base + at
    }
    if (at < item.value.length) current.push(makeText(context, base + at, base + item.value.length))
  }
  if (current.length > 0) lines.push({ items: current, newline: null, start })
  return lines
}

/** Inline structure line by line, with the breaks kept between lines. */
function inlineAll(context: ParseContext, items: readonly Content[]): Content[] {
  const result: Content[] = []
  for (const line of linesOf(context, items)) {
    append(result, inline(context, line.items))
    if (line.newline) result.push(line.newline)
  }
  return merge(context, result)
}

/** Leading text of a line (the characters its block markup is read from). */
function leadOf(line: Line): string {
  const first = line.items[0]
  return first?.type === 'text' && first.position.start.offset === line.start ? first.value : ''
}

/** The line's items with the first `length` characters removed. */
function dropLead(context: ParseContext, line: Line, length: number): Content[] {
  if (length === 0) return line.items
  const [first, ...rest] = line.items
  if (!first) return []
  const end = first.position.end.offset
  const cut = first.position.start.offset + length
  return cut < end ? [makeText(context, cut, end), ...rest] : rest
}

// Line-start markup is read with charCode tests, not regex literals: a literal in the loop
// makes a RegExp object per line, and these runs are a few characters long.
const isIndent = (code: number): boolean => code === 32 || code === 9
const isSpace = (code: number): boolean => code === 32
const isDash = (code: number): boolean => code === 45
/** `*` `#` `:` `;` */
const isListMarker = (code: number): boolean =>
  code === 42 || code === 35 || code === 58 || code === 59

/** Length of the run of characters matching `test` in `value` from `from`. */
function runOf(value: string, from: number, test: (code: number) => boolean): number {
  let at = from
  while (at < value.length && test(value.charCodeAt(at))) at++
  return at - from
}
const listKinds = { '*': 'bullet', '#': 'ordered', ';': 'definition', ':': 'definition' } as const
const itemKinds = { '*': 'bullet', '#': 'ordered', ';': 'term', ':': 'description' } as const

function block(context: ParseContext, items: readonly Content[]): Content[] {
  const out: Content[] = []
  const lines = linesOf(context, items)
  // Open lists by depth; the item taking the line's content is the last entry's item.
  let lists: { list: List; item: ListItem }[] = []
  let previousPrefix = ''
  let pre: Preformatted | null = null
  // Wrappers get their end once their children are known, innermost first.
  const wrappers: Wrapper[] = []
  let pendingBreak: Text | null = null
  let breakTarget: Content[] = out

  const open = <T extends Wrapper>(node: T): T => {
    wrappers.push(node)
    return node
  }

  // Open tables, innermost last, with the row and cell (or caption) taking content.
  const tables: TableState[] = []
  // Least end of wrappers whose closing markup is not a child (`|}`, a row's marker).
  const minimumEnd = new Map<Content, number>()

  for (const line of lines) {
    const lead = leadOf(line)
    const indent = runOf(lead, 0, isIndent)
    if (tables.length > 0 || lead.startsWith('{|', indent)) {
      if (pendingBreak) out.push(pendingBreak)
      pendingBreak = null
      lists = []
      previousPrefix = ''
      pre = null
      const closed = tableLine(context, line, indent, tables, out, wrappers, minimumEnd)
      // A line that closes the outermost table leaves its break to the container.
      if (closed && tables.length === 0) pendingBreak = line.newline
      else if (line.newline) innermost(tables, out).push(line.newline)
      continue
    }
    const prefix = lead.slice(0, runOf(lead, 0, isListMarker))
    const normalized = prefix.includes(';') ? prefix.replace(/;/gu, ':') : prefix
    // Where the previous line's break goes depends on what this line opens or closes.
    if (prefix !== '' && lists.length > 0) {
      let common = 0
      while (
        common < normalized.length &&
        common < previousPrefix.length &&
        normalized[common] === previousPrefix[common]
      )
        common++
      if (common === normalized.length) {
        if (common === lists.length) breakTarget = lists[lists.length - 1]?.item.children ?? out
        else breakTarget = lists[common - 1]?.item.children ?? out
      } else if (common === lists.length) {
        breakTarget = lists[lists.length - 1]?.item.children ?? out
      } else {
        breakTarget = common === 0 ? out : (lists[common - 1]?.item.children ?? out)
      }
    } else if (pre && lead.startsWith(' ') && prefix === '') {
      breakTarget = pre.children
    } else {
      breakTarget = out
    }
    if (pendingBreak) breakTarget.push(pendingBreak)
    pendingBreak = line.newline

    if (prefix !== '') {
      pre = null
      let common = 0
      while (
        common < normalized.length &&
        common < previousPrefix.length &&
        normalized[common] === previousPrefix[common]
      )
        common++
      common = Math.min(common, lists.length)
      const start = line.start
      const newItem = (depth: number, marker: string): ListItem => {
        const char = prefix[depth] as keyof typeof itemKinds
        return open({
          type: 'listItem',
          marker,
          kind: itemKinds[char],
          children: [],
          position: context.pointer.position(start, start + marker.length),
        })
      }
      if (common === normalized.length) {
        // Same or shorter prefix: a sibling item at the last common depth.
        lists = lists.slice(0, common)
        const entry = lists[common - 1]
        if (entry) {
          entry.item = newItem(common - 1, prefix)
          entry.list.children.push(entry.item)
        }
      } else {
        lists = lists.slice(0, common)
        for (let depth = common; depth < prefix.length; depth++) {
          const char = prefix[depth] as keyof typeof listKinds
          const list: List = open({
            type: 'list',
            kind: listKinds[char],
            children: [],
            position: context.pointer.position(start, start),
          })
          const parent = lists[depth - 1]
          if (parent) parent.item.children.push(list)
          else out.push(list)
          const item = newItem(depth, depth === prefix.length - 1 ? prefix : '')
          list.children.push(item)
          lists.push({ list, item })
        }
      }
      previousPrefix = normalized
      const content = dropLead(context, line, prefix.length)
      const entry = lists[lists.length - 1]
      if (!entry) continue
      if (prefix.endsWith(';')) {
        // `;term:description` splits at the first `:` of top-level text.
        const split = colonIn(content)
        if (split !== -1) {
          const term = content.filter((item) => item.position.end.offset <= split)
          const description = content.filter((item) => item.position.start.offset > split)
          const straddle = content.find(
            (item) => item.position.start.offset <= split && item.position.end.offset > split,
          )
          if (straddle) {
            if (straddle.position.start.offset < split)
              term.push(makeText(context, straddle.position.start.offset, split))
            if (straddle.position.end.offset > split + 1)
              description.unshift(makeText(context, split + 1, straddle.position.end.offset))
          }
          append(entry.item.children, inline(context, term))
          const item: ListItem = open({
            type: 'listItem',
            marker: ':',
            kind: 'description',
            children: inline(context, description),
            position: context.pointer.position(split, split + 1),
          })
          entry.list.children.push(item)
          entry.item = item
          continue
        }
      }
      append(entry.item.children, inline(context, content))
      continue
    }
    lists = []
    previousPrefix = ''
    const dashes = runOf(lead, 0, isDash)
    if (dashes >= 4) {
      pre = null
      const rule: HorizontalRule = {
        type: 'horizontalRule',
        value: lead.slice(0, dashes),
        position: context.pointer.position(line.start, line.start + dashes),
      }
      out.push(rule)
      append(out, inline(context, dropLead(context, line, dashes)))
      continue
    }
    const spaceOnly =
      line.items.length === 1 && lead.length > 0 && runOf(lead, 0, isSpace) === lead.length
    if (lead.startsWith(' ') && (!spaceOnly || pre)) {
      if (!pre) {
        pre = open({
          type: 'preformatted',
          children: [],
          position: context.pointer.position(line.start, line.start),
        })
        out.push(pre)
      }
      append(pre.children, inline(context, line.items))
      continue
    }
    pre = null
    append(out, inline(context, line.items))
  }
  if (pendingBreak) out.push(pendingBreak)
  for (let index = wrappers.length - 1; index >= 0; index--) {
    const node = wrappers[index] as Wrapper
    const children: Content[] = node.children
    if (node.type !== 'list') node.children = merge(context, children)
    const last = node.children[node.children.length - 1]
    const end = Math.max(
      last?.position.end.offset ?? 0,
      minimumEnd.get(node) ?? 0,
      node.position.end.offset,
    )
    if (end !== node.position.end.offset) {
      node.position = context.pointer.position(node.position.start.offset, end)
    }
  }
  return merge(context, out)
}

/** Offset of the first `:` in top-level text, or -1. */
function colonIn(items: readonly Content[]): number {
  for (const item of items) {
    if (item.type !== 'text') continue
    const found = item.value.indexOf(':')
    if (found !== -1) return item.position.start.offset + found
  }
  return -1
}

/** Joins adjacent text nodes, making one node per run. */
function merge(context: ParseContext, items: Content[]): Content[] {
  const result: Content[] = []
  let runStart = -1
  for (let index = 0; index <= items.length; index++) {
    const item = items[index]
    const previous = items[index - 1]
    const continues =
      item?.type === 'text' &&
      previous?.type === 'text' &&
      previous.position.end.offset === item.position.start.offset
    if (continues) continue
    // items[runStart .. index - 1] is a run of adjacent texts.
    if (runStart !== -1 && runStart < index - 1) {
      const first = items[runStart] as Content
      const last = previous as Content
      // The run's own end points are the merged text's: reuse them rather than look them up.
      result[result.length - 1] = {
        type: 'text',
        value: context.input.slice(first.position.start.offset, last.position.end.offset),
        position: { start: first.position.start, end: last.position.end },
      }
    }
    if (!item) break
    result.push(item)
    runStart = item.type === 'text' ? index : -1
  }
  return result
}

/** Pushes items one by one: spreading a long array into `push` overflows the call stack. */
function append(target: Content[], items: readonly Content[]): void {
  for (const item of items) target.push(item)
}

type Wrapper = List | ListItem | Preformatted | Table | TableRow | TableCell | TableCaption

interface TableState {
  table: Table
  row: TableRow | null
  cell: TableCell | TableCaption | null
}

/** Where content goes inside the innermost open table. */
function innermost(tables: readonly TableState[], out: Content[]): Content[] {
  const state = tables[tables.length - 1]
  if (!state) return out
  return (state.cell ?? state.row ?? state.table).children
}

/** The source of items from `from` on (texts cut there), as a string. */
function sourceFrom(context: ParseContext, items: readonly Content[], from: number): string {
  const last = items[items.length - 1]
  return last && last.position.end.offset > from
    ? context.input.slice(from, last.position.end.offset)
    : ''
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
    } else if (item.type === 'text' && end > from && start < to) {
      result.push(makeText(context, Math.max(start, from), Math.min(end, to)))
    }
  }
  return result
}

/** Offsets of `marker` in top-level text of items, from `from` on. */
function markersIn(items: readonly Content[], from: number, markers: readonly string[]): number[] {
  const found: number[] = []
  for (const item of items) {
    if (item.type !== 'text' || item.position.end.offset <= from) continue
    const base = item.position.start.offset
    let at = Math.max(from - base, 0)
    while (at < item.value.length - 1) {
      const pair = item.value.slice(at, at + 2)
      if (markers.includes(pair)) {
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
  line: Line,
  indent: number,
  tables: TableState[],
  out: Content[],
  wrappers: Wrapper[],
  minimumEnd: Map<Content, number>,
): boolean {
  const lead = leadOf(line)
  const markStart = line.start + indent
  const position = context.pointer.position
  const addIndent = (target: Content[]): void => {
    if (indent > 0) target.push(makeText(context, line.start, markStart))
  }
  if (lead.startsWith('{|', indent)) {
    const target = innermost(tables, out)
    addIndent(target)
    const table: Table = {
      type: 'table',
      attributes: sourceFrom(context, line.items, markStart + 2),
      closed: false,
      children: [],
      position: position(markStart, markStart + 2),
    }
    minimumEnd.set(
      table,
      Math.max(markStart + 2, line.items[line.items.length - 1]?.position.end.offset ?? 0),
    )
    wrappers.push(table)
    target.push(table)
    tables.push({ table, row: null, cell: null })
    return false
  }
  const state = tables[tables.length - 1] as TableState
  const two = lead.slice(indent, indent + 2)
  if (two === '|}') {
    addIndent(state.row ? state.row.children : state.table.children)
    state.table.closed = true
    minimumEnd.set(state.table, markStart + 2)
    tables.pop()
    // The rest of the line belongs to the table's container.
    for (const item of inline(context, itemsFrom(context, line.items, markStart + 2))) {
      innermost(tables, out).push(item)
    }
    return true
  }
  if (two === '|-') {
    addIndent(state.table.children)
    let markEnd = markStart + 2
    while (context.input.charCodeAt(markEnd) === 45) markEnd++
    const row: TableRow = {
      type: 'tableRow',
      marker: context.input.slice(markStart, markEnd),
      attributes: sourceFrom(context, line.items, markEnd),
      children: [],
      position: position(markStart, markEnd),
    }
    minimumEnd.set(
      row,
      Math.max(markEnd, line.items[line.items.length - 1]?.position.end.offset ?? 0),
    )
    wrappers.push(row)
    state.table.children.push(row)
    state.row = row
    state.cell = null
    return false
  }
  const first = lead.charAt(indent)
  if (two === '|+' || first === '|' || first === '!') {
    const caption = two === '|+'
    const header = first === '!'
    const target = caption ? state.table.children : ensureRow(context, state, markStart, wrappers)
    addIndent(target)
    const markerLength = caption ? 2 : 1
    const separators = caption
      ? []
      : markersIn(line.items, markStart + 1, header ? ['||', '!!'] : ['||'])
    const lineEnd =
      line.items[line.items.length - 1]?.position.end.offset ?? markStart + markerLength
    const starts = [markStart, ...separators]
    for (let index = 0; index < starts.length; index++) {
      const start = starts[index] as number
      const marker =
        index === 0
          ? context.input.slice(markStart, markStart + markerLength)
          : context.input.slice(start, start + 2)
      const contentStart = start + marker.length
      const end = starts[index + 1] ?? lineEnd
      let content = itemsBetween(context, line.items, contentStart, end)
      // `attributes|content`: the first lone `|` of top-level text.
      let attributes: string | null = null
      const lone = loneBar(content)
      if (lone !== -1) {
        attributes = context.input.slice(contentStart, lone)
        content = itemsBetween(context, content, lone + 1, end)
      }
      const cell: TableCell | TableCaption = caption
        ? {
            type: 'tableCaption',
            marker,
            attributes,
            children: inline(context, content),
            position: position(start, contentStart),
          }
        : {
            type: 'tableCell',
            marker,
            attributes,
            header,
            children: inline(context, content),
            position: position(start, contentStart),
          }
      minimumEnd.set(cell, lone === -1 ? contentStart : lone + 1)
      wrappers.push(cell)
      target.push(cell)
      state.cell = cell
    }
    return false
  }
  // Any other line continues the innermost cell (or row, or table).
  for (const item of inline(context, line.items)) innermost(tables, out).push(item)
  return false
}

/** The row cells go into: the open one, or an implied one (marker `''`). */
function ensureRow(
  context: ParseContext,
  state: TableState,
  at: number,
  wrappers: Wrapper[],
): Content[] {
  if (!state.row) {
    const row: TableRow = {
      type: 'tableRow',
      marker: '',
      attributes: null,
      children: [],
      position: context.pointer.position(at, at),
    }
    wrappers.push(row)
    state.table.children.push(row)
    state.row = row
  }
  return state.row.children
}

/** Offset of the first `|` not followed by `|` in top-level text, or -1. */
function loneBar(items: readonly Content[]): number {
  for (const item of items) {
    if (item.type !== 'text') continue
    for (let at = item.value.indexOf('|'); at !== -1; at = item.value.indexOf('|', at + 1)) {
      if (item.value.charAt(at + 1) !== '|') return item.position.start.offset + at
      at++
    }
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
