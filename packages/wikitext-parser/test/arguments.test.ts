import { describe, expect, it } from 'vitest'
import {
  WikitextParserError,
  admonitionsOf,
  archwiki,
  cleanCode,
  cleanMessage,
  cleanSnippet,
  codeBlocksOf,
  fromWikitext,
  linksOf,
  templatesOf,
} from '@wiki/wikitext-parser'
import { toMarkdown, toMdast } from '@wiki/wikitext-parser/markdown'
import { thrown } from './helpers/thrown.js'

const tree = fromWikitext('{{bc|x}} {{Note|y}} [[a]]')

// Callers from plain JavaScript get a WikitextParserError naming the argument, the value's kind
// and what was expected, never a TypeError from inside an extractor.
describe('arguments that are not what a function takes', () => {
  it.each([
    [
      'codeBlocksOf without a profile',
      () => codeBlocksOf(tree, {} as never),
      'invalid_profile',
      'options.profile: expected a profile from defineProfile() (or archwiki), got undefined',
    ],
    [
      'templatesOf with a profile definition',
      () => templatesOf(tree, { profile: { name: 'p', templates: {} } } as never),
      'invalid_profile',
      'options.profile: expected a profile from defineProfile() (or archwiki), got an object',
    ],
    [
      'admonitionsOf without options',
      () => admonitionsOf(tree, undefined as never),
      'invalid_option',
      'options: expected an object with a profile, got undefined',
    ],
    [
      'toMarkdown without a profile',
      () => toMarkdown(tree, {} as never),
      'invalid_profile',
      'options.profile',
    ],
    [
      'toMdast with a string for a tree',
      () => toMdast('== a ==' as never, { profile: archwiki }),
      'invalid_option',
      'tree: expected a root from fromWikitext(), got string',
    ],
    [
      'codeBlocksOf with a node for a tree',
      () => codeBlocksOf(tree.children[0] as never, { profile: archwiki }),
      'invalid_option',
      'tree: expected a root from fromWikitext(), got a "template" node',
    ],
    [
      'linksOf with an array of prefixes',
      () => linksOf(tree, { excludedPrefixes: ['file'] } as never),
      'invalid_option',
      'options.excludedPrefixes: expected a Set',
    ],
    [
      'cleanCode without a profile',
      () => cleanCode('x', undefined as never),
      'invalid_profile',
      'profile: expected a profile',
    ],
    [
      'cleanMessage with a number',
      () => cleanMessage(42 as never, archwiki),
      'invalid_option',
      'value: expected a string, got number',
    ],
    [
      'cleanSnippet with null',
      () => cleanSnippet(null as never, archwiki),
      'invalid_option',
      'value: expected a string, got null',
    ],
  ])('%s', (_name, call, code, message) => {
    const error = thrown(call)
    expect(error).toBeInstanceOf(WikitextParserError)
    expect((error as WikitextParserError).code).toBe(code)
    expect((error as Error).message).toContain(message)
  })

  it('accepts what they take', () => {
    expect(codeBlocksOf(tree, { profile: archwiki })).toHaveLength(1)
    expect(linksOf(tree, { excludedPrefixes: new Set(['file']) })).toHaveLength(1)
    expect(toMarkdown(tree, { profile: archwiki })).toContain('**Note:**')
  })
})
