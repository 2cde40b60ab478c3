import type { ExternalLink } from '../../types.js'
import type { State } from '../state.js'

/** `[https://u label]` → `label (https://u)`; `[https://u]` and bare URLs → `https://u`. */
export function externalLink(node: ExternalLink, state: State): void {
  const children = node.bracketed ? state.phrasingOf(() => state.all(node.children), true) : []
  if (children.length === 0) {
    state.phrase(node.url)
  } else {
    for (const child of children) state.inline(child)
    state.phrase(` (${node.url})`)
  }
  state.writeLifted()
}
