import type { Text } from '../../types.js'
import type { State } from '../state.js'

/** Source text: paragraphs split at blank lines, leading whitespace dropped, references decoded. */
export function text(node: Text, state: State): void {
  state.text(node.value, node.position.start.offset)
}
