/**
 * Lists: the markers a list line starts with, the list and item kinds they open, how much of its
 * prefix a line shares with the previous one, and where a `;term:description` line splits. The
 * lines themselves are read in line-blocks.ts, which opens and closes the lists.
 */
import { itemsOf, type Body, type Line } from './body-lines.js'
import { inline } from './inline.js'
import { lastOf } from './last-of.js'
import { asciiSet } from './line-runs.js'
import { makeText } from './make-text.js'
import type { ParseContext } from './preprocess/types.js'
import type { TextSink } from './text-sink.js'
import type { Content, List, ListItem, Parent, Text } from './types.js'
import type { Opener } from './wrappers.js'

/** The characters of a list prefix. */
export const listMarkers: Uint8Array = asciiSet('*#:;')
export const listKinds = {
  '*': 'bullet',
  '#': 'ordered',
  ';': 'definition',
  ':': 'definition',
} as const
export const itemKinds = { '*': 'bullet', '#': 'ordered', ';': 'term', ':': 'description' } as const

/** An open list with the item taking its content and that item's sink. */
export interface OpenList {
  list: List
  item: ListItem
  sink: TextSink
}

/** How many leading characters `prefix` shares with `previous`. */
export function sharedLength(prefix: string, previous: string): number {
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
export interface TermSplits {
  /** The first `:` at or after `from`, or -1. */
  next(from: number): number
  /**
   * The items in [from, to), texts cut to fit; nothing before `to` is read again. Only texts
   * are cut: a split lies outside every element.
   */
  take(context: ParseContext, from: number, to: number): Content[]
}

/**
 * The splits as an object literal with this module's functions as methods, not a class instance:
 * V8 keeps a literal's hidden class alive through its boilerplate, a class instance's only while
 * one lives, and code specialised on a dead one is thrown away at the next collection.
 */
interface Splits extends TermSplits {
  readonly items: Content[]
  readonly colons: number[]
  item: number
  colon: number
}

/** The splits of the line's content from `from` on. */
export function termSplitsOf(
  context: ParseContext,
  body: Body,
  line: Line,
  from: number,
): TermSplits {
  const splits: Splits = {
    items: inline(context, itemsOf(context, body, line, from)),
    colons: [],
    item: 0,
    colon: 0,
    next,
    take,
  }
  const scan = { tags: 0, converter: 0 }
  // Elements are walked with a stack of their children, so nesting never reaches the call stack.
  const stack: { children: readonly Content[]; index: number; tag: boolean }[] = [
    { children: splits.items, index: 0, tag: false },
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
      readText(splits, context, item, scan, stack.length === 1)
    } else if (isElement(item)) {
      if (scan.converter === 0) scan.tags++
      stack.push({ children: (item as Parent).children, index: 0, tag: true })
    } else if (item.type === 'htmlTag' && scan.converter === 0) {
      if (item.kind === 'close') scan.tags = Math.max(0, scan.tags - 1)
      else if (!item.attributes.endsWith('/')) scan.tags++
    }
  }
  return splits
}

/** Reads a text's `:`s (kept when outside every tag, at the line's top level) and `-{ }-`s. */
function readText(
  splits: Splits,
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
      splits.colons.push(base + at)
    }
  }
}

function next(this: Splits, from: number): number {
  while (this.colon < this.colons.length && (this.colons[this.colon] as number) < from) {
    this.colon++
  }
  return this.colons[this.colon] ?? -1
}

function take(this: Splits, context: ParseContext, from: number, to: number): Content[] {
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
export function splitTerm(
  context: ParseContext,
  splits: TermSplits,
  from: number,
  entry: OpenList,
  opener: Opener,
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
  entry.sink = opener.open(item)
  return split + 1
}
