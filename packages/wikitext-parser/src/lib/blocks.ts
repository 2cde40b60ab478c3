/**
 * Pass 2 over every container of the pass-1 tree: block structure by line (tables in tables.ts,
 * the other lines in line-blocks.ts), then inline structure per line. Pass 1 hands each container
 * over as it closes it (`restructure`), one at a time from its own loop, so neither nesting depth
 * nor pass 2 ever reaches the call stack, and pass 2 never runs inside itself (which lets bodies
 * share their buffers, see body-lines.ts).
 */
import { bodyOf, leadEnd, linesOf, writeBreak, writeLead, type Body } from './body-lines.js'
import { pairBlockElements } from './block-elements.js'
import { nextInlineTrigger } from './inline.js'
import { lastOf } from './last-of.js'
import { emitInline, lineBlocks } from './line-blocks.js'
import { indentChars, runOf } from './line-runs.js'
import type { ParseContext } from './preprocess/types.js'
import { redirect } from './redirect.js'
import { innermost, isTableMarkup, tableLine, tableOpenAt, type TableState } from './tables.js'
import { createTextSink, type TextSink } from './text-sink.js'
import type { Content, Root } from './types.js'
import type { Opener, Wrapper } from './wrappers.js'

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
  const out = createTextSink(context, children)
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

/**
 * The wrappers one container opens, with the sink of each. An object literal with this module's
 * function as its method: a closure made per container would take its optimised code with it at
 * each garbage collection.
 */
interface Wrappers extends Opener {
  readonly context: ParseContext
  readonly wrappers: Opened[]
}

function openWrapper(this: Wrappers, node: Wrapper): TextSink {
  const sink = createTextSink(this.context, node.children)
  this.wrappers.push({ node, sink })
  return sink
}

function block(context: ParseContext, body: Body, out: TextSink): void {
  const input = context.input
  const lines = linesOf(context, body)
  writeLead(body, lines, out)
  // Wrappers get their end once their children are known, innermost first.
  const opener: Wrappers = { context, wrappers: [], open: openWrapper }
  const wrappers = opener.wrappers
  const flow = lineBlocks(context, body, out, opener)
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
        state.cellFlow ??= lineBlocks(context, body, state.cellSink, opener)
        state.cellFlow.line(line, leadStop)
        continue
      }
      state?.cellFlow?.interrupt()
      flow.interrupt()
      const closed = tableLine(
        context,
        body,
        line,
        leadStop,
        indent,
        tables,
        out,
        opener,
        minimumEnd,
      )
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
