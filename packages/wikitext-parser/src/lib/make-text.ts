/**
 * A text node for [start, end) of the input. A module of its own because every pass makes text:
 * kept in one of them, it tied the others to that one and back into an import cycle.
 */
import type { ParseContext } from './preprocess/types.js'
import type { Text } from './types.js'

export function makeText(context: ParseContext, start: number, end: number): Text {
  return {
    type: 'text',
    value: context.input.slice(start, end),
    position: context.pointer.position(start, end),
  }
}
