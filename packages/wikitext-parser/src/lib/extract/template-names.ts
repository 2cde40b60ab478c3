import type { Node, Root } from '../types.js'

/**
 * MediaWiki's page-name form of a template name: spaces and `_` collapsed to one space, trimmed,
 * the first letter upper-cased and the rest kept as written (titles are case-insensitive in their
 * first letter only). Template aliases are looked up under this form.
 */
export function canonicalTemplateName(name: string): string {
  const spaced = name.replace(/[ _]+/g, ' ').trim()
  const first = spaced.codePointAt(0)
  if (first === undefined) return spaced
  const head = String.fromCodePoint(first)
  return head.toUpperCase() + spaced.slice(head.length)
}

/**
 * The name of every template and magic word of a page, at every depth, in document order and as
 * written (duplicates kept): outside comments, nowiki and opaque tags, code templates and bodiless
 * ones included. A call with a modifier (`subst:`) is left out, as its name is not a page.
 */
export function templateNamesOf(tree: Root): string[] {
  const names: string[] = []
  const stack: Node[] = [tree]
  while (stack.length > 0) {
    const node = stack.pop() as Node
    if ((node.type === 'template' || node.type === 'magicWord') && node.modifier === null) {
      names.push(node.name)
    }
    if ('children' in node)
      for (let index = node.children.length - 1; index >= 0; index--)
        stack.push(node.children[index] as Node)
  }
  return names
}
