import { describe, expect, it } from 'vitest'

// The public surface of every entry, by name: adding or removing one is a reviewed change.
const entries: [string, string[]][] = [
  [
    '@wiki/provenance',
    [
      'ADMONITION_TYPES',
      'BACKLINK_KINDS',
      'BLOCK_TYPES',
      'CATEGORY_MEMBER_KINDS',
      'CODE_SOURCE_PATTERNS',
      'DEFAULT_WIKI_SITE_OPTIONS',
      'EVIDENCE_ERROR_CODES',
      'GONE_REASONS',
      'MalformedWikiUrl',
      'ProvenanceError',
      'RECENT_CHANGE_KINDS',
      'RECHECK_KINDS',
      'RECHECK_STATUSES',
      'SOURCE_PATTERNS',
      'VERIFY_METHODS',
      'aliasRevisionUrl',
      'asAttributed',
      'asPointer',
      'createWikiSite',
      'effectivePort',
      'hashContent',
      'judgeRecheck',
      'judgeVerifyClaim',
      'pageUrl',
      'parseTitleOrUrl',
      'percentEncode',
      'percentEncodeAnchor',
      'readRecheckClaim',
      'readVerifyClaim',
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
