import { describe, expect, it } from 'vitest'
import { readWorkspacePackages } from '../src/index.js'

// The dependency edges of docs/architecture: apps depend on packages, never the reverse;
// libraries know nothing of each other except where the table allows it.
const allowed: Record<string, string[]> = {
  '@wiki/wikitext-parser': [],
  '@wiki/provenance': [],
  '@wiki/mcp-core': [],
  '@wiki/wiki-adapters': ['@wiki/provenance'],
  '@wiki/test-utils': [],
}

const expectedExports: Record<string, string[]> = {
  '@wiki/wikitext-parser': ['.', './markdown', './package.json'],
  '@wiki/provenance': ['.', './package.json'],
  '@wiki/mcp-core': ['.', './http', './node', './package.json', './stdio'],
  '@wiki/wiki-adapters': ['.', './ahawiki', './markdown-folder', './mediawiki', './package.json'],
}

const packages = readWorkspacePackages()
const internalDeps = (json: (typeof packages)[number]['json']): string[] =>
  Object.keys({ ...json.dependencies, ...json.peerDependencies }).filter((name) =>
    name.startsWith('@wiki/'),
  )

describe('workspace topology', () => {
  it('has every package and app the project is designed with', () => {
    expect(packages.map((p) => `${p.group}/${p.folder}`).sort()).toEqual([
      'apps/ahawiki-mcp',
      'apps/arch-wiki-mcp',
      'apps/markdown-wiki-mcp',
      'internal/test-utils',
      'packages/mcp-core',
      'packages/provenance',
      'packages/wiki-adapters',
      'packages/wikitext-parser',
    ])
  })

  it.each(packages.filter((p) => p.group !== 'apps'))(
    '$json.name imports only what it may',
    (pkg) => {
      expect(pkg.json.name).toBe(`@wiki/${pkg.folder}`)
      const deps = internalDeps(pkg.json)
      for (const dep of deps) expect(allowed[pkg.json.name]).toContain(dep)
    },
  )

  it.each(packages.filter((p) => p.group === 'apps'))(
    '$json.name is a thin app whose bin is its name',
    (pkg) => {
      expect(pkg.json.name).toBe(pkg.folder)
      expect(pkg.json.bin).toEqual({ [pkg.folder]: './bin.js' })
      for (const dep of internalDeps(pkg.json))
        expect(dep).toMatch(/^@wiki\/(wikitext-parser|provenance|mcp-core|wiki-adapters)$/)
    },
  )

  it.each(packages.filter((p) => p.group === 'packages'))(
    '$json.name has its designed exports, source first',
    (pkg) => {
      const exportsMap = pkg.json.exports ?? {}
      expect(Object.keys(exportsMap).sort()).toEqual(expectedExports[pkg.json.name])
      for (const [key, target] of Object.entries(exportsMap)) {
        if (key === './package.json') continue
        expect(Object.keys(target as object)).toEqual(['@wiki/source', 'types', 'default'])
      }
      expect(pkg.json.files).toEqual(['dist', 'src'])
      expect(pkg.json.private).toBeUndefined()
    },
  )

  it('never lets internal utilities reach a published package', () => {
    for (const pkg of packages.filter((p) => p.group !== 'internal')) {
      expect(Object.keys(pkg.json.dependencies ?? {})).not.toContain('@wiki/test-utils')
    }
  })
})
