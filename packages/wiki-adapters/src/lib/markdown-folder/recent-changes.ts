import path from 'node:path'
import { invalidArguments } from './argument-error.js'
import { compareCodeUnits } from './links.js'
import type { PageCatalog } from './page-catalog.js'
import { openSafeGit } from './safe-git.js'
import type { RecentChanges, RecentChangesOptions, RecentCommit } from './types.js'

const SINCE = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})?)?$/

/**
 * Pages by modification time, newest first, and, where the wiki folder is in a git repository,
 * the latest commits that touched pages (git runs with every setting that could start a program
 * switched off, and reads only the repository that holds the wiki folder).
 */
export async function recentChanges(
  catalog: PageCatalog,
  gitCommand: string,
  options: RecentChangesOptions,
): Promise<RecentChanges> {
  const since = parseSince(options.since)
  const limit = options.limit ?? 50
  await catalog.refresh()
  const pages = [...catalog.pages()]
    .filter((page) => since === undefined || page.mtimeMs >= since)
    .sort((a, b) => b.mtimeMs - a.mtimeMs || compareCodeUnits(a.path, b.path))
  const changes = pages.slice(0, limit).map((page) => ({
    path: page.path,
    slug: page.slug,
    title: page.title,
    modifiedAt: new Date(page.mtimeMs).toISOString(),
  }))
  const commits = await gitCommits(catalog.root, gitCommand, since, limit)
  return {
    changes,
    total: pages.length,
    truncated: pages.length > limit,
    ...(commits === undefined ? {} : { commits }),
  }
}

function parseSince(since: string | undefined): number | undefined {
  if (since === undefined) return undefined
  const time = SINCE.test(since) ? Date.parse(since) : Number.NaN
  if (Number.isNaN(time)) {
    throw invalidArguments(
      'since',
      `since must be a date (YYYY-MM-DD) or an ISO date-time (got "${since.slice(0, 40)}")`,
    )
  }
  return time
}

async function gitCommits(
  root: string,
  gitCommand: string,
  since: number | undefined,
  limit: number,
): Promise<RecentCommit[] | undefined> {
  const opened = await openSafeGit(gitCommand, root)
  if (!opened.ok) return undefined
  const { git } = opened
  const prefix = path.relative(git.topLevel, root).split(path.sep).join('/')
  const args = [
    '-c',
    'core.quotePath=false',
    'log',
    '--no-color',
    '--no-renames',
    `--max-count=${limit}`,
    '--format=%x1e%H%x1f%cI%x1f%s',
    '--name-only',
    ...(since === undefined ? [] : [`--since=@${Math.floor(since / 1000)}`]),
    '--',
    prefix === '' ? '.' : prefix,
  ]
  const log = await git.run(args)
  if (!log.ok) return undefined
  const commits: RecentCommit[] = []
  for (const record of log.stdout.toString('utf8').split('\x1e').slice(1)) {
    const [header = '', ...names] = record.split('\n')
    const [commit = '', date = '', subject = ''] = header.split('\x1f')
    const paths = names
      .filter((name) => /\.md$/i.test(name))
      .map((name) => (prefix === '' ? name : name.slice(prefix.length + 1)))
      .filter((name) => name !== '' && !name.startsWith('.'))
    // git's own cutoff is a walk heuristic on commit dates; the filter here is the rule
    if (paths.length === 0 || (since !== undefined && Date.parse(date) < since)) continue
    commits.push({ commit, committedAt: new Date(date).toISOString(), subject, paths })
  }
  return commits
}
