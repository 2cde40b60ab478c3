import { describe, expect, it } from 'vitest'

// The public surface of every entry, by name: adding or removing one is a reviewed change.
const entries: [string, string[]][] = [
  [
    '@wiki/wikitext-parser',
    [
      'WikitextParserError',
      'admonitionsOf',
      'archwiki',
      'canonicalTemplateName',
      'cleanCode',
      'cleanMessage',
      'cleanSnippet',
      'codeBlocksOf',
      'createLocator',
      'defaultSite',
      'defineProfile',
      'defineSite',
      'fromWikitext',
      'linksOf',
      'roleOf',
      'sectionOffsetLanding',
      'sectionSliceAt',
      'sectionsOf',
      'siteFromSiteinfo',
      'templateNamesOf',
      'templatesOf',
      'toWikitext',
    ],
  ],
  ['@wiki/wikitext-parser/markdown', ['handlers', 'toMarkdown', 'toMdast']],
]

describe('public API', () => {
  it.each(entries)('%s exports exactly its names', async (specifier, names) => {
    expect(Object.keys(await import(specifier)).sort()).toEqual([...names].sort())
  })
})
