/**
 * Pass 2 over every container of the pass-1 tree: block structure (lists, `preformatted`,
 * horizontal rules) by line, then inline structure per line. Containers are collected first
 * and transformed one by one, so nesting depth never reaches the call stack.
 */
import { inline, makeText } from './inline.js'
import type { ParseContext } from './preprocess.js'
import type {
  Content,
  HorizontalRule,
  List,
  ListItem,
  Node,
  Preformatted,
  Root,
  Text,
} from './types.js'

type Mode = 'block' | 'inline'

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
      for (const child of node.children) stack.push(child)
    }
  }
  for (const { node, from, mode } of containers) {
    const head = node.children.slice(0, from)
    const body = node.children.slice(from)
    node.children = [
      ...head,
      ...(mode === 'block' ? block(context, body) : inlineAll(context, body)),
    ]
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

const listPrefix = /^[*#:;]+/u
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
  const wrappers: (List | ListItem | Preformatted)[] = []
  let pendingBreak: Text | null = null
  let breakTarget: Content[] = out

  const open = <T extends List | ListItem | Preformatted>(node: T): T => {
    wrappers.push(node)
    return node
  }

  for (const line of lines) {
    const lead = leadOf(line)
    const prefix = listPrefix.exec(lead)?.[0] ?? ''
    const normalized = prefix.replace(/;/gu, ':')
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
    const horizontal = /^-{4,}/u.exec(lead)
    if (horizontal) {
      pre = null
      const rule: HorizontalRule = {
        type: 'horizontalRule',
        value: horizontal[0],
        position: context.pointer.position(line.start, line.start + horizontal[0].length),
      }
      out.push(rule)
      append(out, inline(context, dropLead(context, line, horizontal[0].length)))
      continue
    }
    const spaceOnly = line.items.length === 1 && /^ +$/u.test(lead)
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
    const node = wrappers[index] as List | ListItem | Preformatted
    const children: Content[] = node.children
    if (node.type !== 'list') node.children = merge(context, children)
    const last = node.children[node.children.length - 1]
    if (last) node.position = { start: node.position.start, end: last.position.end }
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
      result[result.length - 1] = makeText(
        context,
        first.position.start.offset,
        (previous as Content).position.end.offset,
      )
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
