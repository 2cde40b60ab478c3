/**
 * Block-level HTML tags pair across lines. A tag left unpaired on its line (`<div>` alone, its
 * `</div>` lines later) pairs with a partner among the siblings it ends up with once a container's
 * lines are built, so the element holds the lists, preformatted blocks and text between them. A
 * tag inside a list item, table cell or other construct pairs only within it: elements never
 * cross another construct's edge.
 */
import { blockElements, pairTags } from './html-tags.js'
import type { ParseContext } from './preprocess/types.js'
import type { Content } from './types.js'

/** Pairs block-level tags among `children` and among the children of the block nodes in them. */
export function pairBlockElements(context: ParseContext, children: Content[]): Content[] {
  const paired = pairTags(context, children, blockElements)
  // Lists and tables hold their lines in items, rows and cells: a worklist, not recursion, as
  // lists nest as deep as a line's prefix is long.
  const pending: Content[] = [...paired]
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    context.work++
    let inner: Content[]
    if (node.type === 'listItem' || node.type === 'tableCell' || node.type === 'tableCaption') {
      // Their lines are their own: pair among them.
      node.children = pairTags(context, node.children, blockElements)
      inner = node.children
    } else if (
      node.type === 'list' ||
      node.type === 'table' ||
      node.type === 'tableRow' ||
      (node.type === 'htmlTag' && node.kind === 'element')
    ) {
      // Items, rows and cells, or an element's children, paired with it.
      inner = node.children
    } else continue
    for (let index = 0; index < inner.length; index++) pending.push(inner[index] as Content)
  }
  return paired
}
