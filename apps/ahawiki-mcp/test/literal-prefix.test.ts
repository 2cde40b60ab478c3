import { describe, expect, it } from 'vitest'
import { keepLiteralPrefix } from '../src/lib/literal-prefix.js'

describe('keepLiteralPrefix', () => {
  const rows = ['a_b', 'axb', 'a%c', 'abc', 'A_b'].map((name) => ({ name }))

  it('neutralises LIKE wildcards by filtering literally and case-sensitively', () => {
    expect(keepLiteralPrefix(rows, 'a_').map((r) => r.name)).toEqual(['a_b'])
    expect(keepLiteralPrefix(rows, 'a%').map((r) => r.name)).toEqual(['a%c'])
  })

  it('keeps every row for an empty prefix', () => {
    expect(keepLiteralPrefix(rows, '')).toEqual(rows)
  })
})
