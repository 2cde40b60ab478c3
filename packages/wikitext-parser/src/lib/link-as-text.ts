/**
 * Writes internal links as the text they are written with, where MediaWiki finds none: in a
 * table's or row's attributes, which its table pass reads (and its sanitizer escapes, `[` as
 * `&#91;`) before links are made. What the link held stays: templates, comments, and links
 * nested in a caption become text in turn.
 */
import type { TextSink } from './text-sink.js'
import type { Content } from './types.js'

/** Writes `items` to `sink`, each internal link among them (at any depth) as its text. */
export function writeLinksAsText(sink: TextSink, items: readonly Content[]): void {
  // Pending work, last first: nodes, or text ranges as [start, end].
  const stack: (Content | readonly [number, number])[] = []
  for (let index = items.length - 1; index >= 0; index--) stack.push(items[index] as Content)
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    if (Array.isArray(item)) {
      sink.text(item[0] as number, item[1] as number)
      continue
    }
    const node = item as Content
    if (node.type !== 'internalLink') {
      sink.node(node)
      continue
    }
    // `[[`, the target, each `|` and parameter, then `]]` and the trail, pushed last first.
    const parts: (Content | readonly [number, number])[] = []
    const start = node.position.start.offset
    parts.push([start, start + 2])
    let at = start + 2
    for (const child of node.children) {
      const childStart = child.position.start.offset
      if (child.type === 'linkParameter') parts.push([childStart, childStart + 1])
      for (const grandchild of child.children) parts.push(grandchild)
      at = child.position.end.offset
    }
    parts.push([at, node.position.end.offset])
    for (let index = parts.length - 1; index >= 0; index--) stack.push(parts[index] as Content)
  }
}
