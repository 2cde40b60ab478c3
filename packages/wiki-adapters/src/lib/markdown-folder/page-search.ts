import { invalidArguments } from './argument-error.js'
import { type FrontmatterSchema, defaultStopWords, roleField } from './frontmatter-schema.js'
import type { CatalogListener, PageCatalog } from './page-catalog.js'
import { matchWindow, windowSnippet } from './match-window.js'
import { frontmatterAliases, headingText } from './page-fields.js'
import type { DescribePage } from './page-listing.js'
import type { StoredPage } from './page-store.js'
import {
  type IndexSnapshot,
  type PreparedQuery,
  type ScoredSlug,
  SearchIndex,
  compareScored,
  foldForSubstring,
  makeSnippet,
  topScored,
} from './search-index.js'
import { type SearchLanguage, stemmerFor } from './stemming.js'
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
/** Ranked hits looked at for word proximity before the first `topK` are kept. */
const PROXIMITY_CANDIDATES = 20
/**
 * Most a page gains for holding the query's words side by side: enough to order pages that score
 * alike, too little to lift a page over one that matches better.
 */
const PROXIMITY_BONUS = 0.03

/**
 * Search over the catalog's pages: ranked by the term index, by folded substring when the query
 * has no indexable word, or every page when it is empty; filtered by tag, type and status. The
 * index follows the catalog as its listener.
 */
export class PageSearch implements CatalogListener {
  readonly #catalog: PageCatalog
  readonly #describe: DescribePage
  #index: SearchIndex
  readonly #stopWords: ReadonlySet<string>
  readonly #language: SearchLanguage
  /** Pages indexed or dropped since the last `snapshot`. */
  #changed = true
  readonly #typeKey: string | undefined
  readonly #statusKey: string | undefined
  readonly #tagsKey: string | undefined

  constructor(
    catalog: PageCatalog,
    schema: FrontmatterSchema,
    describe: DescribePage,
    language: SearchLanguage = schema.language,
  ) {
    this.#catalog = catalog
    this.#describe = describe
    this.#stopWords = foldStopWords(schema.stopWords ?? defaultStopWords(language))
    this.#language = language
    this.#index = new SearchIndex(this.#stopWords, stemmerFor(language))
    this.#typeKey = roleField(schema, 'type')?.key
    this.#statusKey = roleField(schema, 'status')?.key
    this.#tagsKey = roleField(schema, 'tags')?.key
  }

  /** What the index depends on besides the pages: a cache written under another key is stale. */
  get cacheKey(): string {
    return JSON.stringify({
      language: this.#language,
      stopWords: [...this.#stopWords].sort(),
      tags: this.#tagsKey ?? null,
    })
  }

  /** Replaces the (still empty) index by one restored from the cache; throws when it is unusable. */
  restore(snapshot: IndexSnapshot): void {
    this.#index = SearchIndex.restore(snapshot, this.#stopWords, stemmerFor(this.#language))
    this.#changed = false
  }

  /** The index as plain data, for the cache, or undefined when nothing changed since the last. */
  snapshot(): IndexSnapshot | undefined {
    if (!this.#changed) return undefined
    this.#changed = false
    return this.#index.snapshot()
  }

  stored(page: StoredPage, reused: boolean): void {
    if (reused && this.#index.has(page.slug)) return
    this.#changed = true
    this.#index.set({
      slug: page.slug,
      title: page.title,
      aliases: pageAliases(page),
      headings: headingText(page.content, page.title),
      tags: this.#tags(page),
      body: page.content,
    })
  }

  forgotten(page: StoredPage): void {
    this.#changed = true
    this.#index.delete(page.slug)
  }

  /**
   * After the start-up walk: drops pages a restored index holds but the folder no longer does
   * (deleted or renamed while no server ran), then inverts the postings once for the whole wiki.
   */
  pack(): void {
    const gone = [...this.#index.slugs()].filter((slug) => !this.#catalog.bySlug(slug))
    for (const slug of gone) this.#index.delete(slug)
    if (gone.length > 0) this.#changed = true
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
    const words = [...new Set(this.#index.tokens(q))]
    if (words.length === 0) return this.#substringSearch(q, accepts, topK)
    const prepared = this.#index.prepare(words)
    const scored = this.#index.score(prepared)
    const filtered = query.type !== undefined || query.status !== undefined || tag !== undefined
    // the index follows the catalog's store and forget, so unfiltered hits need no lookup
    const kept = filtered
      ? scored.filter((hit) => {
          const page = this.#catalog.bySlug(hit.slug)
          return page !== undefined && accepts(page)
        })
      : scored
    const results = this.#rankByProximity(
      topScored(kept, Math.max(topK, PROXIMITY_CANDIDATES)),
      prepared,
      words,
    ).slice(0, topK)
    return { results, total: kept.length, truncated: kept.length > topK, mode: 'ranked' }
  }

  /**
   * Adds the proximity bonus to the best hits (pages holding the query's words close together move
   * up among pages that score alike), re-sorts them and cuts each one's snippet around the
   * stretch of its text that holds the most query words.
   */
  #rankByProximity(
    hits: readonly ScoredSlug[],
    prepared: PreparedQuery,
    words: readonly string[],
  ): SearchHit[] {
    const groups = prepared.groups.length
    const groupOf = (token: string): number => {
      const stem = this.#index.stemOfToken(token)
      return stem === -1 ? -1 : (prepared.groupOf.get(stem) ?? -1)
    }
    const ranked = hits.map((hit) => {
      const page = this.#catalog.bySlug(hit.slug) as StoredPage
      const window = matchWindow(page.content, groupOf)
      let score = hit.score
      if (window && groups > 1 && window.covered > 1) {
        const closeness = window.covered / window.words
        score *= 1 + (PROXIMITY_BONUS * closeness * (window.covered - 1)) / (groups - 1)
      }
      return { slug: hit.slug, score, page, window }
    })
    ranked.sort(compareScored)
    return ranked.map(({ score, page, window }) => {
      const snippet = window
        ? windowSnippet(page.content, window)
        : makeSnippet(page.content, words)
      return { ...this.#describe(page), ...(snippet === undefined ? {} : { snippet }), score }
    })
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

/**
 * Other names of a page: the page's own `aliases` where the page record carries them, else read
 * from the frontmatter here.
 */
function pageAliases(page: StoredPage): readonly string[] {
  const carried = (page as { readonly aliases?: readonly string[] }).aliases
  return carried ?? frontmatterAliases(page.frontmatter)
}

function stringList(value: unknown): string[] {
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : []
}
