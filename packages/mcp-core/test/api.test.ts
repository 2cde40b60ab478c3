import { describe, expect, it } from 'vitest'

// The public surface of every entry, by name: adding or removing one is a reviewed change.
const entries: [string, string[]][] = [
  [
    '@wiki/mcp-core',
    ['SUPPORTED_PROTOCOL_VERSIONS', 'ToolError', 'createServer', 'definePrompt', 'defineTool'],
  ],
  ['@wiki/mcp-core/stdio', ['serveStdio']],
  ['@wiki/mcp-core/http', ['createHttpHandler']],
  [
    '@wiki/mcp-core/node',
    ['formatRegistration', 'readHttpSettings', 'registrationSnippets', 'serveHttp'],
  ],
]

describe('public API', () => {
  it.each(entries)('%s exports exactly its names', async (specifier, names) => {
    expect(Object.keys(await import(specifier)).sort()).toEqual([...names].sort())
  })
})
