import { describe, expect, it } from 'vitest'

describe('public API', () => {
  it('@wiki/wiki-adapters/mediawiki exports exactly its names', async () => {
    expect(Object.keys(await import('@wiki/wiki-adapters/mediawiki')).sort()).toEqual([
      'FALLBACK_LINK_PREFIXES',
      'WikiSourceError',
      'canonicalTemplateName',
      'createMediaWikiSource',
      'createMemoryRecordingStore',
      'namespaceOfTitle',
      'recordMediaWiki',
      'recordingFileName',
      'safeRecordingKey',
      'selfAttestingType',
    ])
  })
})
