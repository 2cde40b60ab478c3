import { describe, expect, it } from 'vitest'

describe('public API', () => {
  it('@wiki/wiki-adapters/ahawiki exports exactly its names', async () => {
    expect(Object.keys(await import('@wiki/wiki-adapters/ahawiki')).sort()).toEqual([
      'WikiSourceError',
      'createAhaWikiSource',
      'fromKstDateTime',
    ])
  })
})
