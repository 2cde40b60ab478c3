// A read of raw/ history must never run a program that a repository names: a folder under raw/
// may be an unpacked archive carrying its own .git, and an HTTP reader with a read-only token
// can ask for its diff. Each case plants one way git could run a program and checks that the
// program never ran, while the diff still works where it should.
import { execFileSync } from 'node:child_process'
import { chmod, mkdir, readdir, rm, writeFile } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  createMarkdownFolderSource,
  type MarkdownFolderSource,
} from '@wiki/wiki-adapters/markdown-folder'
import { makeWiki, put, sha256 } from './markdown-folder/helpers.js'

let made: Awaited<ReturnType<typeof makeWiki>>
let source: MarkdownFolderSource | undefined
let marker: string
let program: string

const identity = {
  GIT_AUTHOR_NAME: 't',
  GIT_AUTHOR_EMAIL: 't@example.org',
  GIT_COMMITTER_NAME: 't',
  GIT_COMMITTER_EMAIL: 't@example.org',
}

/** Runs git in `repo` as the test (not the server) does, with only the test's own settings. */
function git(repo: string, ...args: string[]): string {
  return execFileSync('git', ['-C', repo, ...args], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH, HOME: made.base, ...identity, GIT_CONFIG_NOSYSTEM: '1' },
  }).trim()
}

/** A commit of the whole tree of `repo` whose object carries a (fake) PGP signature header. */
function signedCommit(repo: string, message: string): void {
  git(repo, 'add', '-A')
  const tree = git(repo, 'write-tree')
  let parent = ''
  try {
    parent = `parent ${git(repo, 'rev-parse', '--verify', '-q', 'HEAD')}\n`
  } catch {
    // the first commit has no parent
  }
  const body =
    `tree ${tree}\n${parent}author t <t@example.org> 1700000000 +0000\n` +
    `committer t <t@example.org> 1700000000 +0000\n` +
    'gpgsig -----BEGIN PGP SIGNATURE-----\n \n iQEzBAABCAAdFiEE\n -----END PGP SIGNATURE-----\n' +
    `\n${message}\n`
  const commit = execFileSync('git', ['-C', repo, 'hash-object', '-t', 'commit', '-w', '--stdin'], {
    input: body,
    encoding: 'utf8',
  }).trim()
  git(repo, 'update-ref', 'HEAD', commit)
}

/** The registration that makes the diff walk the file's history and read old blobs. */
async function register(filename: string, text: string): Promise<void> {
  await writeFile(
    path.join(made.wiki, 'sources.md'),
    `# Sorgenti\n\n| File | SHA256 | Ingest | Pagine |\n|---|---|---|---|\n| \`raw/${filename}\` | ${sha256(text).slice(0, 12)} | 2026-04-02 | [[a]] |\n`,
  )
}

async function open(): Promise<MarkdownFolderSource> {
  source = await createMarkdownFolderSource({
    wikiPath: made.wiki,
    rawPath: made.raw,
    timeZone: 'UTC',
    watch: false,
  })
  return source
}

/** The raw folder's own repository: raw/doc.md committed (signed) once, then edited. */
async function ownRepository(): Promise<void> {
  git(made.base, 'init', '-q')
  await put(made.raw, 'doc.md', 'one\n')
  signedCommit(made.base, 'v1')
  await put(made.raw, 'doc.md', 'two\n')
  await register('doc.md', 'one\n')
}

/** What the diff of raw/doc.md found, and whether the planted program ran meanwhile. */
async function diffOfDoc(): Promise<{ ran: boolean; base: string | undefined; diff: string }> {
  const diff = await (await open()).raw.diff('doc.md')
  return { ran: existsSync(marker), base: diff.base?.reason, diff: diff.diff ?? '' }
}
const harmless = { ran: false, base: 'registered', diff: expect.stringContaining('-one\n+two') }

beforeEach(async () => {
  made = await makeWiki({ 'index.md': '# Indice\n' })
  marker = path.join(made.base, 'ran')
  program = path.join(made.base, 'program.sh')
  await writeFile(program, `#!/bin/sh\ntouch '${marker}'\ncat >/dev/null\nexit 0\n`)
  await chmod(program, 0o755)
})
afterEach(async () => {
  await source?.close()
  source = undefined
  await made.cleanup()
})

describe('raw diffs run nothing a repository names', () => {
  it('ignores log.showSignature with gpg.program on a signed commit', async () => {
    await ownRepository()
    git(made.base, 'config', 'log.showSignature', 'true')
    git(made.base, 'config', 'gpg.program', program)
    expect(await diffOfDoc()).toEqual(harmless)
  })

  it('ignores the same settings reached through include.path', async () => {
    await ownRepository()
    const included = path.join(made.base, 'included.gitconfig')
    await writeFile(included, `[log]\n\tshowSignature = true\n[gpg]\n\tprogram = ${program}\n`)
    git(made.base, 'config', 'include.path', included)
    expect(await diffOfDoc()).toEqual(harmless)
  })

  it('ignores a global config file and HOME of the server', async () => {
    await ownRepository()
    const global = path.join(made.base, 'global.gitconfig')
    await writeFile(global, `[log]\n\tshowSignature = true\n[gpg]\n\tprogram = ${program}\n`)
    const saved = { global: process.env.GIT_CONFIG_GLOBAL, home: process.env.HOME }
    process.env.GIT_CONFIG_GLOBAL = global
    await writeFile(path.join(made.base, '.gitconfig'), `[include]\n\tpath = ${global}\n`)
    process.env.HOME = made.base
    try {
      expect(await diffOfDoc()).toEqual(harmless)
    } finally {
      if (saved.global === undefined) delete process.env.GIT_CONFIG_GLOBAL
      else process.env.GIT_CONFIG_GLOBAL = saved.global
      process.env.HOME = saved.home
    }
  })

  it('ignores core.fsmonitor, core.pager, diff.external and hooks', async () => {
    await ownRepository()
    git(made.base, 'config', 'core.fsmonitor', program)
    git(made.base, 'config', 'core.pager', program)
    git(made.base, 'config', 'pager.log', program)
    git(made.base, 'config', 'diff.external', program)
    const hooks = path.join(made.base, 'hooks')
    await mkdir(hooks)
    for (const hook of [
      'post-checkout',
      'post-index-change',
      'reference-transaction',
      'pre-auto-gc',
    ]) {
      await writeFile(path.join(hooks, hook), `#!/bin/sh\ntouch '${marker}'\n`, { mode: 0o755 })
    }
    git(made.base, 'config', 'core.hooksPath', hooks)
    expect(await diffOfDoc()).toEqual(harmless)
  })

  it('ignores textconv, diff drivers and filters named by .gitattributes', async () => {
    await writeFile(
      path.join(made.base, '.gitattributes'),
      '*.md diff=evil filter=evil merge=evil\n',
    )
    await ownRepository()
    git(made.base, 'config', 'diff.evil.textconv', program)
    git(made.base, 'config', 'diff.evil.command', program)
    git(made.base, 'config', 'filter.evil.smudge', program)
    git(made.base, 'config', 'filter.evil.clean', program)
    git(made.base, 'config', 'filter.evil.process', program)
    expect(await diffOfDoc()).toEqual(harmless)
  })

  it('starts no transport for a partial clone missing the registered blob', async () => {
    await ownRepository()
    git(made.base, 'config', 'core.repositoryformatversion', '1')
    git(made.base, 'config', 'extensions.partialClone', 'origin')
    git(made.base, 'config', 'remote.origin.promisor', 'true')
    git(made.base, 'config', 'remote.origin.url', `ext::${program}`)
    git(made.base, 'config', 'protocol.ext.allow', 'always')
    // Remove the registered blob, so reading it would ask the promisor remote for it.
    const blob = git(made.base, 'rev-parse', 'HEAD:raw/doc.md')
    await rm(path.join(made.base, '.git', 'objects', blob.slice(0, 2), blob.slice(2)))
    const diff = await (await open()).raw.diff('doc.md')
    expect(existsSync(marker), 'a transport ran').toBe(false)
    expect(diff.diff).toBeNull()
  })

  it('never reads a repository nested under raw/, and runs nothing it names', async () => {
    // The raw folder's own repository tracks nothing under the archive.
    git(made.base, 'init', '-q')
    await put(made.raw, 'keep.md', 'k\n')
    git(made.base, 'add', '-A')
    git(made.base, 'commit', '-q', '-m', 'base')
    const archive = path.join(made.raw, 'archive')
    await put(archive, 'doc.md', 'one\n')
    git(archive, 'init', '-q')
    signedCommit(archive, 'v1')
    git(archive, 'config', 'log.showSignature', 'true')
    git(archive, 'config', 'gpg.program', program)
    git(archive, 'config', 'core.fsmonitor', program)
    await put(archive, 'doc.md', 'two\n')
    await register('archive/doc.md', 'one\n')
    const diff = await (await open()).raw.diff('archive/doc.md')
    expect(existsSync(marker), 'a program named by the nested repository ran').toBe(false)
    // The nested history holds the registered version; it must not be used.
    expect(diff.base).toBeNull()
    expect(diff.note).toBe('the file is not tracked by git')
    expect(await readdir(made.base)).not.toContain('ran')
  })
})
