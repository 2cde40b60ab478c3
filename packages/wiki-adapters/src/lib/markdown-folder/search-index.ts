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

/** One term's postings: parallel arrays of document ids and weights, with lazy removal. */
interface Posting {
  readonly term: string
  ids: number[]
  weights: number[]
  /** Live documents holding the term. */
  df: number
  /** Entries whose document was removed or replaced, skipped until the next compaction. */
  dead: number
}

/**
 * Inverted index with the reference server's weights: `4·title + 3·tags + 1·body` per term,
 * `idf = ln(1 + N/df)`, no length normalisation. Postings are flat number arrays (few objects for
 * the garbage collector to trace, which dominates start-up on large wikis); updating a page gives
 * it a new document id and retires the old one's entries.
 */
export class SearchIndex {
  readonly #postings = new Map<string, Posting>()
  readonly #docs: ({ slug: string; postings: Posting[] } | undefined)[] = []
  readonly #ids = new Map<string, number>()
  readonly #stopWords: ReadonlySet<string>

  constructor(stopWords: ReadonlySet<string>) {
    this.#stopWords = stopWords
  }

  get size(): number {
    return this.#ids.size
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
    const id = this.#docs.length
    const postings: Posting[] = []
    for (const [term, weight] of weights) {
      let posting = this.#postings.get(term)
      if (!posting) {
        posting = { term, ids: [], weights: [], df: 0, dead: 0 }
        this.#postings.set(term, posting)
      }
      posting.ids.push(id)
      posting.weights.push(weight)
      posting.df += 1
      postings.push(posting)
    }
    this.#docs.push({ slug: doc.slug, postings })
    this.#ids.set(doc.slug, id)
  }

  delete(slug: string): void {
    const id = this.#ids.get(slug)
    if (id === undefined) return
    const entry = this.#docs[id]
    this.#docs[id] = undefined
    this.#ids.delete(slug)
    for (const posting of entry?.postings ?? []) {
      posting.df -= 1
      posting.dead += 1
      if (posting.df === 0) this.#postings.delete(posting.term)
      else if (posting.dead > 16 && posting.dead > posting.df) this.#compact(posting)
    }
  }

  #compact(posting: Posting): void {
    const ids: number[] = []
    const weights: number[] = []
    for (let i = 0; i < posting.ids.length; i += 1) {
      const id = posting.ids[i] as number
      if (this.#docs[id] === undefined) continue
      ids.push(id)
      weights.push(posting.weights[i] as number)
    }
    posting.ids = ids
    posting.weights = weights
    posting.dead = 0
  }

  /** Scores every page holding a query term; `N` and `df` are over the whole index. */
  score(queryTerms: readonly string[]): Map<string, number> {
    const byId = new Map<number, number>()
    const total = this.#ids.size
    for (const term of new Set(queryTerms)) {
      const posting = this.#postings.get(term)
      if (!posting || posting.df === 0) continue
      const idf = Math.log(1 + total / posting.df)
      const { ids, weights } = posting
      for (let i = 0; i < ids.length; i += 1) {
        const id = ids[i] as number
        if (this.#docs[id] === undefined) continue
        byId.set(id, (byId.get(id) ?? 0) + (weights[i] as number) * idf)
      }
    }
    const scores = new Map<string, number>()
    for (const [id, score] of byId) {
      const entry = this.#docs[id]
      if (entry) scores.set(entry.slug, score)
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
