import { mkdir, readdir, stat, symlink, writeFile } from 'node:fs/promises'
import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  createMarkdownFolderSource,
  type MarkdownFolderSource,
  WikiSourceError,
} from '@wiki/wiki-adapters/markdown-folder'
import hostile from './markdown-folder/hostile-paths.json' with { type: 'json' }
import { itPage, makeWiki, treeHash } from './markdown-folder/helpers.js'

const valid = itPage('Pagina', 'testo')

async function refusal(work: Promise<unknown>): Promise<{ code: string; reason: unknown }> {
  try {
    await work
  } catch (error) {
    if (error instanceof WikiSourceError) return { code: error.code, reason: error.data?.reason }
    throw error
  }
  return { code: 'accepted', reason: undefined }
}

let made: Awaited<ReturnType<typeof makeWiki>>
let source: MarkdownFolderSource
let outside: string

beforeEach(async () => {
  made = await makeWiki({ 'index.md': '# Indice\n', 'note.md': valid }, { 'fonte.md': '# fonte\n' })
  outside = path.join(made.base, 'outside')
  await mkdir(outside)
  await writeFile(path.join(outside, 'secret.md'), valid)
  source = await createMarkdownFolderSource({
    wikiPath: made.wiki,
    rawPath: made.raw,
    timeZone: 'UTC',
    watch: false,
  })
})
afterEach(async () => {
  await source.close()
  await made.cleanup()
})

async function snapshot(): Promise<string[]> {
  return [await treeHash(made.wiki), await treeHash(made.raw), await treeHash(outside)]
}

describe('hostile paths (project fixture)', () => {
  it('holds at least 50 cases in every category', () => {
    expect(hostile.cases.length).toBeGreaterThanOrEqual(50)
    expect(new Set(hostile.cases.map((c) => c.category)).size).toBeGreaterThanOrEqual(12)
  })

  it.each(hostile.cases.map((c) => [c.category, JSON.stringify(c.path).slice(0, 60), c] as const))(
    '%s %s is refused by wikiWritePage and changes nothing',
    async (_category, _shown, entry) => {
      const before = await snapshot()
      const result = await refusal(source.writePage({ path: entry.path, content: valid }))
      expect(result).toEqual({ code: 'invalid_path', reason: entry.reason })
      expect(await snapshot()).toEqual(before)
    },
  )

  it('refuses the non-markdown-independent cases in the read tools too', async () => {
    for (const entry of hostile.cases.filter((c) => c.reason !== 'not_markdown')) {
      expect((await refusal(source.readPage(entry.path))).code).toBe('invalid_path')
      expect((await refusal(source.raw.read(entry.path))).code).toBe('invalid_path')
      expect((await refusal(source.checksum(entry.path))).code).toBe('invalid_path')
    }
  })
})

describe('hostile paths built on disk', () => {
  it('refuses symlinks leading out, into raw/, chains, folders named .md, paths through files and FIFOs', async () => {
    await symlink(outside, path.join(made.wiki, 'out'))
    await symlink(path.join(outside, 'secret.md'), path.join(made.wiki, 'secret.md'))
    await symlink(made.raw, path.join(made.wiki, 'fonti'))
    await symlink(path.join(made.raw, 'fonte.md'), path.join(made.wiki, 'fonte.md'))
    await symlink(path.join(made.wiki, 'hop2.md'), path.join(made.wiki, 'hop1.md'))
    await symlink(path.join(outside, 'secret.md'), path.join(made.wiki, 'hop2.md'))
    await symlink(path.join(outside, 'missing.md'), path.join(made.wiki, 'dangling.md'))
    await mkdir(path.join(made.wiki, 'notes.md'))
    execFileSync('mkfifo', [path.join(made.wiki, 'pipe.md')])
    const cases: [string, string][] = [
      ['out/x.md', 'outside_root'],
      ['out/secret.md', 'outside_root'],
      ['secret.md', 'outside_root'],
      ['fonti/new.md', 'outside_root'],
      ['fonte.md', 'outside_root'],
      ['hop1.md', 'outside_root'],
      ['dangling.md', 'outside_root'],
      ['notes.md', 'is_directory'],
      ['note.md/x.md', 'not_directory'],
      ['pipe.md', 'not_regular_file'],
    ]
    const before = await snapshot()
    const listing = await readdir(made.wiki)
    for (const [target, reason] of cases) {
      expect({
        target,
        ...(await refusal(source.writePage({ path: target, content: valid }))),
      }).toEqual({
        target,
        code: 'invalid_path',
        reason,
      })
    }
    expect(await snapshot()).toEqual(before)
    expect(await readdir(made.wiki)).toEqual(listing)
  })

  it('writes through a symlink whose real path is inside, at its real path', async () => {
    await mkdir(path.join(made.wiki, 'real'))
    await writeFile(path.join(made.wiki, 'real', 'target.md'), valid)
    await symlink(path.join(made.wiki, 'real', 'target.md'), path.join(made.wiki, 'alias.md'))
    const content = itPage('Nuovo', 'via alias')
    await source.writePage({ path: 'alias.md', content })
    expect((await stat(path.join(made.wiki, 'alias.md'), {})).isFile()).toBe(true)
    const { readFile, lstat } = await import('node:fs/promises')
    expect(await readFile(path.join(made.wiki, 'real', 'target.md'), 'utf8')).toBe(content)
    expect((await lstat(path.join(made.wiki, 'alias.md'))).isSymbolicLink()).toBe(true)
  })
})

describe('hostile paths against the editing tools', () => {
  it.each(hostile.cases.map((c) => [c.category, JSON.stringify(c.path).slice(0, 60), c] as const))(
    '%s %s is refused by editPage, movePage (to) and deletePage; nothing changes',
    async (_category, _shown, entry) => {
      const before = await snapshot()
      const expected = { code: 'invalid_path', reason: entry.reason }
      expect(
        await refusal(source.editPage({ path: entry.path, oldText: 'testo', newText: 'x' })),
      ).toEqual(expected)
      expect(await refusal(source.movePage({ from: 'note', to: entry.path }))).toEqual(expected)
      expect(await refusal(source.deletePage({ path: entry.path, force: true }))).toEqual(expected)
      expect(await snapshot()).toEqual(before)
    },
  )

  it('refuses the non-markdown-independent cases as a move source and a section read', async () => {
    const before = await snapshot()
    for (const entry of hostile.cases.filter((c) => c.reason !== 'not_markdown')) {
      expect((await refusal(source.movePage({ from: entry.path, to: 'x.md' }))).code).toBe(
        'invalid_path',
      )
      expect((await refusal(source.readSection(entry.path, 'Pagina'))).code).toBe('invalid_path')
    }
    expect(await snapshot()).toEqual(before)
  })

  it('refuses edits, moves and deletes through symlinks leading out, and moves into them', async () => {
    await symlink(outside, path.join(made.wiki, 'out'))
    await symlink(path.join(outside, 'secret.md'), path.join(made.wiki, 'secret.md'))
    await symlink(made.raw, path.join(made.wiki, 'fonti'))
    const before = await snapshot()
    for (const target of ['out/secret.md', 'secret.md', 'fonti/fonte.md']) {
      expect(
        (await refusal(source.editPage({ path: target, oldText: 'testo', newText: 'x' }))).code,
      ).toBe('invalid_path')
      expect((await refusal(source.deletePage({ path: target, force: true }))).code).not.toBe(
        'accepted',
      )
    }
    for (const target of ['out/moved.md', 'fonti/moved.md', 'secret.md']) {
      expect(await refusal(source.movePage({ from: 'note', to: target }))).toEqual({
        code: 'invalid_path',
        reason: 'outside_root',
      })
    }
    expect(await snapshot()).toEqual(before)
  })
})
