import type { Content } from '../../types.js'
import type { State } from '../state.js'

/** Comments, behaviour switches and inclusion tags render nothing (the spaces around stay). */
export function invisible(_node: Content, state: State): void {
  state.invisible()
}
