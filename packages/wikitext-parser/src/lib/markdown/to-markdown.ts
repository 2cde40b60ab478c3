import remarkStringify from 'remark-stringify'
import type { Options } from 'remark-stringify'
import { unified } from 'unified'
import type { Root } from '../types.js'
import { escapeText } from './escape-text.js'
import type { ToMdastOptions } from './to-mdast.js'
import { toMdast } from './to-mdast.js'

/** The serializer settings: one output for one tree, whatever remark-stringify's defaults. */
export const serializerSettings: Readonly<Options> = {
  bullet: '-',
  bulletOrdered: '.',
  emphasis: '*',
  strong: '*',
  fence: '`',
  fences: true,
  listItemIndent: 'one',
  rule: '-',
  incrementListMarker: true,
}

const processor = unified()
  // Same output as the library's text handler, escaping with only the patterns that can match.
  .use(remarkStringify, { ...serializerSettings, handlers: { text: escapeText } })
  .freeze()

/**
 * Renders a wikitext tree as CommonMark: `toMdast`, then remark-stringify with those
 * settings, without the final line break.
 */
export function toMarkdown(tree: Root, options: Readonly<ToMdastOptions>): string {
  const value = processor.stringify(toMdast(tree, options))
  return value.endsWith('\n') ? value.slice(0, -1) : value
}
