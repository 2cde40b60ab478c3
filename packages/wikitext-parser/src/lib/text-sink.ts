/**
 * A children array that joins adjacent text as it is written. Text arrives as offset ranges and
 * becomes one node per contiguous run when anything else is written or the sink is flushed, so
 * pass 2 never makes a text node only to merge it away. A run that is exactly one existing
 * text node keeps that node.
 *
 * A sink is an object literal whose methods are functions of this module, not a class instance:
 * V8 keeps a literal's hidden class alive through the literal's boilerplate, but a class
 * instance's only while an instance lives, so after a garbage collection between parses the
 * optimised code of every pass that writes to a sink would be thrown away.
 */
import { makeText } from './make-text.js'
import type { ParseContext } from './preprocess/types.js'
import type { Content, Text } from './types.js'

export interface TextSink {
  readonly children: Content[]
  /** Writes the characters in [start, end). */
  text(start: number, end: number): void
  /** Writes a text node, kept as it is unless it joins its neighbours. */
  textNode(node: Text): void
  /** Writes any node. */
  node(node: Content): void
  /** Writes each node in order. */
  nodes(nodes: readonly Content[]): void
  /** Makes the pending run a node. */
  flush(): void
}

interface Sink extends TextSink {
  /** The pending run, or -1. */
  start: number
  end: number
  /** The existing node that is exactly the pending run, if there is one. */
  whole: Text | null
  readonly context: ParseContext
}

/** A sink writing into `children`. */
export function createTextSink(context: ParseContext, children: Content[]): TextSink {
  const sink: Sink = {
    children,
    start: -1,
    end: -1,
    whole: null,
    context,
    text,
    textNode,
    node,
    nodes,
    flush,
  }
  return sink
}

function text(this: Sink, start: number, end: number): void {
  run(this, start, end, null)
}

function textNode(this: Sink, node: Text): void {
  run(this, node.position.start.offset, node.position.end.offset, node)
}

/** Extends the pending run, or starts one (`whole`: the node that is exactly it, if any). */
function run(sink: Sink, start: number, end: number, whole: Text | null): void {
  if (end <= start) return
  if (sink.start !== -1 && sink.end === start) {
    sink.end = end
    sink.whole = null
    return
  }
  flushSink(sink)
  sink.start = start
  sink.end = end
  sink.whole = whole
}

function node(this: Sink, node: Content): void {
  if (node.type === 'text') {
    run(this, node.position.start.offset, node.position.end.offset, node)
    return
  }
  if (this.start !== -1) flushSink(this)
  this.children.push(node)
}

function nodes(this: Sink, nodes: readonly Content[]): void {
  for (let index = 0; index < nodes.length; index++) this.node(nodes[index] as Content)
}

function flush(this: Sink): void {
  flushSink(this)
}

function flushSink(sink: Sink): void {
  if (sink.start === -1) return
  sink.children.push(sink.whole ?? makeText(sink.context, sink.start, sink.end))
  sink.start = -1
  sink.whole = null
}
