import type { Content, Node } from '../types.js'

/**
 * Visits `tree` in document order (pre-order) with an explicit stack, so depth never reaches
 * the call stack. `visit` returning `false` skips the node's children.
 */
export function walk(tree: Node, visit: (node: Content) => boolean | void): void {
  const stack: Content[] = []
  if ('children' in tree) pushChildren(stack, tree.children)
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (visit(node) === false) continue
    if ('children' in node) pushChildren(stack, node.children)
  }
}

function pushChildren(stack: Content[], children: readonly Content[]): void {
  for (let i = children.length - 1; i >= 0; i--) stack.push(children[i] as Content)
}

/**
 * Whether a node hides its content from every scanner (the mask is the tree, not a second pass): comments,
 * `<nowiki>` and opaque extension tags.
 */
export function isMasked(node: Content): boolean {
  return node.type === 'comment' || (node.type === 'extensionTag' && node.value !== null)
}

/** Offsets `[start, end)` of a node. */
export interface Span {
  start: number
  end: number
}

/** The UTF-16 offsets of a node. */
export function spanOf(node: Node): Span {
  return { start: node.position.start.offset, end: node.position.end.offset }
}
