import { invalidArguments } from './argument-error.js'
import { type FrontmatterSchema, defaultStopWords, roleField } from './frontmatter-schema.js'
import type { CatalogListener, PageCatalog } from './page-catalog.js'
import type { DescribePage } from './page-listing.js'
import type { StoredPage } from './page-store.js'
import { SearchIndex, foldForSubstring, makeSnippet, topScored } from './search-index.js'
import { foldStopWords } from './tokenize.js'
import type { SearchHit, SearchQuery, SearchResult } from './types.js'

const MAX_QUERY = 500
/**
 * Characters of page text a substring search may fold and scan per query. A query with no
 * indexable word (stop words, one-letter words, punctuation) cannot use the index, and an unbounded
 * scan cost about a second at 10,000 pages; anyone allowed to search could send such queries in a
 * loop. Past this budget the scan stops and the result says `truncated`.
 */
export const SUBSTRING_SCAN_BUDGET = 500_000

/**
 * Search over the catalog's pages: ranked by the term index, by folded substring when the query
 * has no indexable word, or every page when it is empty; filtered by tag, type and status. The
 * index follows the catalog as its listener.
 */
export class PageSearch implements CatalogListener {
  readonly #catalog: PageCatalog
  readonly #describe: DescribePage
  readonly #index: SearchIndex
  readonly #typeKey: string | undefined
  readonly #statusKey: string | undefined
  readonly #tagsKey: string | undefined

  constructor(catalog: PageCatalog, schema: FrontmatterSchema, describe: DescribePage) {
    this.#catalog = catalog
    this.#describe = describe
    this.#index = new SearchIndex(
      foldStopWords(schema.stopWords ?? defaultStopWords(schema.language)),
    )
    this.#typeKey = roleField(schema, 'type')?.key
    this.#statusKey = roleField(schema, 'status')?.key
    this.#tagsKey = roleField(schema, 'tags')?.key
  }

  stored(page: StoredPage): void {
    this.#index.set({
      slug: page.slug,
      title: page.title,
      tags: this.#tags(page),
      body: page.content,
    })
  }

  forgotten(page: StoredPage): void {
    this.#index.delete(page.slug)
  }

  /** Inverts the postings once for the whole wiki, after the start-up walk, rather than page by page. */
  pack(): void {
    this.#index.pack()
  }

  /** The page's tags in every form, with the schema's own tag field when it has another key. */
  #tags(page: StoredPage): string[] {
    const key = this.#tagsKey
    if (key === undefined || key === 'tags' || key === 'tag') return [...page.tags]
    return [...new Set([...stringList(page.frontmatter[key]), ...page.tags])]
  }

  async search(query: SearchQuery): Promise<SearchResult> {
    if (query.q !== undefined && query.q.length > MAX_QUERY) {
      throw invalidArguments('q', `q is ${query.q.length} characters, over the ${MAX_QUERY} limit`)
    }
    await this.#catalog.refresh()
    const typeKey = this.#typeKey
    const statusKey = this.#statusKey
    const tag = query.tag?.toLowerCase()
    const accepts = (page: StoredPage): boolean => {
      if (
        query.type !== undefined &&
        (typeKey === undefined || page.frontmatter[typeKey] !== query.type)
      )
        return false
      if (
        query.status !== undefined &&
        (statusKey === undefined || page.frontmatter[statusKey] !== query.status)
      )
        return false
      if (tag !== undefined) {
        if (!this.#tags(page).some((t) => t.toLowerCase() === tag)) return false
      }
      return true
    }
    const q = query.q?.trim() ?? ''
    const topK = query.topK ?? (q === '' ? 50 : 10)
    if (q === '') {
      const hits = this.#catalog.sortedPages().filter(accepts).map(this.#describe)
      return {
        results: hits.slice(0, topK),
        total: hits.length,
        truncated: hits.length > topK,
        mode: 'all',
      }
    }
    const terms = [...new Set(this.#index.tokens(q))]
    if (terms.length === 0) return this.#substringSearch(q, accepts, topK)
    const scored = this.#index.score(terms)
    const filtered = query.type !== undefined || query.status !== undefined || tag !== undefined
    // the index follows the catalog's store and forget, so unfiltered hits need no lookup
    const kept = filtered
      ? scored.filter((hit) => {
          const page = this.#catalog.bySlug(hit.slug)
          return page !== undefined && accepts(page)
        })
      : scored
    const results = topScored(kept, topK).map((hit) => {
      const page = this.#catalog.bySlug(hit.slug) as StoredPage
      return { ...this.#withSnippet(page, terms), score: hit.score }
    })
    return { results, total: kept.length, truncated: kept.length > topK, mode: 'ranked' }
  }

  /**
   * Folded substring search over pages in slug order, within `SUBSTRING_SCAN_BUDGET` characters:
   * `total` counts the matches in the part scanned, and `truncated` says when pages were left out.
   */
  #substringSearch(q: string, accepts: (page: StoredPage) => boolean, topK: number): SearchResult {
    const needle = foldForSubstring(q)
    let budget = SUBSTRING_SCAN_BUDGET
    let cut = false
    const matches: StoredPage[] = []
    for (const page of this.#catalog.sortedPages()) {
      if (!accepts(page)) continue
      if (budget <= 0) {
        cut = true
        break
      }
      const head = `${page.title} `
      const tail = ` ${this.#tags(page).join(' ')}`
      const content = page.content
      let scanned: string
      if (head.length + content.length + tail.length <= budget) scanned = head + content + tail
      else {
        // cut before joining and folding, so one huge page costs no more than the budget
        scanned = (head + content.slice(0, Math.max(0, budget - head.length))).slice(0, budget)
        cut = true
      }
      budget -= scanned.length
      if (foldForSubstring(scanned).includes(needle)) matches.push(page)
    }
    const hits = matches.slice(0, topK).map((page) => this.#withSnippet(page, [needle]))
    return {
      results: hits,
      total: matches.length,
      truncated: cut || matches.length > topK,
      mode: 'substring',
    }
  }

  #withSnippet(page: StoredPage, needles: readonly string[]): SearchHit {
    const snippet = makeSnippet(page.content, needles)
    return { ...this.#describe(page), ...(snippet === undefined ? {} : { snippet }) }
  }
}

function stringList(value: unknown): string[] {
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : []
}
