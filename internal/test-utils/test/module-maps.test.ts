import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { markdownSection, readWorkspacePackages, repoPath } from '../src/index.js'

// A package README's "Where is what" names every source module and nothing that is gone, so the
// map a reader trusts cannot drift from the tree: a new module fails here until it is named.
const packages = readWorkspacePackages().filter((p) => p.group === 'packages')
const readmeOf = (dir: string): string => readFileSync(join(dir, 'README.md'), 'utf8')
const mapped = packages.filter((p) => readmeOf(p.dir).includes('\n## Where is what\n'))

/** The package's tracked source files, relative to its folder. */
function sources(dir: string): string[] {
  const folder = dir.slice(repoPath().length + 1)
  return execFileSync('git', ['ls-files', '--', `${folder}/src`], {
    cwd: repoPath(),
    encoding: 'utf8',
  })
    .split('\n')
    .filter((file) => file !== '')
    .map((file) => file.slice(folder.length + 1))
}

describe('module maps', () => {
  it('are in the README of every package whose modules are stable', () => {
    expect(mapped.map((p) => p.json.name)).toEqual(
      expect.arrayContaining(['@wiki/mcp-core', '@wiki/provenance', '@wiki/wiki-adapters']),
    )
  })

  it.each(mapped)('$json.name README names every source module, and only those', (pkg) => {
    const map = markdownSection(readmeOf(pkg.dir), 'Where is what')
    const named = new Set([...map.matchAll(/`(src\/[\w./-]+\.ts)`/g)].map((m) => m[1]))
    const files = sources(pkg.dir)
    expect(files.filter((file) => !named.has(file))).toEqual([])
    expect([...named].filter((file) => !files.includes(file!))).toEqual([])
  })
})
