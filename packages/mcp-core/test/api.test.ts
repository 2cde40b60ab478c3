import { describe, expect, it } from 'vitest'

// The public surface of every entry, by name: adding or removing one is a reviewed change.
const entries: [string, string[]][] = [
  ['@wiki/mcp-core', []],
  ['@wiki/mcp-core/stdio', []],
  ['@wiki/mcp-core/http', []],
  ['@wiki/mcp-core/node', []],
]

describe('public API', () => {
  it.each(entries)('%s exports exactly its names', async (specifier, names) => {
    expect(Object.keys(await import(specifier)).sort()).toEqual([...names].sort())
  })
})
