import type { LinkParameter } from './types.js'

/**
 * A link parameter's text with comments gone, or undefined when it holds anything else: how a file
 * link's option (`thumb`, `200px`, `link=`) reads when only text can name one.
 */
export function parameterText(parameter: LinkParameter): string | undefined {
  let text = ''
  for (const node of parameter.children) {
    if (node.type === 'text') text += node.value
    else if (node.type !== 'comment') return undefined
  }
  return text
}
