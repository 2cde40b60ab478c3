/**
 * A children array that joins adjacent text as it is written. Text arrives as offset ranges and
 * becomes one node per contiguous run when anything else is written or the sink is flushed, so
 * pass 2 never makes a text node only to merge it away. A run that is exactly one existing
 * text node keeps that node.
 */
import { makeText } from './make-text.js'
import type { ParseContext } from './preprocess.js'
import type { Content, Text } from './types.js'

export class TextSink {
  readonly children: Content[]
  private start = -1
  private end = -1
  /** The existing node that is exactly the pending run, if there is one. */
  private whole: Text | null = null
  private readonly context: ParseContext

  constructor(context: ParseContext, children: Content[]) {
    this.context = context
    this.children = children
  }

  /** Writes the characters in [start, end). */
  text(start: number, end: number): void {
    this.run(start, end, null)
  }

  /** Writes a text node, kept as it is unless it joins its neighbours. */
  textNode(node: Text): void {
    this.run(node.position.start.offset, node.position.end.offset, node)
  }

  /** Extends the pending run, or starts one (`whole`: the node that is exactly it, if any). */
  private run(start: number, end: number, whole: Text | null): void {
    if (end <= start) return
    if (this.start !== -1 && this.end === start) {
      this.end = end
      this.whole = null
      return
    }
    this.flush()
    this.start = start
    this.end = end
    this.whole = whole
  }

  /** Writes any node. */
  node(node: Content): void {
    if (node.type === 'text') {
      this.textNode(node)
      return
    }
    if (this.start !== -1) this.flush()
    this.children.push(node)
  }

  /** Writes each node in order. */
  nodes(nodes: readonly Content[]): void {
    for (let index = 0; index < nodes.length; index++) this.node(nodes[index] as Content)
  }

  /** Makes the pending run a node. */
  flush(): void {
    if (this.start === -1) return
    this.children.push(this.whole ?? makeText(this.context, this.start, this.end))
    this.start = -1
    this.whole = null
  }
}
