/**
 * Italic and bold nodes from doQuotes' markers over one line. MediaWiki runs doQuotes on the
 * line's text before it makes external links and while HTML tags are still text, so a bracketed
 * external link's text and an inline HTML element are not scopes of their own: a span that
 * crosses the edge of one is cut there into pieces (`open`/`close` false where the cut is), as
 * the browser's HTML tree builder does with MediaWiki's output. A span that holds the whole
 * container stays one node around it. Internal links and templates stay opaque: their texts were
 * parsed as their own scopes.
 */
import { makeText } from './make-text.js'
import { lastOf } from './last-of.js'
import { ITALIC, type Markers } from './quote-markers.js'
import type { ParseContext } from './preprocess/types.js'
import type { Content, ExternalLink, HtmlTag, Text } from './types.js'

/** A node whose children doQuotes reads as part of the line. */
type QuoteContainer = ExternalLink | HtmlTag

function isQuoteContainer(item: Content): item is QuoteContainer {
  return (
    (item.type === 'externalLink' || (item.type === 'htmlTag' && item.kind === 'element')) &&
    item.children.length > 0
  )
}

/** Whether any item is a container whose text the line's doQuotes reads. */
export function hasQuoteContainer(items: readonly Content[]): boolean {
  for (let index = 0; index < items.length; index++) {
    if (isQuoteContainer(items[index] as Content)) return true
  }
  return false
}

const TEXT = 0
const ATOM = 1
const ENTER = 2
const EXIT = 3

/**
 * The line in document order, containers entered and left: a flat list, so neither collecting
 * runs nor building recurses however deeply elements nest. Two arrays in an object literal (see
 * QuoteTree for why not a class).
 */
export interface LineEvents {
  readonly kinds: number[]
  readonly nodes: Content[]
}

/** The events of the line `items`. */
export function lineEventsOf(items: readonly Content[]): LineEvents {
  const events: LineEvents = { kinds: [], nodes: [] }
  const lists: (readonly Content[])[] = [items]
  const next: number[] = [0]
  const owners: (QuoteContainer | null)[] = [null]
  for (;;) {
    const depth = lists.length - 1
    if (depth < 0) break
    const list = lists[depth] as readonly Content[]
    const index = next[depth] as number
    if (index === list.length) {
      lists.pop()
      next.pop()
      const owner = owners.pop()
      if (owner) pushEvent(events, EXIT, owner)
      continue
    }
    next[depth] = index + 1
    const item = list[index] as Content
    if (item.type === 'text') pushEvent(events, TEXT, item)
    else if (isQuoteContainer(item)) {
      pushEvent(events, ENTER, item)
      lists.push(item.children)
      next.push(0)
      owners.push(item)
    } else pushEvent(events, ATOM, item)
  }
  return events
}

function pushEvent(events: LineEvents, kind: number, node: Content): void {
  events.kinds.push(kind)
  events.nodes.push(node)
}

/** The line's texts in document order, with whether each lies inside a container. */
export function textsOf(events: LineEvents): { texts: Text[]; inside: boolean[] } {
  const texts: Text[] = []
  const inside: boolean[] = []
  let depth = 0
  for (let index = 0; index < events.kinds.length; index++) {
    const kind = events.kinds[index]
    if (kind === ENTER) depth++
    else if (kind === EXIT) depth--
    else if (kind === TEXT) {
      texts.push(events.nodes[index] as Text)
      inside.push(depth > 0)
    }
  }
  return { texts, inside }
}

/**
 * Builds a line whose containers (if any) hold no apostrophe run: markers applied in offset order
 * between items, each container whole inside whatever span holds it.
 */
export function flatQuoteTree(
  context: ParseContext,
  items: readonly Content[],
  markers: Markers,
): Content[] {
  const tree = createQuoteTree(context, markers, null)
  const count = markers.starts.length
  let marker = 0
  for (let index = 0; index < items.length; index++) {
    const item = items[index] as Content
    if (item.type === 'text') marker = tree.text(item, marker)
    else {
      marker = tree.upTo(item.position.start.offset, marker)
      tree.add(item)
    }
  }
  for (; marker < count; marker++) tree.apply(marker)
  tree.finish(lastOf(items)?.position.end.offset ?? 0)
  return tree.root
}

/** Builds a line with containers, cutting spans at their edges. */
export function nestedQuoteTree(
  context: ParseContext,
  events: LineEvents,
  markers: Markers,
): Content[] {
  const tree = createQuoteTree(context, markers, containersOfMarkers(events, markers))
  const { kinds, nodes } = events
  const count = markers.starts.length
  let marker = 0
  let containers = 0
  for (let index = 0; index < kinds.length; index++) {
    const kind = kinds[index]
    const node = nodes[index] as Content
    if (kind === TEXT) marker = tree.text(node as Text, marker)
    else if (kind === ATOM) {
      marker = tree.upTo(node.position.start.offset, marker)
      tree.add(node)
    } else if (kind === ENTER) {
      marker = tree.upTo(node.position.start.offset, marker)
      tree.enter(node as QuoteContainer, ++containers)
    } else tree.exit()
  }
  for (; marker < count; marker++) tree.apply(marker)
  // The last event is the line's last item, or the exit of the container that is.
  tree.finish(lastOf(nodes)?.position.end.offset ?? 0)
  return tree.root
}

/**
 * For each marker, the number of the container it is applied in (containers numbered as they
 * are entered, from 1; 0 for the line itself), and for each container the last number among
 * its descendants: the same walk as the build, without building.
 */
function containersOfMarkers(events: LineEvents, markers: Markers): Placement {
  const count = markers.starts.length
  const of = new Array<number>(count).fill(0)
  const lastInside: number[] = [0]
  const { kinds, nodes } = events
  const open: number[] = [0]
  let numbered = 0
  let marker = 0
  for (let index = 0; index < kinds.length; index++) {
    const kind = kinds[index]
    const node = nodes[index] as Content
    const here = lastOf(open) as number
    if (kind === TEXT) {
      const end = node.position.end.offset
      for (; marker < count && appliesIn(markers, marker, end); marker++) of[marker] = here
    } else if (kind === EXIT) {
      lastInside[open.pop() as number] = numbered
    } else {
      const start = node.position.start.offset
      for (; marker < count && (markers.starts[marker] as number) <= start; marker++) {
        of[marker] = here
      }
      if (kind === ENTER) open.push(++numbered)
    }
  }
  return { of, lastInside }
}

interface Placement {
  /** Container number each marker is applied in. */
  readonly of: number[]
  /** For each container number, the last container number inside it. */
  readonly lastInside: number[]
}

/**
 * Whether the marker falls in a text ending at `end`: one at the text's end that is in the
 * source belongs to the next text; cuts and line-end closes are applied where they fall.
 */
function appliesIn(markers: Markers, marker: number, end: number): boolean {
  const start = markers.starts[marker] as number
  return start < end || (start === end && markers.presents[marker] === 0)
}

/** An italic or bold span being built. */
interface OpenSpan {
  kind: number
  /** Its opening marker is in the source (false for a piece after a cut). */
  present: boolean
  start: number
  children: Content[]
  /** Index of the marker that closes it, or -1 when none does. */
  closer: number
  /** It goes on after a cut. */
  piece: boolean
}

/**
 * The piece of `span` that goes on after a cut at `start`. Written out rather than spread: a
 * spread's hidden class is not kept alive by a literal's boilerplate (see QuoteTree).
 */
function pieceOf(span: OpenSpan, start: number): OpenSpan {
  return {
    kind: span.kind,
    present: false,
    start,
    children: [],
    closer: span.closer,
    piece: true,
  }
}

/** A container being rebuilt, with the spans open inside it. */
interface Level {
  container: QuoteContainer | null
  number: number
  spans: OpenSpan[]
  out: Content[]
}

/**
 * Builds the tree as markers are applied: open spans are a stack per container. An object
 * literal whose methods are functions of this module, not a class instance: V8 keeps a literal's
 * hidden class alive through the literal's boilerplate, a class instance's only while one lives.
 */
interface QuoteTree {
  readonly root: Content[]
  readonly levels: Level[]
  readonly closers: Int32Array | null
  readonly context: ParseContext
  readonly markers: Markers
  readonly placement: Placement | null
  add(node: Content): void
  addTo(level: Level, node: Content): void
  text(text: Text, from: number): number
  upTo(offset: number, from: number): number
  apply(marker: number): void
  enter(container: QuoteContainer, number: number): void
  exit(): void
  finish(end: number): void
  cut(level: Level, from: number, offset: number): OpenSpan[]
  close(level: Level, span: OpenSpan, end: number, close: boolean): void
}

function createQuoteTree(
  context: ParseContext,
  markers: Markers,
  placement: Placement | null,
): QuoteTree {
  const root: Content[] = []
  return {
    root,
    levels: [{ container: null, number: 0, spans: [], out: root }],
    closers: placement === null ? null : closersOf(markers),
    context,
    markers,
    placement,
    add: treeAdd,
    addTo: treeAddTo,
    text: treeText,
    upTo: treeUpTo,
    apply: treeApply,
    enter: treeEnter,
    exit: treeExit,
    finish: treeFinish,
    cut: treeCut,
    close: treeClose,
  }
}

function treeAdd(this: QuoteTree, node: Content): void {
  this.addTo(lastOf(this.levels) as Level, node)
}

function treeAddTo(this: QuoteTree, level: Level, node: Content): void {
  const span = lastOf(level.spans)
  if (span === undefined) level.out.push(node)
  else span.children.push(node)
}

/** Applies the markers falling in `text`, writing its pieces between them. */
function treeText(this: QuoteTree, text: Text, from: number): number {
  const markers = this.markers
  const count = markers.starts.length
  let at = text.position.start.offset
  const end = text.position.end.offset
  let marker = from
  for (; marker < count && appliesIn(markers, marker, end); marker++) {
    const start = markers.starts[marker] as number
    if (start > at) this.add(makeText(this.context, at, start))
    this.apply(marker)
    const markerEnd = markers.ends[marker] as number
    if (markerEnd > at) at = markerEnd
  }
  if (end > at) this.add(makeText(this.context, at, end))
  return marker
}

/** Applies the markers at or before `offset` (where a node starts). */
function treeUpTo(this: QuoteTree, offset: number, from: number): number {
  const count = this.markers.starts.length
  let marker = from
  for (; marker < count && (this.markers.starts[marker] as number) <= offset; marker++) {
    this.apply(marker)
  }
  return marker
}

function treeApply(this: QuoteTree, marker: number): void {
  const markers = this.markers
  const level = lastOf(this.levels) as Level
  if (markers.opens[marker] === 1) {
    level.spans.push({
      kind: markers.kinds[marker] as number,
      present: markers.presents[marker] === 1,
      start: markers.starts[marker] as number,
      children: [],
      closer: this.closers?.[marker] ?? -1,
      piece: false,
    })
    return
  }
  // A close ends the innermost open span, whichever kind it is, as MediaWiki's tags nest.
  const span = level.spans.pop()
  if (span === undefined) return
  this.close(level, span, markers.ends[marker] as number, markers.presents[marker] === 1)
}

/**
 * Enters a container. Open spans that close inside it are cut at its start, the innermost
 * with them, and go on inside it as pieces; the others hold it whole.
 */
function treeEnter(this: QuoteTree, container: QuoteContainer, number: number): void {
  const level = lastOf(this.levels) as Level
  const placement = this.placement as Placement
  const last = placement.lastInside[number] as number
  let cut = level.spans.length
  for (let index = 0; index < level.spans.length; index++) {
    const closer = (level.spans[index] as OpenSpan).closer
    const inside = closer === -1 ? -1 : (placement.of[closer] as number)
    if (inside >= number && inside <= last) {
      cut = index
      break
    }
  }
  const moved = this.cut(level, cut, container.position.start.offset)
  const start = (container.children[0] as Content).position.start.offset
  const spans = moved.map((span) => pieceOf(span, start))
  this.levels.push({ container, number, spans, out: [] })
}

/** Leaves the current container; spans still open in it are cut at its end and go on after it. */
function treeExit(this: QuoteTree): void {
  const level = this.levels.pop() as Level
  const container = level.container as QuoteContainer
  const end = (lastOf(container.children) as Content).position.end.offset
  const moved = this.cut(level, 0, end)
  container.children = level.out
  this.add(container)
  const after = container.position.end.offset
  const parent = lastOf(this.levels) as Level
  for (const span of moved) {
    parent.spans.push(pieceOf(span, after))
  }
}

/**
 * Closes what is still open at the line's end. doQuotes closes every span there, so nothing
 * should be; this keeps a span's children in the tree if a marker ever went unmatched.
 */
function treeFinish(this: QuoteTree, end: number): void {
  this.cut(this.levels[0] as Level, 0, end)
}

/** Closes the spans from `from` on at `offset`, no marker; returns them, outermost first. */
function treeCut(this: QuoteTree, level: Level, from: number, offset: number): OpenSpan[] {
  const moved = level.spans.slice(from)
  for (let index = level.spans.length - 1; index >= from; index--) {
    this.close(level, level.spans.pop() as OpenSpan, offset, false)
  }
  return moved
}

function treeClose(
  this: QuoteTree,
  level: Level,
  span: OpenSpan,
  end: number,
  close: boolean,
): void {
  // A piece after a cut that holds nothing and has no marker leaves no trace.
  if (span.piece && !close && span.children.length === 0 && end === span.start) return
  this.addTo(level, {
    type: span.kind === ITALIC ? 'italic' : 'bold',
    open: span.present,
    close,
    children: span.children,
    position: this.context.pointer.position(span.start, end),
  })
}

/** For each opening marker, the index of the marker that closes it (-1 if none does). */
function closersOf(markers: Markers): Int32Array {
  const closers = new Int32Array(markers.starts.length).fill(-1)
  const open: number[] = []
  for (let marker = 0; marker < markers.starts.length; marker++) {
    if (markers.opens[marker] === 1) open.push(marker)
    else {
      const opener = open.pop()
      if (opener !== undefined) closers[opener] = marker
    }
  }
  return closers
}
