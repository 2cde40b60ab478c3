import { makeText } from './make-text.js'
import type { ParseContext } from './preprocess/types.js'
import type { Content, Redirect, Root } from './types.js'

/** `#REDIRECT [[target]]` at the start of the page becomes a `redirect` node. */
export function redirect(context: ParseContext, tree: Root): void {
  const [first, link] = tree.children
  if (first?.type !== 'text' || link?.type !== 'internalLink') return
  const lead = /^\s*/u.exec(first.value)?.[0] ?? ''
  const rest = first.value.slice(lead.length)
  const word = context.site.redirects.find(
    (candidate) => rest.slice(0, candidate.length).toLowerCase() === candidate.toLowerCase(),
  )
  if (word === undefined) return
  const between = rest.slice(word.length)
  if (!/^\s*:?\s*$/u.test(between)) return
  const start = first.position.start.offset + lead.length
  const wordEnd = start + word.length
  const children: Content[] = []
  if (between !== '') children.push(makeText(context, wordEnd, first.position.end.offset))
  // MediaWiki reads a redirect's target as a plain link, whatever its namespace (a category or
  // file is linked, not added or shown), and parses the text after its `]]` on its own: no trail.
  const linkEnd = link.position.end.offset - link.trail.length
  children.push({
    ...link,
    kind: link.kind === 'category' || link.kind === 'file' ? 'page' : link.kind,
    trail: '',
    position: context.pointer.position(link.position.start.offset, linkEnd),
  })
  const node: Redirect = {
    type: 'redirect',
    value: context.input.slice(start, wordEnd),
    children,
    position: context.pointer.position(start, linkEnd),
  }
  tree.children.splice(
    0,
    2,
    ...(lead === '' ? [] : [makeText(context, first.position.start.offset, start)]),
    node,
    ...(linkEnd < link.position.end.offset
      ? [makeText(context, linkEnd, link.position.end.offset)]
      : []),
  )
}
