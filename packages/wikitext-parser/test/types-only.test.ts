import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

// The modules that hold shared types hold nothing else, so any module may import them without
// tying load order to theirs: compiled as the build compiles them, they leave no statement
// besides the `export {}` that keeps a file a module.
const src = resolve(dirname(fileURLToPath(import.meta.url)), '../src')

/** The JavaScript `text` compiles to, without comments and blank lines. */
function emitted(text: string): string {
  const { outputText } = ts.transpileModule(text, {
    compilerOptions: {
      module: ts.ModuleKind.ESNext,
      target: ts.ScriptTarget.ES2022,
      verbatimModuleSyntax: true,
      removeComments: true,
    },
  })
  return outputText
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join('\n')
}

describe('types-only modules', () => {
  it('tells a types-only module from one with runtime code', () => {
    expect(emitted("import type { A } from './a.js'\nexport interface B { a: A }\n")).toBe(
      'export {};',
    )
    expect(emitted('export type C = 1\nexport const d = 1\n')).toBe('export const d = 1;')
    // `import { type A }` still loads its module once compiled.
    expect(emitted("import { type A } from './a.js'\nexport type B = A\n")).toBe(
      "import {} from './a.js';",
    )
  })

  it.each(['lib/types.ts', 'lib/wrappers.ts', 'lib/preprocess/types.ts'])(
    '%s compiles to no runtime code',
    (file) => {
      expect(emitted(readFileSync(resolve(src, file), 'utf8'))).toBe('export {};')
    },
  )
})
