import type { Content, List, ListItem } from '../../types.js'
import type { State } from '../state.js'

/**
 * List lines nest by their prefixes: the `*`/`#` characters are the levels, the innermost
 * decides the list type, `*:`/`#:` continue the item, and bare `:`/`;` lines are paragraphs.
 * Nested lists of the tree are flattened back into lines (each item carries its whole prefix),
 * so one nesting pass sees them all.
 */
export function list(node: List, state: State): void {
  const pending: ListItem[] = [...node.children].reverse()
  for (let item = pending.pop(); item; item = pending.pop()) {
    const own: Content[] = []
    const nested: ListItem[] = []
    for (const child of item.children) {
      if (child.type === 'list') nested.push(...child.children)
      else own.push(child)
    }
    listLine(item, own, state)
    for (let i = nested.length - 1; i >= 0; i--) pending.push(nested[i] as ListItem)
  }
}

/** One list line outside a list. */
export function listItem(node: ListItem, state: State): void {
  listLine(node, node.children, state)
}

function listLine(node: ListItem, children: readonly Content[], state: State): void {
  const levels = node.marker.replace(/[^*#]/g, '')
  const last = node.marker.at(-1)
  const continuation = levels !== '' && (last === ':' || last === ';')
  state.listLine(levels, continuation, () => state.all(children))
}
