import { describe, expect, it } from 'vitest'

// The public surface of every entry, by name: adding or removing one is a reviewed change.
const entries: [string, string[]][] = [
  [
    '@wiki/provenance',
    [
      'DEFAULT_WIKI_SITE_OPTIONS',
      'EVIDENCE_ERROR_CODES',
      'MalformedWikiUrl',
      'ProvenanceError',
      'aliasRevisionUrl',
      'asAttributed',
      'asPointer',
      'createWikiSite',
      'effectivePort',
      'hashContent',
      'pageUrl',
      'parseTitleOrUrl',
      'percentEncode',
      'percentEncodeAnchor',
      'restoreIndentedMarkers',
      'revisionUrl',
      'revisionWikitextUrl',
      'unifiedDiff',
      'verifySubstring',
    ],
  ],
]

describe('public API', () => {
  it.each(entries)('%s exports exactly its names', async (specifier, names) => {
    expect(Object.keys(await import(specifier)).sort()).toEqual([...names].sort())
  })
})
