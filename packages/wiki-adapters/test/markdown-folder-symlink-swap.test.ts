// A folder of the wiki replaced by a symlink while the server runs (a `git checkout` can do
// that): reads and the search index must not follow it out of the wiki, as writes never did.
import { mkdir, rename, symlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  createMarkdownFolderSource,
  type MarkdownFolderSource,
  WikiSourceError,
} from '@wiki/wiki-adapters/markdown-folder'
import { makeWiki } from './markdown-folder/helpers.js'

let made: Awaited<ReturnType<typeof makeWiki>>
let source: MarkdownFolderSource
let outside: string

beforeEach(async () => {
  made = await makeWiki({ 'notes/page.md': '# Page\n\ninside words\n', 'index.md': '# I\n' })
  outside = path.join(made.base, 'outside')
  await mkdir(outside)
  await writeFile(path.join(outside, 'page.md'), '# Page\n\nsecretword from outside\n')
  // watch mode with no sweep during the test: only file events keep the catalog fresh
  source = await createMarkdownFolderSource({
    wikiPath: made.wiki,
    watch: true,
    sweepIntervalMs: 3_600_000,
  })
})
afterEach(async () => {
  await source.close()
  await made.cleanup()
})

async function settle(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 200))
}

async function swapFolder(): Promise<void> {
  await rename(path.join(made.wiki, 'notes'), path.join(made.base, 'notes-old'))
  await symlink(outside, path.join(made.wiki, 'notes'))
  await settle()
}

describe('a wiki folder replaced by a symlink', () => {
  it('readPage and readSection refuse the page instead of reading outside', async () => {
    expect((await source.readPage('notes/page')).content).toContain('inside words')
    await swapFolder()
    for (const read of [source.readPage('notes/page'), source.readSection('notes/page', 'Page')]) {
      const outcome = await read.then(
        (value) => JSON.stringify(value),
        (error: unknown) => (error instanceof WikiSourceError ? error.code : String(error)),
      )
      expect(outcome).not.toContain('secretword')
      expect(['invalid_path', 'not_found']).toContain(outcome)
    }
  })

  it('search never indexes the outside file, even on an event for the old path', async () => {
    expect(source.mode).toBe('watch')
    await swapFolder()
    // the watch on the moved-away folder still reports its files under their old path
    await writeFile(path.join(made.base, 'notes-old', 'page.md'), '# Page\n\nchanged\n')
    await writeFile(path.join(outside, 'page.md'), '# Page\n\nsecretword again\n')
    await settle()
    expect((await source.search({ q: 'secretword' })).total).toBe(0)
    const listed = await source.listPages()
    expect(listed.pages.map((p) => p.path)).toEqual(['index.md'])
  })
})
