import { decodeReferences } from '../../anchor.js'
import type { ExternalLink } from '../../types.js'
import type { State } from '../state.js'

/**
 * `[https://u label]` → `label (https://u)`; `[https://u]` and bare URLs → `https://u`. The
 * address is shown as MediaWiki links it (and shows a bare one): character references decoded
 * (`&amp;` is `&`), then what a URL cannot hold escaped (`|` is `%7C`).
 */
export function externalLink(node: ExternalLink, state: State): void {
  const children = node.bracketed ? state.phrasingOf(() => state.all(node.children), true) : []
  const url = linkedAddress(node.url)
  if (children.length === 0) {
    state.phrase(url)
  } else {
    for (const child of children) state.inline(child)
    state.phrase(` (${url})`)
  }
  state.writeLifted()
}

/** The address as MediaWiki's Sanitizer::cleanUrl writes it. */
function linkedAddress(url: string): string {
  return decodeReferences(url).replace(unsafeInUrl, (char) => {
    const code = char.charCodeAt(0)
    return `%${code < 16 ? '0' : ''}${code.toString(16).toUpperCase()}`
  })
}
const unsafeInUrl = /[[\]<>"|\u0000-\u0020\u007F]/gu
