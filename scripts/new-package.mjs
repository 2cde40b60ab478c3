// One-off generator for the workspace skeleton: writes the files every package shares.
import { mkdirSync, writeFileSync, existsSync } from 'node:fs'
import { join } from 'node:path'

const [group, folder, entriesArg, description] = process.argv.slice(2)
const entries = entriesArg.split(',') // e.g. ".,./markdown"
const dir = join(group, folder)
const isApp = group === 'apps'
const name = isApp ? folder : `@wiki/${folder}`
const write = (file, text) => {
  const path = join(dir, file)
  mkdirSync(join(path, '..'), { recursive: true })
  if (!existsSync(path)) writeFileSync(path, text)
}
const entryFile = (e) => (e === '.' ? 'index' : e.slice(2))
const exportsMap = {}
for (const e of entries) {
  const f = entryFile(e)
  exportsMap[e] = {
    '@wiki/source': `./src/${f}.ts`,
    types: `./dist/${f}.d.ts`,
    default: `./dist/${f}.js`,
  }
}
exportsMap['./package.json'] = './package.json'
const pkg = {
  name,
  version: '0.0.0',
  description,
  ...(isApp ? {} : {}),
  license: 'MIT',
  type: 'module',
  sideEffects: false,
  repository: { type: 'git', url: 'git+https://github.com/wiki-mcp/wiki-mcp.git', directory: dir },
  files: isApp ? ['bin.js', 'dist', 'src'] : ['dist', 'src'],
  ...(isApp ? { bin: { [folder]: './bin.js' } } : {}),
  exports: isApp ? { './package.json': './package.json' } : exportsMap,
  engines: { node: '>=20.19' },
  scripts: {
    build: 'tsc -p tsconfig.build.json',
    typecheck: 'tsc -p tsconfig.json',
    lint: 'eslint .',
    test: 'vitest run',
    'test:e2e': 'WIKI_TEST_SUITE=e2e vitest run --passWithNoTests',
    publint: 'publint --strict',
  },
  devDependencies: {
    '@types/node': 'catalog:',
    '@wiki/test-utils': 'workspace:^',
    typescript: 'catalog:',
    vite: 'catalog:',
    vitest: 'catalog:',
  },
}
write('package.json', JSON.stringify(pkg, null, 2) + '\n')
write(
  'tsconfig.json',
  JSON.stringify(
    {
      extends: '../../tsconfig.base.json',
      compilerOptions: {
        noEmit: true,
        types: ['node'],
        ...(isApp ? { isolatedDeclarations: false } : {}),
      },
      include: ['src', 'test', 'bench'],
    },
    null,
    2,
  ) + '\n',
)
write(
  'tsconfig.build.json',
  JSON.stringify(
    {
      extends: '../../tsconfig.base.json',
      compilerOptions: {
        rootDir: 'src',
        outDir: 'dist',
        types: isApp || folder !== 'wikitext-parser' ? ['node'] : [],
        ...(isApp
          ? { isolatedDeclarations: false, declaration: false, declarationMap: false }
          : {}),
      },
      include: ['src'],
    },
    null,
    2,
  ) + '\n',
)
write('vitest.config.ts', "import shared from '../../vitest.shared.ts'\n\nexport default shared\n")
write('CHANGELOG.md', `# ${name}\n`)
if (isApp) {
  write(
    'bin.js',
    "#!/usr/bin/env node\nimport module from 'node:module'\n\n// Cache compiled code between runs: start-up time is what a client waits on.\nmodule.enableCompileCache?.()\nawait import('./dist/main.js')\n",
  )
  write(
    'src/main.ts',
    `// ${name}: ${description}\nprocess.stderr.write('${name}: not implemented yet\\n')\nprocess.exitCode = 1\n`,
  )
} else {
  for (const e of entries) write(`src/${entryFile(e)}.ts`, 'export {}\n')
  const keys = entries.map((e) => `    ['${e === '.' ? name : name + e.slice(1)}', []],`).join('\n')
  write(
    'test/api.test.ts',
    `import { describe, expect, it } from 'vitest'\n\n// The public surface of every entry, by name: adding or removing one is a reviewed change.\nconst entries: [string, string[]][] = [\n${keys}\n]\n\ndescribe('public API', () => {\n  it.each(entries)('%s exports exactly its names', async (specifier, names) => {\n    expect(Object.keys(await import(specifier)).sort()).toEqual([...names].sort())\n  })\n})\n`,
  )
}
write('README.md', `# ${name}\n\n${description}\n`)
