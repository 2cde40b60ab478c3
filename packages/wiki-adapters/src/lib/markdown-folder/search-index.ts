import { foldText, foldWithOffsets, snippetAround, tokenize } from './tokenize.js'

/** What the index keeps per page: weighted term counts and the text snippets are cut from. */
export interface IndexedDocument {
  readonly slug: string
  readonly title: string
  readonly tags: readonly string[]
  readonly body: string
}

/** A ranked hit. */
export interface ScoredSlug {
  readonly slug: string
  readonly score: number
}

/**
 * Inverted index with the reference server's weights: `4·title + 3·tags + 1·body` per term,
 * `idf = ln(1 + N/df)`, no length normalisation. Updating a page removes its old postings first.
 */
export class SearchIndex {
  readonly #postings = new Map<string, Map<string, number>>()
  readonly #terms = new Map<string, readonly string[]>()
  readonly #stopWords: ReadonlySet<string>

  constructor(stopWords: ReadonlySet<string>) {
    this.#stopWords = stopWords
  }

  get size(): number {
    return this.#terms.size
  }

  tokens(text: string): string[] {
    return tokenize(text, this.#stopWords)
  }

  set(doc: IndexedDocument): void {
    this.delete(doc.slug)
    const weights = new Map<string, number>()
    const add = (text: string, weight: number): void => {
      for (const token of tokenize(text, this.#stopWords)) {
        weights.set(token, (weights.get(token) ?? 0) + weight)
      }
    }
    add(doc.title, 4)
    for (const tag of doc.tags) add(tag, 3)
    add(doc.body, 1)
    for (const [term, weight] of weights) {
      let posting = this.#postings.get(term)
      if (!posting) {
        posting = new Map()
        this.#postings.set(term, posting)
      }
      posting.set(doc.slug, weight)
    }
    this.#terms.set(doc.slug, [...weights.keys()])
  }

  delete(slug: string): void {
    const terms = this.#terms.get(slug)
    if (!terms) return
    for (const term of terms) {
      const posting = this.#postings.get(term)
      posting?.delete(slug)
      if (posting?.size === 0) this.#postings.delete(term)
    }
    this.#terms.delete(slug)
  }

  /** Scores every page holding a query term; `N` and `df` are over the whole index. */
  score(queryTerms: readonly string[]): Map<string, number> {
    const scores = new Map<string, number>()
    const total = this.#terms.size
    for (const term of new Set(queryTerms)) {
      const posting = this.#postings.get(term)
      if (!posting || posting.size === 0) continue
      const idf = Math.log(1 + total / posting.size)
      for (const [slug, weight] of posting) scores.set(slug, (scores.get(slug) ?? 0) + weight * idf)
    }
    return scores
  }
}

/** Ranked order: score descending, then slug in code-unit order. */
export function compareScored(a: ScoredSlug, b: ScoredSlug): number {
  return b.score - a.score || (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0)
}

/** The earliest folded-substring match of any needle in `body`, cut ±60 characters. */
export function makeSnippet(body: string, needles: readonly string[]): string | undefined {
  if (needles.length === 0) return undefined
  const { folded, origin } = foldWithOffsets(body)
  let best: { start: number; end: number } | undefined
  for (const needle of needles) {
    if (needle === '') continue
    const at = folded.indexOf(needle)
    if (at === -1) continue
    if (!best || at < best.start) best = { start: at, end: at + needle.length }
  }
  if (!best) return undefined
  const start = origin ? (origin[best.start] ?? 0) : best.start
  const end = origin ? (origin[best.end] ?? body.length) : best.end
  return snippetAround(body, start, end, 60)
}

/** Folded, whitespace-collapsed text for substring mode. */
export function foldForSubstring(text: string): string {
  return foldText(text).replace(/\s+/g, ' ').trim()
}
