import { readdirSync, readFileSync } from 'node:fs'
import { expect, it } from 'vitest'
import { expectFixture } from '@wiki/test-utils'
import { fromWikitext, toWikitext, type Root } from '@wiki/wikitext-parser'

// Each folder of test/fixtures/ is one case: input.wikitext, with tree.json (positions included)
// and output.md as its expected renderings. UPDATE=1 rewrites the expected file instead of
// comparing; review regenerated files like code.
const root = new URL('../fixtures/', import.meta.url)

/**
 * Inside a `describe`: one test per fixture folder that parses the folder's input.wikitext, checks
 * the lossless round trip first (a tree that loses text is wrong whatever it looks like), then
 * compares `render(tree)` with the folder's `file` through expectFixture. A first test fails when
 * there are no folders at all.
 */
export function testFixtureFolders(
  file: 'tree.json' | 'output.md',
  render: (tree: Root) => string,
): void {
  const cases = readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()

  it('has cases', () => {
    expect(cases.length).toBeGreaterThan(0)
  })

  it.each(cases)('%s', (name) => {
    const input = readFileSync(new URL(`${name}/input.wikitext`, root), 'utf8')
    const tree = fromWikitext(input)
    expect(toWikitext(tree)).toBe(input)
    expectFixture(render(tree), new URL(`${name}/${file}`, root))
  })
}
