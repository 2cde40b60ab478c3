import { describe, expect, it } from 'vitest'

// The root entry's public surface. Each adapter subpath pins its own in test/api-<entry>.test.ts.
describe('public API', () => {
  it('@wiki/wiki-adapters exports exactly its names', async () => {
    expect(Object.keys(await import('@wiki/wiki-adapters')).sort()).toEqual(['WikiSourceError'])
  })
})
