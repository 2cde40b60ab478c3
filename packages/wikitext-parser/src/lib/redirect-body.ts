/**
 * Where MediaWiki starts parsing a redirect page. Its content handler cuts `#REDIRECT [[target]]`
 * and the whitespace after it off and parses only the rest, so the section offsets of
 * `action=parse` count from there (`#REDIRECT [[Foo]]\n== a ==` has its heading at 0).
 */
import type { Root } from './types.js'

/** The UTF-16 offset where the parsed text of `tree`'s page begins: 0 unless it redirects. */
export function redirectBodyStart(tree: Root, wikitext: string): number {
  // Spaces before the redirect make its line a preformatted one here; MediaWiki trims them.
  const [first] = tree.children
  const nodes = first?.type === 'preformatted' ? first.children : tree.children
  for (const node of nodes) {
    if (node.type === 'redirect') {
      const link = node.children[node.children.length - 1]
      if (link?.type !== 'internalLink') return 0
      let at = link.position.end.offset - link.trail.length
      // PCRE's `\s`: ASCII whitespace only.
      while (at < wikitext.length && /[ \t\n\v\f\r]/u.test(wikitext.charAt(at))) at++
      return at
    }
    if (node.type !== 'text' || node.value.trim() !== '') return 0
  }
  return 0
}
