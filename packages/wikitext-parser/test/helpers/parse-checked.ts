import { fromWikitext, toWikitext, type Root } from '@wiki/wikitext-parser'
import { expect } from 'vitest'
import { invariantProblems } from './invariants.js'

/**
 * Parses `input` with the default site and fails the test unless the tree serialises back to the
 * input and every node keeps the lossless invariants, so each construct's test checks those too.
 */
export function parse(input: string): Root {
  const tree = fromWikitext(input)
  expect(toWikitext(tree)).toBe(input)
  expect(invariantProblems(tree, input)).toEqual([])
  return tree
}
