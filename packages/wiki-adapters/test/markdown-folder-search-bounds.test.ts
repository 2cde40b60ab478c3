import { afterEach, describe, expect, it } from 'vitest'
import { frontmatterPresets } from '@wiki/wiki-adapters/markdown-folder'
import { localDateFormatter } from '../src/lib/markdown-folder/local-date.js'
import { PageCatalog } from '../src/lib/markdown-folder/page-catalog.js'
import { pageDescriber } from '../src/lib/markdown-folder/page-listing.js'
import { PageSearch } from '../src/lib/markdown-folder/page-search.js'
import type { StoredPage } from '../src/lib/markdown-folder/page-store.js'
import { makeWiki } from './markdown-folder/helpers.js'

let cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups) await cleanup()
  cleanups = []
})

const PAGES = 400
const PAGE_CHARS = 5_000

/**
 * A search over `PAGES` pages of `PAGE_CHARS` characters whose catalog counts how many pages had
 * their text read: the work a query does, measured without a clock.
 */
async function countingSearch(): Promise<{ search: PageSearch; pagesRead: () => number }> {
  const files: Record<string, string> = {}
  const filler = 'lorem ipsum dolor sit amet '
    .repeat(Math.ceil(PAGE_CHARS / 27))
    .slice(0, PAGE_CHARS)
  for (let i = 0; i < PAGES; i += 1)
    files[`p${String(i).padStart(4, '0')}.md`] = `# Page ${i}\n${filler}\n`
  const made = await makeWiki(files)
  const catalog = new PageCatalog(made.wiki, { watch: false, sweepIntervalMs: 60_000 })
  const schema = frontmatterPresets.en
  const search = new PageSearch(catalog, schema, pageDescriber(schema, localDateFormatter('UTC')))
  catalog.subscribe(search)
  await catalog.start()
  search.pack()
  cleanups.push(made.cleanup)
  const read = new Set<string>()
  const sorted = catalog.sortedPages.bind(catalog)
  catalog.sortedPages = (): StoredPage[] =>
    sorted().map((page) => ({
      ...page,
      get content() {
        read.add(page.slug)
        return page.content
      },
    }))
  return { search, pagesRead: () => read.size }
}

describe('queries with no indexable word', () => {
  it('stop words only: reads a bounded share of the pages, not all of them', async () => {
    const { search, pagesRead } = await countingSearch()
    const result = await search.search({ q: 'the of and' })
    expect(result.mode).toBe('substring')
    // about 500,000 characters of text at most, whatever the size of the wiki
    expect(pagesRead()).toBeLessThanOrEqual(Math.ceil(500_000 / PAGE_CHARS) + 1)
    expect(result.truncated).toBe(true)
  })

  it('punctuation only: the same bound', async () => {
    const { search, pagesRead } = await countingSearch()
    const result = await search.search({ q: '!!! ??? ...' })
    expect(result.results).toEqual([])
    expect(pagesRead()).toBeLessThanOrEqual(Math.ceil(500_000 / PAGE_CHARS) + 1)
  })
})
