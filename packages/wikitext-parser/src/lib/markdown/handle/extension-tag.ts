import type { ExtensionTag } from '../../types.js'
import type { State } from '../state.js'
import { raw } from './raw.js'

/** `<nowiki>` is literal text (nothing inside is interpreted); other tags stay verbatim. */
export function extensionTag(node: ExtensionTag, state: State): void {
  if (node.name !== 'nowiki') {
    raw(node, state)
    return
  }
  if (node.value === null || node.value === '') state.invisible()
  else state.phrase(node.value)
}
