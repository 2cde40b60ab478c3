import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { expectFixture } from '@wiki/test-utils'
import { archwiki, fromWikitext, toWikitext } from '@wiki/wikitext-parser'
import { toMarkdown } from '@wiki/wikitext-parser/markdown'

// Each fixture folder's output.md is the archwiki rendering of its input.wikitext; UPDATE=1
// rewrites it. Review regenerated files like code.
const root = new URL('fixtures/', import.meta.url)
const cases = readdirSync(root, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort()

describe('Markdown fixtures', () => {
  it('has cases', () => {
    expect(cases.length).toBeGreaterThan(0)
  })

  it.each(cases)('%s', (name) => {
    const input = readFileSync(new URL(`${name}/input.wikitext`, root), 'utf8')
    const tree = fromWikitext(input)
    expect(toWikitext(tree)).toBe(input)
    expectFixture(
      `${toMarkdown(tree, { profile: archwiki })}\n`,
      new URL(`${name}/output.md`, root),
    )
  })
})
