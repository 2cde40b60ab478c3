import type { Heading } from '../../types.js'
import type { State } from '../state.js'

/** `==T==` is depth 2, … `======T======` depth 6, `=T=` depth 1. */
export function heading(node: Heading, state: State): void {
  const children = state.phrasingOf(() => state.all(node.children), true)
  state.block({ type: 'heading', depth: node.depth, children })
  state.writeLifted()
}
