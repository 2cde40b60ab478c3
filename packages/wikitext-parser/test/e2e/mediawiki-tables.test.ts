import { describe, expect, it } from 'vitest'
import { fromWikitext, type Node } from '@wiki/wikitext-parser'
import { renderHtml, useLocalWiki } from './local-wiki.js'

// Which table parts carry attributes, against MediaWiki's own table parser: every attribute
// string here is valid HTML, so MediaWiki keeps it exactly when it splits one off, and an
// element with no attributes means it read none.
const cases: string[] = [
  '{|\n| style="color:red" | [[a|b]]\n|}',
  '{|\n| [[a|b]] | x\n|}',
  '{|\n| [[a]] | x\n|}',
  '{|\n| -{a}- | x\n|}',
  '{|\n| class="c" | x [[a]] y\n|}',
  '{|\n| class="c" -{a}- | x\n|}',
  '{|\n! scope="col" | h !! scope="row" | i\n|}',
  '{|\n| a || class="d" | b || [[c|d]] | e\n|}',
  '{|\n| class="a" | b | c\n|}',
  '{| class="t"\n|- class="r"\n| x\n|}',
  '{| {{Attributes}}\n|- {{Attributes}}\n| {{Attributes}} | x\n|}',
]

/** MediaWiki's rendered table elements, in order, with whether each has attributes. */
function renderedParts(html: string): string[] {
  return [...html.matchAll(/<(table|tr|td|th)(\s[^>]*)?>/g)].map(
    ([, name, attributes]) => `${name}${attributes?.trim() ? ' +' : ''}`,
  )
}

/** Ours in the same form: a table part has attributes when MediaWiki would print some. */
function parsedParts(tree: Node): string[] {
  const parts: string[] = []
  const walk = (node: Node): void => {
    if (
      node.type === 'table' ||
      node.type === 'tableRow' ||
      node.type === 'tableCell' ||
      node.type === 'tableCaption'
    ) {
      const name =
        node.type === 'table'
          ? 'table'
          : node.type === 'tableRow'
            ? 'tr'
            : node.type === 'tableCell' && node.header
              ? 'th'
              : 'td'
      parts.push(`${name}${node.attributes?.trim() ? ' +' : ''}`)
    }
    if ('children' in node) for (const child of node.children as Node[]) walk(child)
  }
  walk(tree)
  return parts
}

describe('table attributes agree with MediaWiki', () => {
  const local = useLocalWiki(async (wiki) => {
    await wiki.edit('Template:Attributes', 'class="from-template"')
  })

  it.each(cases)('%j', async (text) => {
    const theirs = renderedParts(await renderHtml(local.wiki, text))
    const tree = fromWikitext(text, { site: local.site })
    // MediaWiki's <tbody> is implied; an implied row of ours has no marker and no element of its own either.
    expect(parsedParts(tree)).toEqual(theirs)
    expect(theirs.length).toBeGreaterThan(2)
  })

  it('keeps the template MediaWiki took attributes from as a node', () => {
    const tree = fromWikitext('{| {{Attributes}}\n| x\n|}', { site: local.site })
    const [table] = tree.children
    const attributes = table?.type === 'table' ? table.children[0] : undefined
    expect(attributes).toMatchObject({
      type: 'tableAttributes',
      children: [{ type: 'text' }, { type: 'template', name: 'Attributes' }],
    })
  })
})
