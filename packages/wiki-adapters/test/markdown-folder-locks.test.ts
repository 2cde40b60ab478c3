// A writer that crashed leaves its lock folder behind. The next writer must take the lock over once
// it is stale instead of giving up just before: with the stale time equal to the lock wait (both
// 10 s before), the first write after a crash failed in about one round of three.
import { mkdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import lockfile from 'proper-lockfile'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  createMarkdownFolderSource,
  type MarkdownFolderSource,
  WikiSourceError,
} from '@wiki/wiki-adapters/markdown-folder'
import { itPage, makeWiki } from './markdown-folder/helpers.js'

// The timings of the failure: a waiter that gives up when the lock turns stale.
const timings = { staleMs: 2_000, updateMs: 500, timeoutMs: 2_000 }
let made: Awaited<ReturnType<typeof makeWiki>>
let source: MarkdownFolderSource

beforeEach(async () => {
  made = await makeWiki({ 'pagina.md': itPage('Pagina', 'vecchio') })
  source = await createMarkdownFolderSource({
    wikiPath: made.wiki,
    timeZone: 'UTC',
    watch: false,
    lockTimings: timings,
  })
})
afterEach(async () => {
  await source.close()
  await made.cleanup()
})

describe('page locks', () => {
  it('takes over the lock a crashed writer left, once it is stale', async () => {
    const page = path.join(made.wiki, 'pagina.md')
    // What a writer killed while holding the lock leaves: the lock folder, just refreshed.
    await mkdir(`${page}.lock`)
    const started = Date.now()
    const content = itPage('Pagina', 'nuovo')
    await source.writePage({ path: 'pagina.md', content })
    expect(Date.now() - started).toBeGreaterThanOrEqual(timings.staleMs - 100)
    expect(await readFile(page, 'utf8')).toBe(content)
  })

  it('still gives up with lock_timeout on a lock its live owner keeps refreshing', async () => {
    const page = path.join(made.wiki, 'pagina.md')
    const release = await lockfile.lock(page, {
      realpath: false,
      stale: timings.staleMs,
      update: timings.updateMs,
    })
    try {
      const started = Date.now()
      const error = await source
        .writePage({ path: 'pagina.md', content: itPage('Pagina', 'nuovo') })
        .then(
          () => undefined,
          (caught: unknown) => caught,
        )
      expect(error).toBeInstanceOf(WikiSourceError)
      expect((error as WikiSourceError).code).toBe('lock_timeout')
      // It waited past the stale time, which a live owner never reaches.
      expect(Date.now() - started).toBeGreaterThan(timings.staleMs + timings.updateMs)
      expect(await readFile(page, 'utf8')).toBe(itPage('Pagina', 'vecchio'))
    } finally {
      await release()
    }
  })
})
