// Every public change carries a changeset: `changeset status --since=<base>` fails when a public
// package's published files changed after <base> and no changeset was added after it. Which base:
//
// - on a branch with commits of its own: where it left main, so the branch is judged by what it
//   adds (a branch missing its changeset fails before it is merged);
// - on main itself, a fresh clone of it (with or without `origin`) or a checkout with no main at
//   all: the last release, the newest commit that wrote a CHANGELOG.md (only `changeset version`
//   does), so main is judged by everything merged since it was last released;
// - on a branch that made a release main does not have yet (even after merging main again): that
//   release.
//
// `changeset status` alone cannot do this: without `--since` it diffs against `main`, which on
// main is nothing, and counts every pending changeset, so a branch could lean on others'.
// Run from the repository root (or pass another repository as the only argument).
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const cwd = process.argv[2] ?? process.cwd()
const changesetBin = new URL('../node_modules/.bin/changeset', import.meta.url).pathname

const git = (...args) => {
  const result = spawnSync('git', args, { cwd, encoding: 'utf8' })
  return result.status === 0 ? result.stdout.trim() : undefined
}

/** The commit of `main`, or of `origin/main` when only the remote branch exists. */
const mainCommit = () =>
  git('rev-parse', '--verify', '--quiet', 'refs/heads/main^{commit}') ??
  git('rev-parse', '--verify', '--quiet', 'refs/remotes/origin/main^{commit}')

/** The newest commit that changed a CHANGELOG.md: the last `changeset version`. */
const lastRelease = () => git('log', '-1', '--format=%H', '--', '*CHANGELOG.md') || undefined

/** Where HEAD left main, or undefined on main itself (HEAD has no commits of its own). */
function forkPoint() {
  const main = mainCommit()
  const head = git('rev-parse', 'HEAD')
  if (main === undefined || head === undefined) return undefined
  const fork = git('merge-base', 'HEAD', main)
  return fork === head ? undefined : fork
}

const isAncestor = (older, newer) =>
  spawnSync('git', ['merge-base', '--is-ancestor', older, newer], { cwd }).status === 0

function base() {
  const fork = forkPoint()
  const release = lastRelease()
  // A release main does not have yet is the branch's own: it released what came before it,
  // also after the branch merged main again.
  if (release && (fork === undefined || !isAncestor(release, fork))) {
    return { ref: release, why: 'the last release (the newest commit that wrote a CHANGELOG.md)' }
  }
  if (fork) return { ref: fork, why: 'where this branch left main' }
  return undefined
}

const found = base()
if (found === undefined) {
  process.stderr.write(
    'changesets: no base to compare with: this checkout has no main branch and no commit that wrote a CHANGELOG.md (a shallow clone? fetch the full history)\n',
  )
  process.exit(1)
}
if (!existsSync(changesetBin)) {
  process.stderr.write(`changesets: ${changesetBin} is missing: run pnpm install\n`)
  process.exit(1)
}
const short = found.ref.slice(0, 12)
process.stdout.write(`changesets: comparing with ${short}, ${found.why}\n`)
const status = spawnSync(changesetBin, ['status', `--since=${found.ref}`], {
  cwd,
  stdio: 'inherit',
})
if (status.status !== 0) {
  process.stderr.write(
    `changesets: a public package changed since ${short} without a changeset: run pnpm changeset (or pnpm changeset --empty for a change that releases nothing)\n`,
  )
}
process.exitCode = status.status ?? 1
