import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ESLint } from 'eslint'
import tseslint from 'typescript-eslint'
import { afterAll, describe, expect, it } from 'vitest'
import local from '../../../scripts/eslint/no-import-cycles.mjs'
import { repoPath } from '../src/index.js'

// The local ESLint rule that keeps sources free of import cycles (scripts/eslint/), run on small
// modules written to a temporary folder, then checked to be on for every workspace's sources.
const folders: string[] = []
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
})

/** Lints `files` (name → source) with the rule alone; returns "file: message" lines. */
async function lint(files: Record<string, string>): Promise<string[]> {
  const folder = mkdtempSync(join(tmpdir(), 'import-cycles-'))
  folders.push(folder)
  for (const [name, text] of Object.entries(files)) writeFileSync(join(folder, name), text)
  const eslint = new ESLint({
    cwd: folder,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tseslint.parser },
        plugins: { local },
        rules: { 'local/no-import-cycles': 'error' },
      },
    ],
  })
  const results = await eslint.lintFiles(['.'])
  return results
    .flatMap((result) =>
      result.messages.map((message) => {
        expect([message.ruleId, message.message]).toEqual([
          'local/no-import-cycles',
          expect.any(String),
        ])
        return `${result.filePath.slice(folder.length + 1)}: ${message.message.replace(/\. Move .*$/su, '')}`
      }),
    )
    .sort()
}

describe('local/no-import-cycles', () => {
  it('reports a pair of modules that import each other, on both', async () => {
    expect(
      await lint({
        'a.ts': "import { b } from './b.js'\nexport const a = (): number => b\n",
        'b.ts': "import { a } from './a.js'\nexport const b = 1\nexport const c = a\n",
      }),
    ).toEqual(['a.ts: Import cycle: a.ts → b.ts → a.ts', 'b.ts: Import cycle: b.ts → a.ts → b.ts'])
  })

  it('reports longer chains, re-exports and a module importing itself', async () => {
    expect(
      await lint({
        'a.ts': "export { b } from './b.js'\nexport const a = 1\n",
        'b.ts': "import { c } from './c.js'\nexport const b = c\n",
        'c.ts': "import * as a from './a.js'\nexport const c = a\n",
        'd.ts': "import './d.js'\nexport const d = 1\n",
      }),
    ).toEqual([
      'a.ts: Import cycle: a.ts → b.ts → c.ts → a.ts',
      'b.ts: Import cycle: b.ts → c.ts → a.ts → b.ts',
      'c.ts: Import cycle: c.ts → a.ts → b.ts → c.ts',
      'd.ts: Import cycle: d.ts → d.ts',
    ])
  })

  it('lets type-only imports and exports form cycles, and dynamic imports', async () => {
    expect(
      await lint({
        'a.ts': "import type { B } from './b.js'\nexport type A = B | string\n",
        'b.ts': "import type { A } from './a.js'\nexport type B = number\nexport type C = A\n",
        'c.ts': "export type { D } from './d.js'\nexport type C = string\n",
        'd.ts': "export type { C } from './c.js'\nexport type D = number\n",
        'e.ts': "import { f } from './f.js'\nexport const e = f\n",
        'f.ts': "export const f = 1\nexport const g = async () => import('./e.js')\n",
      }),
    ).toEqual([])
  })

  it('counts `import { type A }` and `export { type A } from`, which still load the module', async () => {
    // verbatimModuleSyntax compiles them to `import {} from './b.js'` and `export {} from './d.js'`.
    expect(
      await lint({
        'a.ts': "import { type B } from './b.js'\nexport type A = B\nexport const a = 1\n",
        'b.ts': "import { a } from './a.js'\nexport type B = number\nexport const b = a\n",
        'c.ts': "export { type D } from './d.js'\nexport const c = 1\n",
        'd.ts': "import { c } from './c.js'\nexport type D = number\nexport const d = c\n",
      }),
    ).toEqual([
      'a.ts: Import cycle: a.ts → b.ts → a.ts',
      'b.ts: Import cycle: b.ts → a.ts → b.ts',
      'c.ts: Import cycle: c.ts → d.ts → c.ts',
      'd.ts: Import cycle: d.ts → c.ts → d.ts',
    ])
  })

  it('is an error for the sources of every package, app and internal workspace', async () => {
    const eslint = new ESLint({ cwd: repoPath() })
    for (const file of [
      'packages/wikitext-parser/src/lib/blocks.ts',
      'packages/mcp-core/src/index.ts',
      'packages/provenance/src/index.ts',
      'packages/wiki-adapters/src/index.ts',
      'apps/arch-wiki-mcp/src/main.ts',
      'internal/test-utils/src/index.ts',
    ]) {
      const config = (await eslint.calculateConfigForFile(join(repoPath(), file))) as {
        rules: Record<string, unknown>
      }
      expect([file, config.rules['local/no-import-cycles']]).toEqual([file, [2]])
    }
  })
})
