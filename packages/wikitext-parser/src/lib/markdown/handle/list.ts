import type { List, ListItem } from '../../types.js'
import type { State } from '../state.js'

/**
 * List lines nest by their prefixes: the `*`/`#` characters are the levels, the innermost
 * decides the list type, `*:`/`#:` continue the item, and bare `:`/`;` lines are paragraphs.
 */
export function list(node: List, state: State): void {
  for (const item of node.children) listItem(item, state)
}

/** One list line. */
export function listItem(node: ListItem, state: State): void {
  const levels = node.marker.replace(/[^*#]/g, '')
  const last = node.marker.at(-1)
  const continuation = levels !== '' && (last === ':' || last === ';')
  state.listLine(levels, continuation, () => state.all(node.children))
}
