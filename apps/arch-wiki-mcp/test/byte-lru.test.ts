import { describe, expect, it } from 'vitest'
import { createByteLru } from '../src/byte-lru.js'

describe('createByteLru', () => {
  it('evicts the least recently used entries beyond the byte bound', () => {
    const lru = createByteLru<string>(10)
    lru.set('a', 'A', 4)
    lru.set('b', 'B', 4)
    expect(lru.get('a')).toBe('A') // a is now the newest
    lru.set('c', 'C', 4)
    expect(lru.get('b')).toBeUndefined()
    expect(lru.get('a')).toBe('A')
    expect(lru.get('c')).toBe('C')
    expect(lru.bytes).toBe(8)
  })

  it('never stores a value larger than the bound, and replaces a key in place', () => {
    const lru = createByteLru<string>(10)
    lru.set('big', 'X', 11)
    expect(lru.size).toBe(0)
    lru.set('a', 'A', 3)
    lru.set('a', 'A2', 5)
    expect(lru.get('a')).toBe('A2')
    expect(lru.bytes).toBe(5)
  })

  it('computes on a miss only', () => {
    const lru = createByteLru<number>(100)
    let calls = 0
    const compute = () => ++calls
    expect(lru.through('k', compute, () => 1)).toBe(1)
    expect(lru.through('k', compute, () => 1)).toBe(1)
    expect(calls).toBe(1)
  })
})
