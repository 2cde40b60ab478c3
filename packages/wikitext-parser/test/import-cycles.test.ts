import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

// No module of src/ may import, through any chain of runtime imports, a module that imports it
// back: a cycle makes load order decide which binding is still undefined, and ties modules that
// should change apart. Type-only imports are erased at build time and may form cycles; with
// verbatimModuleSyntax, `import { type A }` and `export { type A } from` are not (they compile to
// `import {}` and `export {}` from the module, which still load it). The lint rule
// `local/no-import-cycles` (scripts/eslint/) checks the same as each file is linted.
const src = resolve(dirname(fileURLToPath(import.meta.url)), '../src')

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return entry.name.endsWith('.ts') ? [path] : []
  })
}

/** The relative modules `file` imports or re-exports at runtime (type-only ones left out). */
function runtimeImports(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false)
  const found: string[] = []
  for (const statement of source.statements) {
    let specifier: ts.Expression | undefined
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause
      if (clause?.isTypeOnly) continue
      specifier = statement.moduleSpecifier
    } else if (ts.isExportDeclaration(statement)) {
      if (statement.isTypeOnly) continue
      specifier = statement.moduleSpecifier
    }
    if (specifier && ts.isStringLiteral(specifier) && specifier.text.startsWith('.')) {
      found.push(resolve(dirname(file), specifier.text.replace(/\.js$/u, '.ts')))
    }
  }
  return found
}

/** Every strongly connected group of more than one module (or one importing itself). */
function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0
  const order = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const groups: string[][] = []
  const visit = (node: string): void => {
    order.set(node, counter)
    low.set(node, counter)
    counter++
    stack.push(node)
    onStack.add(node)
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue
      if (!order.has(next)) {
        visit(next)
        low.set(node, Math.min(low.get(node)!, low.get(next)!))
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, order.get(next)!))
      }
    }
    if (low.get(node) !== order.get(node)) return
    const group: string[] = []
    let member: string | undefined
    do {
      member = stack.pop()!
      onStack.delete(member)
      group.push(member)
    } while (member !== node)
    if (group.length > 1 || (graph.get(node) ?? []).includes(node)) groups.push(group.sort())
  }
  for (const node of graph.keys()) if (!order.has(node)) visit(node)
  return groups
}

describe('import cycles', () => {
  it('finds a cycle, and leaves type-only imports out', () => {
    const a = '/x/a.ts'
    const b = '/x/b.ts'
    expect(runtimeImports(a, "import { b } from './b.js'")).toEqual([b])
    expect(runtimeImports(a, "import type { B } from './b.js'")).toEqual([])
    expect(runtimeImports(a, "import { type B } from './b.js'")).toEqual([b])
    expect(runtimeImports(a, "export type { B } from './b.js'")).toEqual([])
    expect(runtimeImports(a, "export { type B } from './b.js'")).toEqual([b])
    expect(runtimeImports(a, "export { b } from './b.js'")).toEqual([b])
    expect(
      cycles(
        new Map([
          [a, [b]],
          [b, [a]],
        ]),
      ),
    ).toEqual([[a, b]])
  })

  it('has none in src/ through runtime imports', () => {
    const graph = new Map<string, string[]>()
    for (const file of sourceFiles(src)) {
      graph.set(file, runtimeImports(file, readFileSync(file, 'utf8')))
    }
    expect(graph.size).toBeGreaterThan(30)
    const named = cycles(graph).map((group) => group.map((file) => relative(src, file)))
    expect(named).toEqual([])
  })
})
