import { execFileSync, spawnSync } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { repoPath } from '../src/index.js'

// scripts/check-changesets.mjs, which CI runs, on small real git repositories laid out like ours
// (a pnpm workspace, our .changeset/config.json) and the real changeset CLI.
const roots: string[] = []
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true })
})

const git = (cwd: string, ...args: string[]): string =>
  execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim()

function write(repo: string, file: string, text: string): void {
  mkdirSync(dirname(join(repo, file)), { recursive: true })
  writeFileSync(join(repo, file), text)
}

function commitAll(repo: string, message: string): void {
  git(repo, 'add', '-A')
  git(repo, 'commit', '-q', '-m', message)
}

/** A workspace with one public and one private package, released once on `branch`. */
function releasedRepo(branch = 'main'): string {
  const root = mkdtempSync(join(tmpdir(), 'changeset-check-'))
  roots.push(root)
  const repo = join(root, 'origin')
  mkdirSync(repo)
  git(repo, 'init', '-q', '-b', branch)
  git(repo, 'config', 'user.email', 'test@example.invalid')
  git(repo, 'config', 'user.name', 'Test')
  write(repo, 'package.json', JSON.stringify({ name: 'fixture', private: true }))
  write(repo, 'pnpm-workspace.yaml', 'packages:\n  - packages/*\n')
  write(repo, 'packages/lib/package.json', JSON.stringify({ name: 'lib', version: '0.1.0' }))
  write(repo, 'packages/lib/src/index.js', 'export const a = 1\n')
  write(repo, 'packages/lib/README.md', '# lib\n')
  write(repo, 'packages/helpers/package.json', JSON.stringify({ name: 'helpers', private: true }))
  write(repo, 'packages/helpers/src/index.js', 'export const h = 1\n')
  mkdirSync(join(repo, '.changeset'))
  copyFileSync(repoPath('.changeset/config.json'), join(repo, '.changeset/config.json'))
  commitAll(repo, 'start')
  write(repo, 'packages/lib/CHANGELOG.md', '# lib\n\n## 0.1.0\n')
  commitAll(repo, 'release 0.1.0')
  return repo
}

function clone(repo: string): string {
  const target = `${repo}-clone-${roots.length}-${Math.random().toString(36).slice(2)}`
  git(dirname(repo), 'clone', '-q', repo, target)
  git(target, 'config', 'user.email', 'test@example.invalid')
  git(target, 'config', 'user.name', 'Test')
  return target
}

function check(repo: string): { status: number | null; output: string } {
  const run = spawnSync(process.execPath, [repoPath('scripts/check-changesets.mjs'), repo], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', NO_COLOR: '1' },
  })
  return { status: run.status, output: run.stdout + run.stderr }
}

const changeset = (bump: string): string => `---\n'lib': ${bump}\n---\n\nA change.\n`

// Each case makes and clones repositories and runs the changeset CLI several times.
describe('check-changesets', { timeout: 60_000 }, () => {
  it('passes on a fresh clone of a main released with nothing since', () => {
    const result = check(clone(releasedRepo()))
    expect(result.output).toContain('the last release')
    expect(result.status).toBe(0)
  })

  it('passes on a clone without origin whose main carries changesets since the release', () => {
    const repo = releasedRepo()
    write(repo, 'packages/lib/src/index.js', 'export const a = 2\n')
    write(repo, '.changeset/lib-a.md', changeset('patch'))
    commitAll(repo, 'lib: a is 2')
    const copy = clone(repo)
    git(copy, 'remote', 'remove', 'origin')
    const result = check(copy)
    expect(result.output).toContain('the last release')
    expect(result.status).toBe(0)
  })

  it('fails on main when a public change since the release has no changeset', () => {
    const repo = releasedRepo()
    write(repo, 'packages/lib/src/index.js', 'export const a = 2\n')
    commitAll(repo, 'lib: a is 2, no changeset')
    const result = check(clone(repo))
    expect(result.output).toContain('without a changeset')
    expect(result.status).toBe(1)
  })

  it('fails a branch missing its changeset, then passes once it adds one', () => {
    const repo = releasedRepo()
    // Changesets pending on main must not excuse the branch.
    write(repo, 'packages/lib/src/other.js', 'export const o = 1\n')
    write(repo, '.changeset/lib-other.md', changeset('minor'))
    commitAll(repo, 'lib: other')
    git(repo, 'switch', '-q', '-c', 'feature')
    write(repo, 'packages/lib/src/index.js', 'export const a = 3\n')
    commitAll(repo, 'lib: a is 3')
    const missing = check(repo)
    expect(missing.output).toContain('where this branch left main')
    expect(missing.status).toBe(1)

    write(repo, '.changeset/lib-a.md', changeset('patch'))
    commitAll(repo, 'changeset for a')
    expect(check(repo).status).toBe(0)
  })

  it('judges a branch of a clone by origin/main when main is not a local branch', () => {
    const repo = releasedRepo()
    const copy = clone(repo)
    git(copy, 'switch', '-q', '-c', 'feature')
    git(copy, 'branch', '-q', '-D', 'main')
    write(copy, 'packages/lib/src/index.js', 'export const a = 4\n')
    commitAll(copy, 'lib: a is 4')
    const result = check(copy)
    expect(result.output).toContain('where this branch left main')
    expect(result.status).toBe(1)
  })

  it('passes a branch that changes only what is not published or a private package', () => {
    const repo = releasedRepo()
    git(repo, 'switch', '-q', '-c', 'docs')
    write(repo, 'packages/lib/README.md', '# lib\n\nMore words.\n')
    write(repo, 'packages/lib/test/a.test.js', 'test\n')
    write(repo, 'packages/helpers/src/index.js', 'export const h = 2\n')
    commitAll(repo, 'docs, tests and a private helper')
    expect(check(repo).status).toBe(0)
  })

  it('passes a branch whose own release consumed its changesets', () => {
    const repo = releasedRepo()
    git(repo, 'switch', '-q', '-c', 'release')
    write(repo, 'packages/lib/src/index.js', 'export const a = 5\n')
    write(repo, '.changeset/lib-a.md', changeset('minor'))
    commitAll(repo, 'lib: a is 5')
    unlinkSync(join(repo, '.changeset/lib-a.md'))
    write(repo, 'packages/lib/package.json', JSON.stringify({ name: 'lib', version: '0.2.0' }))
    write(repo, 'packages/lib/CHANGELOG.md', '# lib\n\n## 0.2.0\n\n## 0.1.0\n')
    commitAll(repo, 'release 0.2.0')
    const result = check(repo)
    expect(result.output).toContain('the last release')
    expect(result.status).toBe(0)
  })

  it('keeps judging a branch by its own release after it merges main again', () => {
    const repo = releasedRepo()
    git(repo, 'switch', '-q', '-c', 'release')
    write(repo, 'packages/lib/src/index.js', 'export const a = 7\n')
    write(repo, 'packages/lib/package.json', JSON.stringify({ name: 'lib', version: '0.2.0' }))
    write(repo, 'packages/lib/CHANGELOG.md', '# lib\n\n## 0.2.0\n\n## 0.1.0\n')
    commitAll(repo, 'release 0.2.0')
    git(repo, 'switch', '-q', 'main')
    write(repo, 'packages/lib/src/other.js', 'export const o = 2\n')
    write(repo, '.changeset/lib-other.md', changeset('patch'))
    commitAll(repo, 'lib: other, with its changeset')
    git(repo, 'switch', '-q', 'release')
    git(repo, 'merge', '-q', '--no-edit', 'main')
    const result = check(repo)
    expect(result.output).toContain('the last release')
    expect(result.status).toBe(0)
  })

  it('uses the last release on a checkout with no main at all', () => {
    const repo = releasedRepo('trunk')
    write(repo, 'packages/lib/src/index.js', 'export const a = 6\n')
    commitAll(repo, 'lib: a is 6, no changeset')
    const result = check(repo)
    expect(result.output).toContain('the last release')
    expect(result.status).toBe(1)
  })
})
