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
    if (terms.length === 0) {
      const needle = foldForSubstring(q)
      const matches = this.#catalog.sortedPages().filter((page) => {
        if (!accepts(page)) return false
        const tags = this.#tags(page)
        return foldForSubstring(`${page.title} ${page.content} ${tags.join(' ')}`).includes(needle)
      })
      const hits = matches.slice(0, topK).map((page) => this.#withSnippet(page, [needle]))
      return {
        results: hits,
        total: matches.length,
        truncated: matches.length > topK,
        mode: 'substring',
      }
    }
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
