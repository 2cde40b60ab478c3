import { PackedPostings } from './packed-postings.js'
import { TermDictionary } from './term-dictionary.js'
import {
  foldRun,
  foldText,
  cutString,
  foldWithOffsets,
  scanWordsHashed,
  snippetAround,
  tokenize,
} from './tokenize.js'

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

/** Unpacked documents tolerated before the postings are repacked (each query scans them). */
const MAX_UNPACKED = 256

/**
 * Inverted index with the reference server's weights: `4·title + 3·tags + 1·body` per term,
 * `idf = ln(1 + N/df)`, no length normalisation.
 *
 * Each page gets a document id and a term list (`[term, weight, …]` over dense term ids); the
 * postings are those lists inverted into `PackedPostings` in one pass, so start-up indexing is a
 * batch build rather than tens of thousands of per-term arrays grown page by page. Later updates
 * give the page a new id and retire the old one: pages added since the last pack are scanned
 * directly by queries, removed ones are skipped, and the postings are repacked once either kind
 * piles up. `df` is kept per term as pages come and go, so it is exact at every query.
 */
export class SearchIndex {
  readonly #stopWords: ReadonlySet<string>
  /** Term → dense id. Ids are never reused or dropped (a vanished term keeps `df` 0). */
  readonly #dictionary = new TermDictionary()
  /** Stop words take the first ids, so a word read straight from the text is one by `id < this`. */
  readonly #stopTermCount: number
  /** Live documents holding each term. */
  #df: Int32Array<ArrayBuffer> = new Int32Array(1024)
  /** Per-term weight accumulator while one page is indexed; all zero between calls. */
  #pending: Int32Array<ArrayBuffer> = new Int32Array(1024)
  /** By document id: slug, or undefined once the document was removed or replaced. */
  readonly #slugs: (string | undefined)[] = []
  /** By document id: `[term, weight, term, weight, …]`, undefined once removed. */
  readonly #docTerms: (Int32Array | undefined)[] = []
  readonly #ids = new Map<string, number>()
  #packed: PackedPostings = PackedPostings.empty
  /** Documents with ids from here on are not in `#packed`. */
  #packedUpTo = 0
  /** Documents in `#packed` removed since it was built. */
  #deadPacked = 0
  /** Per-document score accumulator reused by queries; all zero between calls. */
  #scores = new Float64Array(0)

  constructor(stopWords: ReadonlySet<string>) {
    this.#stopWords = stopWords
    for (const word of stopWords) this.#dictionary.idOf(word, true)
    this.#stopTermCount = this.#dictionary.size
  }

  get size(): number {
    return this.#ids.size
  }

  tokens(text: string): string[] {
    return tokenize(text, this.#stopWords)
  }

  set(doc: IndexedDocument): void {
    this.delete(doc.slug)
    const touched: number[] = []
    const dictionary = this.#dictionary
    const add = (text: string, weight: number): void => {
      scanWordsHashed(text, (start, end, ascii, hash) => {
        let term: number
        if (ascii) {
          if (end - start === 1) return
          term = dictionary.idOfHashedAsciiRun(hash, text, start, end)
        } else {
          const token = foldRun(text, start, end)
          if (token === undefined) return
          term = dictionary.idOf(token, true)
        }
        if (term < this.#stopTermCount) return
        if (term >= this.#df.length) {
          this.#df = grow(this.#df, term + 1)
          this.#pending = grow(this.#pending, term + 1)
        }
        if (this.#pending[term] === 0) touched.push(term)
        ;(this.#pending[term] as number) += weight
      })
    }
    add(doc.title, 4)
    for (const tag of doc.tags) add(tag, 3)
    add(doc.body, 1)
    const terms = new Int32Array(touched.length * 2)
    for (let i = 0; i < touched.length; i += 1) {
      const term = touched[i] as number
      terms[2 * i] = term
      terms[2 * i + 1] = this.#pending[term] as number
      this.#pending[term] = 0
      ;(this.#df[term] as number) += 1
    }
    const id = this.#slugs.length
    this.#slugs.push(doc.slug)
    this.#docTerms.push(terms)
    this.#ids.set(doc.slug, id)
  }

  delete(slug: string): void {
    const id = this.#ids.get(slug)
    if (id === undefined) return
    const terms = this.#docTerms[id]
    if (terms)
      for (let i = 0; i < terms.length; i += 2) (this.#df[terms[i] as number] as number) -= 1
    this.#slugs[id] = undefined
    this.#docTerms[id] = undefined
    this.#ids.delete(slug)
    if (id < this.#packedUpTo) this.#deadPacked += 1
  }

  /** Inverts every live term list into fresh packed postings (start-up calls it once at the end). */
  pack(): void {
    this.#packed = PackedPostings.build(this.#dictionary.size, this.#docTerms)
    this.#packedUpTo = this.#docTerms.length
    this.#deadPacked = 0
  }

  /**
   * Scores every page holding a query term; `N` and `df` are over the whole index. Hits come in no
   * particular order. Per page, terms are added in query order from 0, as the reference does.
   */
  score(queryTerms: readonly string[]): ScoredSlug[] {
    const unpacked = this.#docTerms.length - this.#packedUpTo
    if (unpacked > MAX_UNPACKED || this.#deadPacked > Math.max(MAX_UNPACKED, this.#ids.size / 4))
      this.pack()
    if (this.#scores.length < this.#slugs.length)
      this.#scores = new Float64Array(this.#slugs.length)
    const scores = this.#scores
    const slugs = this.#slugs
    const hitDocs: number[] = []
    const total = this.#ids.size
    const { offsets, docs, weights } = this.#packed
    for (const term of new Set(queryTerms)) {
      const id = this.#dictionary.idOf(term, false)
      if (id === -1 || id >= this.#df.length) continue
      const df = this.#df[id] as number
      if (df === 0) continue
      const idf = Math.log(1 + total / df)
      if (id < this.#packed.termCount) {
        const end = offsets[id + 1] as number
        for (let k = offsets[id] as number; k < end; k += 1) {
          const doc = docs[k] as number
          if (slugs[doc] === undefined) continue
          if (scores[doc] === 0) hitDocs.push(doc)
          ;(scores[doc] as number) += (weights[k] as number) * idf
        }
      }
      for (let doc = this.#packedUpTo; doc < this.#docTerms.length; doc += 1) {
        const terms = this.#docTerms[doc]
        if (!terms) continue
        for (let i = 0; i < terms.length; i += 2) {
          if (terms[i] !== id) continue
          if (scores[doc] === 0) hitDocs.push(doc)
          ;(scores[doc] as number) += (terms[i + 1] as number) * idf
          break
        }
      }
    }
    const hits: ScoredSlug[] = []
    for (const doc of hitDocs) {
      const score = scores[doc] as number
      scores[doc] = 0
      if (score > 0) hits.push({ slug: slugs[doc] as string, score })
    }
    return hits
  }
}

function grow(array: Int32Array, needed: number): Int32Array<ArrayBuffer> {
  const bigger = new Int32Array(Math.max(needed, array.length * 2))
  bigger.set(array)
  return bigger
}

/**
 * The first `k` hits in ranked order, without sorting them all: a numeric sort of the scores
 * (native, no comparator) gives the k-th best score, and only hits at or above it are ranked.
 * Ties at the threshold are all kept, so the result equals `hits.sort(compareScored).slice(0, k)`.
 */
export function topScored(hits: readonly ScoredSlug[], k: number): ScoredSlug[] {
  if (k <= 0) return []
  if (hits.length > k) {
    const values = new Float64Array(hits.length)
    for (let i = 0; i < hits.length; i += 1) values[i] = (hits[i] as ScoredSlug).score
    values.sort()
    const threshold = values[hits.length - k] as number
    hits = hits.filter((hit) => hit.score >= threshold)
  } else hits = [...hits]
  return (hits as ScoredSlug[]).sort(compareScored).slice(0, k)
}

/** Ranked order: score descending, then slug in code-unit order. */
export function compareScored(a: ScoredSlug, b: ScoredSlug): number {
  return b.score - a.score || (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0)
}

/**
 * Characters from the start of a page searched for a snippet: folding keeps an offset table per
 * character, so a many-megabyte page would otherwise cost seconds per hit.
 */
const SNIPPET_WINDOW = 100_000

/** The earliest folded-substring match of any needle in `body`, cut ±60 characters. */
export function makeSnippet(body: string, needles: readonly string[]): string | undefined {
  if (needles.length === 0) return undefined
  const { folded, origin } = foldWithOffsets(cutString(body, SNIPPET_WINDOW))
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
