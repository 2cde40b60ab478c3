import { describe, expect, it } from 'vitest'
import {
  admonitionsOf,
  archwiki,
  cleanCode,
  cleanMessage,
  codeBlocksOf,
  fromWikitext,
  linksOf,
} from '@wiki/wikitext-parser'
import { toMarkdown } from '@wiki/wikitext-parser/markdown'

// Deep input must never reach the call stack: walks use explicit stacks, and
// renderers copy constructs nested past their depth limit as written.
describe('extractors and renderer on deep input', () => {
  // 20,000 levels already overflow any recursive walk; the parser's own suite covers 100,000.
  const n = 20_000
  const nested = '{{a|'.repeat(n) + '[[x]] {{Note|deep}}' + '}}'.repeat(n)

  it('extracts from 20,000 nested templates', () => {
    const tree = fromWikitext(nested)
    expect(linksOf(tree, { excludedPrefixes: new Set() }).map((link) => link.target)).toEqual(['x'])
    expect(admonitionsOf(tree, { profile: archwiki }).map((found) => found.raw)).toEqual(['deep'])
    expect(codeBlocksOf(tree, { profile: archwiki })).toEqual([])
  }, 60_000)

  it('renders 20,000 nested templates verbatim', () => {
    expect(toMarkdown(fromWikitext(nested), { profile: archwiki })).toBe(nested)
  }, 60_000)

  it('cleans deeply nested code and prose without throwing', () => {
    const code = '{{bc|' + "''a ".repeat(10_000) + '{{ic|'.repeat(n) + 'x' + '}}'.repeat(n) + '}}'
    expect(() => codeBlocksOf(fromWikitext(code), { profile: archwiki })).not.toThrow()
    expect(cleanCode('{{ic|'.repeat(n) + 'x' + '}}'.repeat(n), archwiki).text).toContain('{{ic|')
    expect(cleanMessage('[[a|'.repeat(n) + 'b' + ']]'.repeat(n), archwiki)).toContain('b')
  }, 60_000)
})
