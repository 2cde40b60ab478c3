// Disk full (ENOSPC) during a write, injected where the file system would report it: the
// write fails with storage_error, and neither a temp file nor a folder made for it remains.
import type * as fsPromises from 'node:fs/promises'
import { readdir } from 'node:fs/promises'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  createMarkdownFolderSource,
  type MarkdownFolderSource,
} from '@wiki/wiki-adapters/markdown-folder'
import { caught, itPage, makeWiki, treeHash } from './markdown-folder/helpers.js'

/** How many more temp-file writes succeed before the disk is "full"; Infinity = never full. */
const disk = vi.hoisted(() => ({ writesLeft: Number.POSITIVE_INFINITY }))

vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof fsPromises>()
  const open: typeof actual.open = async (...args: Parameters<typeof actual.open>) => {
    const handle = await actual.open(...args)
    if (args[1] !== 'wx') return handle
    const writeFile = handle.writeFile.bind(handle)
    handle.writeFile = async (...writeArgs: Parameters<typeof writeFile>) => {
      if (disk.writesLeft <= 0) {
        // a partial write, then the error, as a full disk does it
        await writeFile('partial')
        throw Object.assign(new Error('ENOSPC: no space left on device, write'), {
          code: 'ENOSPC',
          errno: -28,
          syscall: 'write',
        })
      }
      disk.writesLeft -= 1
      return writeFile(...writeArgs)
    }
    return handle
  }
  return { ...actual, open, default: { ...actual, open } }
})

let made: Awaited<ReturnType<typeof makeWiki>>
let source: MarkdownFolderSource
const page = itPage('Pagina', 'testo')

beforeEach(async () => {
  disk.writesLeft = Number.POSITIVE_INFINITY
  made = await makeWiki({ 'a.md': page, 'b.md': itPage('B', '[[a]] e [[c]]'), 'c.md': page })
  source = await createMarkdownFolderSource({ wikiPath: made.wiki, watch: false })
})
afterEach(async () => {
  await source.close()
  await made.cleanup()
})

describe('a full disk', () => {
  it('fails a new page in new folders with storage_error and leaves nothing behind', async () => {
    const before = await treeHash(made.wiki)
    disk.writesLeft = 0
    const error = await caught(source.writePage({ path: 'nuova/sotto/pagina.md', content: page }))
    expect(error.code).toBe('storage_error')
    expect(error.data).toEqual({ path: 'nuova/sotto/pagina.md', errno: 'ENOSPC' })
    expect(error.message).not.toContain(made.base)
    expect(await treeHash(made.wiki)).toBe(before)
    expect((await readdir(made.wiki)).sort()).toEqual(['a.md', 'b.md', 'c.md'])
  })

  it('fails a replacement and an edit with storage_error; the page is unchanged', async () => {
    const before = await treeHash(made.wiki)
    disk.writesLeft = 0
    expect((await caught(source.writePage({ path: 'a.md', content: page + 'x' }))).code).toBe(
      'storage_error',
    )
    expect(
      (await caught(source.editPage({ path: 'a.md', oldText: 'testo', newText: 'nuovo' }))).code,
    ).toBe('storage_error')
    expect(await treeHash(made.wiki)).toBe(before)
  })

  it('fails a move midway through its temp files and rolls it back completely', async () => {
    const before = await treeHash(made.wiki)
    disk.writesLeft = 1
    const error = await caught(source.movePage({ from: 'a', to: 'archivio/nuovo/a.md' }))
    expect(error.code).toBe('storage_error')
    expect(await treeHash(made.wiki)).toBe(before)
    disk.writesLeft = Number.POSITIVE_INFINITY
    // and the wiki is still consistent: the same move then succeeds
    expect((await source.movePage({ from: 'a', to: 'archivio/nuovo/a.md' })).success).toBe(true)
  })
})
