import { decodeReferences } from '../../anchor.js'
import type { ExternalLink } from '../../types.js'
import type { State } from '../state.js'

/**
 * `[https://u label]` → `label (https://u)`; `[https://u]` and bare URLs → `https://u`. The
 * address is shown as MediaWiki links it, character references decoded (`&amp;` is `&`).
 */
export function externalLink(node: ExternalLink, state: State): void {
  const children = node.bracketed ? state.phrasingOf(() => state.all(node.children), true) : []
  const url = decodeReferences(node.url)
  if (children.length === 0) {
    state.phrase(url)
  } else {
    for (const child of children) state.inline(child)
    state.phrase(` (${url})`)
  }
  state.writeLifted()
}
