import { readFileSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'
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
    [
      'UsageError',
      'formatRegistration',
      'readHttpSettings',
      'readSvgIcon',
      'registrationSnippets',
      'runServerCli',
      'serveHttp',
    ],
  ],
]

describe('public API', () => {
  it.each(entries)('%s exports exactly its names', async (specifier, names) => {
    expect(Object.keys(await import(specifier)).sort()).toEqual([...names].sort())
  })
})

/** Every module an entry reaches through relative imports, by absolute file path. */
function reachable(entry: string): Map<string, string> {
  const seen = new Map<string, string>()
  const visit = (file: string): void => {
    if (seen.has(file)) return
    const text = readFileSync(file, 'utf8')
    seen.set(file, text)
    for (const [, specifier] of text.matchAll(/from '(\.{1,2}\/[^']+)'/g)) {
      visit(fileURLToPath(new URL(specifier!.replace(/\.js$/, '.ts'), pathToFileURL(file))))
    }
  }
  visit(fileURLToPath(new URL(`../src/${entry}`, import.meta.url)))
  return seen
}

describe('platform-neutral entries', () => {
  it.each([['index.ts'], ['http.ts']])('src/%s reaches no node:* module', (entry) => {
    const modules = reachable(entry)
    expect(modules.size).toBeGreaterThan(3)
    const offenders = [...modules].filter(([, text]) => /from 'node:|import\('node:/.test(text))
    expect(offenders.map(([file]) => file)).toEqual([])
  })

  it('src/stdio.ts does reach node:* (the check above can fail)', () => {
    const modules = [...reachable('stdio.ts').values()]
    expect(modules.some((text) => text.includes("from 'node:"))).toBe(true)
  })
})
