import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { expectFixture } from '@wiki/test-utils'
import { fromWikitext, toWikitext } from '@wiki/wikitext-parser'

// Each folder holds input.wikitext and tree.json (positions included); UPDATE=1 rewrites
// tree.json. The folders' output.md files belong to the Markdown tests.
const root = new URL('fixtures/', import.meta.url)
const cases = readdirSync(root, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort()

describe('fixtures', () => {
  it('has cases', () => {
    expect(cases.length).toBeGreaterThan(0)
  })

  it.each(cases)('%s', (name) => {
    const input = readFileSync(new URL(`${name}/input.wikitext`, root), 'utf8')
    const tree = fromWikitext(input)
    // The lossless check comes first: a tree that loses text is wrong whatever it looks like.
    expect(toWikitext(tree)).toBe(input)
    expectFixture(JSON.stringify(tree, null, 2) + '\n', new URL(`${name}/tree.json`, root))
  })
})
