import type { InternalLink } from '../../types.js'
import { decodeReferences } from '../../anchor.js'
import { toWikitext } from '../../to-wikitext.js'
import type { State } from '../state.js'
import { raw } from './raw.js'

/**
 * A link renders as its text (`[[T|d]]` → `d`, `[[T]]` → `T` without a leading `:`) and its
 * trail. Category links render nothing; file and media links stay verbatim.
 */
export function internalLink(node: InternalLink, state: State): void {
  if (node.kind === 'category') {
    state.invisible()
    return
  }
  if (node.kind === 'file' || node.kind === 'media') {
    raw(node, state)
    return
  }
  const [target, ...parameters] = node.children
  if (parameters.length === 0) {
    state.phrase(decodeReferences(toWikitext(target).trim().replace(/^:/, '')))
  } else {
    parameters.forEach((parameter, i) => {
      if (i > 0) state.phrase('|')
      state.all(parameter.children)
    })
  }
  if (node.trail !== '') state.phrase(node.trail)
}
