import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { chmod, utimes, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import {
  createMarkdownFolderSource,
  type MarkdownFolderSource,
  WikiSourceError,
} from '@wiki/wiki-adapters/markdown-folder'
import { makeWiki } from './markdown-folder/helpers.js'

let made: Awaited<ReturnType<typeof makeWiki>> | undefined
let source: MarkdownFolderSource | undefined
afterEach(async () => {
  await source?.close()
  await made?.cleanup()
  source = undefined
  made = undefined
})

async function open(files: Record<string, string>): Promise<MarkdownFolderSource> {
  made = await makeWiki(files)
  source = await createMarkdownFolderSource({ wikiPath: made.wiki, watch: false })
  return source
}

describe('recentChanges', () => {
  it('lists pages newest first, with a since filter, and no commits outside git', async () => {
    const wiki = await open({ 'a.md': '# A\n', 'b.md': '# B\n', 'c.md': '# C\n' })
    const root = made?.wiki ?? ''
    const at = (day: number): Date => new Date(Date.UTC(2026, 0, day, 12))
    await utimes(path.join(root, 'a.md'), at(1), at(1))
    await utimes(path.join(root, 'b.md'), at(3), at(3))
    await utimes(path.join(root, 'c.md'), at(2), at(2))
    const all = await wiki.recentChanges()
    expect(all.changes.map((c) => c.path)).toEqual(['b.md', 'c.md', 'a.md'])
    expect(all.changes[0]).toEqual({
      path: 'b.md',
      slug: 'b',
      title: 'B',
      modifiedAt: '2026-01-03T12:00:00.000Z',
    })
    expect(all.commits).toBeUndefined()
    const recent = await wiki.recentChanges({ since: '2026-01-02', limit: 1 })
    expect(recent).toMatchObject({ total: 2, truncated: true })
    expect(recent.changes.map((c) => c.path)).toEqual(['b.md'])
    const error = await wiki.recentChanges({ since: 'yesterday' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(WikiSourceError)
    expect((error as WikiSourceError).data).toEqual({ fields: ['since'] })
  })

  it('adds the commits that touched pages, running nothing the repository names', async () => {
    const wiki = await open({ 'a.md': '# A\n', 'sub/b.md': '# B\n' })
    const base = made?.base ?? ''
    const env = {
      PATH: process.env.PATH,
      HOME: base,
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_AUTHOR_NAME: 't',
      GIT_AUTHOR_EMAIL: 't@example.org',
      GIT_COMMITTER_NAME: 't',
      GIT_COMMITTER_EMAIL: 't@example.org',
    }
    const git = (...args: string[]): void => {
      execFileSync('git', ['-C', base, ...args], { env, stdio: 'ignore' })
    }
    git('init', '-q')
    await writeFile(path.join(base, 'other.md'), 'outside the wiki folder')
    git('add', '-A')
    git('commit', '-q', '-m', 'first pages')
    await writeFile(path.join(made?.wiki ?? '', 'sub', 'b.md'), '# B2\n')
    git('commit', '-q', '-am', 'edit b')
    // a repository that names programs: none of them may run
    const marker = path.join(base, 'ran')
    const program = path.join(base, 'x.sh')
    await writeFile(program, `#!/bin/sh\ntouch ${marker}\n`)
    await chmod(program, 0o755)
    for (const [key, value] of [
      ['core.fsmonitor', program],
      ['core.pager', program],
      ['log.showSignature', 'true'],
      ['gpg.program', program],
      ['diff.external', program],
    ] as const)
      git('config', key, value)
    const result = await wiki.recentChanges()
    expect(result.commits?.map((c) => [c.subject, c.paths])).toEqual([
      ['edit b', ['sub/b.md']],
      ['first pages', ['a.md', 'sub/b.md']],
    ])
    expect(result.commits?.[0]?.commit).toMatch(/^[0-9a-f]{40}$/)
    expect(existsSync(marker)).toBe(false)
    const later = await wiki.recentChanges({ since: '2999-01-01' })
    expect(later.commits).toEqual([])
  })
})

describe('listTags', () => {
  it('counts frontmatter tags in all three forms and inline #tags, once per page', async () => {
    const wiki = await open({
      'list.md': '---\ntags: [HomeLab, rete]\n---\n# L\n\nBody #rete again.\n',
      'scalar.md': '---\ntags: homelab\n---\n# S\n',
      'comma.md': '---\ntags: "rete, #backup"\n---\n# C\n',
      'inline.md':
        '# I\n\nText #backup and #progetti/casa, not #123, not a#b, not `#code`.\n\n```\n#fenced\n```\n',
      'none.md': '# N\n',
    })
    const result = await wiki.listTags()
    expect(result).toEqual({
      tags: [
        { tag: 'rete', count: 2 },
        { tag: 'backup', count: 2 },
        { tag: 'homelab', count: 2 },
        { tag: 'progetti/casa', count: 1 },
      ].sort((a, b) => b.count - a.count || (a.tag < b.tag ? -1 : 1)),
      total: 4,
      truncated: false,
    })
    expect((await wiki.listTags({ limit: 1 })).truncated).toBe(true)
  })
})
