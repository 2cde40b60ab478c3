import { readdir } from 'node:fs/promises'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  createMarkdownFolderSource,
  type MarkdownFolderSource,
} from '@wiki/wiki-adapters/markdown-folder'
import { caught, makeWiki, sha256, treeHash } from './markdown-folder/helpers.js'

let made: Awaited<ReturnType<typeof makeWiki>>
let source: MarkdownFolderSource
beforeEach(async () => {
  made = await makeWiki({
    'a.md': '# A\n\n[[b]] and [[c|see c]]\n',
    'b.md': '# B\n\n[text](c.md)\n',
    'c.md': '# C\n\n[[c]] links to itself\n',
    'd.md': '# D\n',
  })
  source = await createMarkdownFolderSource({ wikiPath: made.wiki, watch: false })
})
afterEach(async () => {
  await source.close()
  await made.cleanup()
})

describe('deletePage', () => {
  it('refuses while other pages link to it, naming them; nothing changes', async () => {
    const before = await treeHash(made.wiki)
    const error = await caught(source.deletePage({ path: 'c.md' }))
    expect(error.code).toBe('has_backlinks')
    expect(error.data).toEqual({ path: 'c.md', backlinks: ['a', 'b'] })
    expect(await treeHash(made.wiki)).toBe(before)
  })

  it('with force deletes and returns the backlinks it leaves broken', async () => {
    const result = await source.deletePage({ path: 'c.md', force: true })
    expect(result).toEqual({ success: true, path: 'c.md', brokenBacklinks: ['a', 'b'] })
    expect((await readdir(made.wiki)).sort()).toEqual(['a.md', 'b.md', 'd.md'])
    const graph = await source.graph()
    expect(graph.broken).toEqual([{ target: 'c', sources: ['a', 'b'] }])
  })

  it('deletes an unlinked page without force, conditionally', async () => {
    const stale = await caught(
      source.deletePage({ path: 'd.md', expectedChecksum: '0'.repeat(64) }),
    )
    expect(stale.code).toBe('conflict')
    const result = await source.deletePage({ path: 'd.md', expectedChecksum: sha256('# D\n') })
    expect(result.brokenBacklinks).toEqual([])
    expect(await readdir(made.wiki)).not.toContain('d.md')
    expect((await caught(source.readPage('d'))).code).toBe('not_found')
  })

  it('refuses a missing page', async () => {
    expect((await caught(source.deletePage({ path: 'zz.md' }))).code).toBe('not_found')
  })
})
