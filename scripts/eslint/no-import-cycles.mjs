// ESLint rule `local/no-import-cycles`: no module may import, through any chain of relative
// imports that survive compilation, a module that imports it back. A cycle makes load order
// decide which binding is still undefined, and ties modules that should change apart.
//
// What survives compilation is what our tsconfig emits with `verbatimModuleSyntax`: `import type`
// and `export type` declarations are erased and may form cycles; `import { type A } from './a.js'`
// and `export { type A } from './a.js'` are not (they become `import {} from './a.js'` and
// `export {} from './a.js'`, which still load the module), so they count.
// Dynamic `import()` runs after every module has loaded and is left out.
//
// The file being linted is read from ESLint's tree (so unsaved edits count); the modules it reaches
// are read from disk with the same parser and cached by modification time for the whole run.
import { readFileSync, statSync } from 'node:fs'
import { dirname, relative, resolve } from 'node:path'

/** @typedef {{ source: string, node: unknown }} Edge */

/**
 * The relative module specifiers a program loads at run time, with the statement of each.
 * @param {{ body: any[] }} program an ESTree program (typescript-eslint's shape)
 * @returns {Edge[]}
 */
export function runtimeEdges(program) {
  /** @type {Edge[]} */
  const edges = []
  for (const statement of program.body) {
    let source
    if (statement.type === 'ImportDeclaration') {
      if (statement.importKind === 'type') continue
      source = statement.source
    } else if (
      statement.type === 'ExportNamedDeclaration' ||
      statement.type === 'ExportAllDeclaration'
    ) {
      if (statement.exportKind === 'type' || !statement.source) continue
      source = statement.source
    } else {
      continue
    }
    if (typeof source?.value === 'string' && source.value.startsWith('.')) {
      edges.push({ source: source.value, node: statement })
    }
  }
  return edges
}

/**
 * The file a relative specifier names: `./a.js` is `./a.ts` in our sources (or `.tsx`, or the
 * `.js` file itself), `./a.mjs` is `./a.mts`; null when none exists.
 * @param {string} from the importing file
 * @param {string} specifier
 * @returns {string | null}
 */
export function resolveSpecifier(from, specifier) {
  const base = resolve(dirname(from), specifier)
  const candidates = base.endsWith('.js')
    ? [`${base.slice(0, -3)}.ts`, `${base.slice(0, -3)}.tsx`, base]
    : base.endsWith('.mjs')
      ? [`${base.slice(0, -4)}.mts`, base]
      : [base, `${base}.ts`, resolve(base, 'index.ts')]
  for (const candidate of candidates) {
    try {
      if (statSync(candidate).isFile()) return candidate
    } catch {
      // Not this one.
    }
  }
  return null
}

/** @type {Map<string, { mtime: number, targets: string[] }>} */
const cache = new Map()

/**
 * The files `file` loads at run time, read from disk.
 * @param {string} file
 * @param {(text: string) => { body: any[] }} parse
 * @returns {string[]}
 */
function targetsOnDisk(file, parse) {
  let mtime
  try {
    mtime = statSync(file).mtimeMs
  } catch {
    return []
  }
  const cached = cache.get(file)
  if (cached && cached.mtime === mtime) return cached.targets
  let targets = []
  try {
    const program = parse(readFileSync(file, 'utf8'))
    targets = runtimeEdges(program)
      .map((edge) => resolveSpecifier(file, edge.source))
      .filter((target) => target !== null)
  } catch {
    // A file that does not parse is reported by the parser when it is linted itself.
  }
  cache.set(file, { mtime, targets })
  return targets
}

/**
 * A chain of runtime imports from `start` back to `goal`, as the files along it, or null.
 * Iterative, so a long chain never reaches the call stack.
 * @param {string} start
 * @param {string} goal
 * @param {(file: string) => string[]} targetsOf
 * @returns {string[] | null}
 */
export function chainBack(start, goal, targetsOf) {
  /** @type {Map<string, string | null>} */
  const cameFrom = new Map([[start, null]])
  const queue = [start]
  for (let index = 0; index < queue.length; index++) {
    const file = /** @type {string} */ (queue[index])
    for (const next of targetsOf(file)) {
      if (next === goal) {
        const chain = [goal]
        for (
          let at = /** @type {string | null} */ (file);
          at !== null;
          at = cameFrom.get(at) ?? null
        )
          chain.unshift(at)
        return chain
      }
      if (cameFrom.has(next)) continue
      cameFrom.set(next, file)
      queue.push(next)
    }
  }
  return null
}

/** @type {import('eslint').Rule.RuleModule} */
export const noImportCycles = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'Forbid import cycles through runtime imports (type-only imports may form cycles)',
    },
    schema: [],
    messages: {
      cycle:
        'Import cycle: {{chain}}. Move what both modules need into a module of its own, or import it with `import type` if only its types are used.',
    },
  },
  create(context) {
    const file = context.filename
    const parser = context.languageOptions.parser
    /** @param {string} text */
    const parse = (text) => {
      const options = { sourceType: 'module', ecmaVersion: 'latest', range: false, loc: false }
      if (parser && 'parseForESLint' in parser) return parser.parseForESLint(text, options).ast
      if (parser && 'parse' in parser) return parser.parse(text, options)
      throw new Error('no parser')
    }
    return {
      Program(program) {
        for (const edge of runtimeEdges(program)) {
          const target = resolveSpecifier(file, edge.source)
          if (target === null) continue
          const chain =
            target === file ? [file] : chainBack(target, file, (from) => targetsOnDisk(from, parse))
          if (chain === null) continue
          const root = dirname(file)
          context.report({
            node: /** @type {any} */ (edge.node),
            messageId: 'cycle',
            data: {
              chain: [file, ...chain].map((step) => relative(root, step)).join(' → '),
            },
          })
        }
      },
    }
  },
}

/** The local plugin the root ESLint config registers as `local`. */
export default { meta: { name: 'local' }, rules: { 'no-import-cycles': noImportCycles } }
