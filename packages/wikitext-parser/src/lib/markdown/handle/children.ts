import type { Content } from '../../types.js'
import type { State } from '../state.js'

/** Transparent containers: their children render in place. */
export function children(node: Content, state: State): void {
  if ('children' in node) state.all(node.children)
}
