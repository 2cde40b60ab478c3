import type { Content } from '../../types.js'
import { toWikitext } from '../../to-wikitext.js'
import type { State } from '../state.js'

/**
 * Verbatim passthrough: the node's wikitext as a raw `html` node, which the serializer writes
 * untouched where it stands. Dropping an unknown template would be synthesis by omission.
 */
export function raw(node: Content, state: State): void {
  state.inline({ type: 'html', value: toWikitext(node) })
}
