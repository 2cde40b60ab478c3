import remarkStringify from 'remark-stringify'
import type { Options } from 'remark-stringify'
import { unified } from 'unified'
import type { Root } from '../types.js'
import { escapeText } from './escape-text.js'
import type { ToMdastOptions } from './to-mdast.js'
import { toMdast } from './to-mdast.js'

/** The serializer settings `arch-wiki.md` §8.1 fixes. */
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
 * Renders a wikitext tree as CommonMark: `toMdast`, then remark-stringify with the §8.1
 * settings, without the final line break.
 */
export function toMarkdown(tree: Root, options: Readonly<ToMdastOptions>): string {
  const value = processor.stringify(toMdast(tree, options))
  return value.endsWith('\n') ? value.slice(0, -1) : value
}
