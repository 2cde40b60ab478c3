import { describe, expect, it } from 'vitest'
import { TtlCache } from '../src/lib/mediawiki/lru-cache.js'

describe('TtlCache', () => {
  it('forgets an entry at its expiry and stores nothing with a TTL of 0', () => {
    let clock = 0
    const cache = new TtlCache<string, number>(100, () => clock)
    cache.set('a', 1)
    clock = 99
    expect(cache.get('a')).toBe(1)
    clock = 100
    expect(cache.get('a')).toBeUndefined()
    const off = new TtlCache<string, number>(0, () => 0)
    off.set('a', 1)
    expect(off.get('a')).toBeUndefined()
    expect(off.size).toBe(0)
  })

  it('keeps at most maxEntries, dropping the oldest set first', () => {
    const cache = new TtlCache<string, number>(60_000, () => 0, 10)
    for (let index = 0; index < 10; index++) cache.set(`k${index}`, index)
    // Setting a key again makes it the newest.
    cache.set('k0', 99)
    cache.set('k10', 10)
    expect(cache.size).toBeLessThanOrEqual(10)
    expect(cache.get('k1')).toBeUndefined()
    expect(cache.get('k0')).toBe(99)
    expect(cache.get('k10')).toBe(10)
  })

  it('stays bounded under 100,000 distinct keys', () => {
    const cache = new TtlCache<string, number>(60_000, () => 0)
    for (let index = 0; index < 100_000; index++) cache.set(`title ${index}`, index)
    expect(cache.size).toBeLessThanOrEqual(10_000)
    expect(cache.size).toBeGreaterThanOrEqual(9_000)
    expect(cache.get('title 99999')).toBe(99_999)
  })
})
