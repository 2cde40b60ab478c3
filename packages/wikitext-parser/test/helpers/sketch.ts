import type { Content, Node } from '@wiki/wikitext-parser'
import { parse } from './parse-checked.js'

/** A compact picture of a tree: types with names, text as quoted strings. */
export function sketch(node: Node): unknown {
  if (node.type === 'text') return node.value
  const label =
    'name' in node && typeof node.name === 'string' && node.type !== 'templateParameter'
      ? `${node.type}:${node.name}`
      : node.type === 'heading'
        ? `heading${node.depth}`
        : node.type === 'internalLink'
          ? `link:${node.target}`
          : node.type
  if (!('children' in node)) return label
  return { [label]: (node.children as Content[]).map(sketch) }
}

/** The sketches of the top-level nodes of `input`, parsed with its invariants checked. */
export const top = (input: string): unknown[] => parse(input).children.map(sketch)
