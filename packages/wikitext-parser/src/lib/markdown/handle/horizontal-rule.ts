import type { HorizontalRule } from '../../types.js'
import type { State } from '../state.js'

/** `----` is a thematic break. */
export function horizontalRule(_node: HorizontalRule, state: State): void {
  state.block({ type: 'thematicBreak' })
}
