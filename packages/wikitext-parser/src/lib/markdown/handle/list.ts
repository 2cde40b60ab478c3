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
    // An item with no marker and nothing of its own is one MediaWiki opens for a level the
    // next line skips (`*a` then `***b`): its sublist takes its place, nested in the item above.
    if (item.marker !== '' || own.some(holdsContent)) listLine(item, own, state)
    for (let i = nested.length - 1; i >= 0; i--) pending.push(nested[i] as ListItem)
  }
}

/** Whether a node shows anything: not a line break or spaces, not a comment. */
function holdsContent(node: Content): boolean {
  if (node.type === 'text') return node.value.trim() !== ''
  return node.type !== 'comment'
}

/** One list line outside a list. */
export function listItem(node: ListItem, state: State): void {
  listLine(node, node.children, state)
}

function listLine(node: ListItem, children: readonly Content[], state: State): void {
  state.listLine(node.marker, () => state.all(children))
}
