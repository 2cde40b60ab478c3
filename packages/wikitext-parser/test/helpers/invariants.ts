import { createLocator, toWikitext, type Node, type Root } from '@wiki/wikitext-parser'

/**
 * Checks the tree's lossless invariants over a whole tree, iteratively: every node serialises to
 * its slice, points agree with the locator, children lie inside their parent in order without
 * overlap. Returns the problems found (empty when all hold) so a failure names the node.
 */
export function invariantProblems(tree: Root, input: string): string[] {
  const problems: string[] = []
  const locator = createLocator(input)
  const stack: Node[] = [tree]
  while (stack.length > 0 && problems.length < 5) {
    const node = stack.pop() as Node
    const { start, end } = node.position
    if (!(start.offset >= 0 && start.offset <= end.offset && end.offset <= input.length)) {
      problems.push(`${node.type}: bad range ${start.offset}..${end.offset}`)
      continue
    }
    const slice = input.slice(start.offset, end.offset)
    if (toWikitext(node) !== slice) {
      problems.push(
        `${node.type} at ${start.offset}: serialises to ${JSON.stringify(toWikitext(node).slice(0, 60))}, slice is ${JSON.stringify(slice.slice(0, 60))}`,
      )
    }
    for (const point of [start, end]) {
      const expected = locator.toPoint(point.offset)
      if (expected.line !== point.line || expected.column !== point.column) {
        problems.push(`${node.type}: point ${JSON.stringify(point)} disagrees with the locator`)
      }
    }
    if ('children' in node) {
      let cursor = start.offset
      for (const child of node.children) {
        if (child.position.start.offset < cursor || child.position.end.offset > end.offset) {
          problems.push(
            `${child.type} at ${child.position.start.offset} is outside or overlaps within ${node.type} at ${start.offset}`,
          )
        }
        cursor = child.position.end.offset
        stack.push(child)
      }
    }
  }
  return problems
}

/** Every node of a tree in pre-order, iteratively. */
export function allNodes(tree: Node): Node[] {
  const result: Node[] = []
  const stack: Node[] = [tree]
  while (stack.length > 0) {
    const node = stack.pop() as Node
    result.push(node)
    if ('children' in node) {
      for (let index = node.children.length - 1; index >= 0; index--) {
        const child = node.children[index]
        if (child) stack.push(child)
      }
    }
  }
  return result
}
