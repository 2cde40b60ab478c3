import { PackedPostings } from './packed-postings.js'
import { PrefixTerms } from './prefix-terms.js'
import type { Stem } from './stemming.js'
import { type DictionarySnapshot, TermDictionary } from './term-dictionary.js'
import {
  cutString,
  foldRun,
  foldText,
  foldWithOffsets,
  scanWordsHashed,
  snippetAround,
  tokenize,
} from './tokenize.js'

/** The text of one page, by field. */
export interface IndexedDocument {
  readonly slug: string
  readonly title: string
  readonly aliases: readonly string[]
  /** Headings below the title, one per line. */
  readonly headings: string
  readonly tags: readonly string[]
  readonly body: string
}

/** A ranked hit. */
export interface ScoredSlug {
  readonly slug: string
  readonly score: number
}

/** The fields of a page, in the order of their bits in a packed term count. */
export const FIELDS = ['title', 'aliases', 'headings', 'tags', 'body'] as const
export type SearchField = (typeof FIELDS)[number]

/** How much one occurrence in each field counts, and how much the field's length discounts it. */
export interface FieldWeights {
  readonly weight: Readonly<Record<SearchField, number>>
  /** BM25 length normalisation per field, 0 (none) to 1 (full). */
  readonly b: Readonly<Record<SearchField, number>>
  /** BM25 saturation: how fast more occurrences stop adding. */
  readonly k1: number
  /** Factor of a term reached only by prefix (type-ahead or a word that matched nothing). */
  readonly prefix: number
  /**
   * Exponent of the share of query words a page holds, multiplied into its score: a page that
   * holds most words of the question beats one that holds one word many times.
   */
  readonly coordination: number
}

/**
 * Chosen on the evaluation set in `fixtures/search-eval` (see the README's search section): titles
 * and aliases count most, but a one-word title saturates, so a body that holds every word of the
 * question outranks a page whose title is merely one of them.
 */
export const DEFAULT_FIELD_WEIGHTS: FieldWeights = {
  weight: { title: 3, aliases: 3, headings: 1.5, tags: 1.5, body: 1 },
  b: { title: 0.5, aliases: 0, headings: 0.5, tags: 0, body: 0.75 },
  k1: 1.2,
  prefix: 0.5,
  coordination: 1,
}

/**
 * A term's count per field packed in one int32: bit offset and width of each field, in `FIELDS`
 * order. Counts saturate at the field's maximum, which BM25's saturation makes harmless.
 */
const SHIFT = [0, 4, 8, 14, 18] as const
const MAX = [15, 15, 63, 15, 8191] as const

/** Unpacked documents tolerated before the postings are repacked (each query scans them). */
const MAX_UNPACKED = 256
/** Prefix expansions kept per query word, the most widespread first. */
const MAX_EXPANSIONS = 32
/** Words shorter than this get no type-ahead expansion (two letters would match half the wiki). */
const MIN_PREFIX = 3
/** Words at least this long are expanded when they match nothing exactly. */
const MIN_FALLBACK_PREFIX = 4
/** Words longer than this are indexed as they are, unstemmed. */
const MAX_STEMMED = 64

/** One query word: the stems it reaches, each with its factor. */
interface QueryGroup {
  readonly terms: { readonly stem: number; readonly factor: number }[]
}

/** The query as stems, for scoring and for finding its words in a page. */
export interface PreparedQuery {
  readonly groups: readonly QueryGroup[]
  /** Stem id → index of the query word it answers. */
  readonly groupOf: ReadonlyMap<number, number>
}

/** The index's pages and terms as plain data, for the index cache (ids compacted). */
export interface IndexSnapshot {
  readonly words: DictionarySnapshot
  readonly stems: DictionarySnapshot
  readonly stopWordCount: number
  readonly stemOfWord: Int32Array
  readonly slugs: readonly string[]
  readonly docTerms: readonly Int32Array[]
  readonly lengths: Int32Array
}

/**
 * Inverted index over stems, ranked by BM25F: per page and term, the counts in title, aliases,
 * headings, tags and body are weighted and length-normalised per field, summed, then saturated
 * once (`tf·(k1+1)/(tf+k1)`), times `idf = ln(1 + (N - df + 0.5)/(df + 0.5))`.
 *
 * Words are folded (lower case, no accents), stop words dropped, then stemmed, so `ports` finds
 * `port` and `stampanti` finds `stampante`. A surface dictionary maps each folded word to an id
 * (the tokenizer hashes ASCII words straight from the text), and a memo maps that id to its stem's
 * id, so each distinct word is stemmed once, not each occurrence.
 *
 * Each page gets a document id and a term list (`[stem, packed counts, …]`); the postings are
 * those lists inverted into `PackedPostings` in one pass. Later updates give the page a new id and
 * retire the old one: pages added since the last pack are scanned directly by queries, removed ones
 * are skipped, and the postings are repacked once either kind piles up. `df` and the field lengths
 * are kept as pages come and go, so they are exact at every query.
 */
export class SearchIndex {
  readonly #stopWords: ReadonlySet<string>
  readonly #stem: Stem
  readonly #weights: FieldWeights
  /** Folded word → dense id. Ids are never reused or dropped. */
  #words = new TermDictionary()
  /** Stem → dense id. A vanished stem keeps `df` 0. */
  #stems = new TermDictionary()
  /** Stop words take the first word ids, so a word read straight from the text is one by `id < this`. */
  #stopWordCount: number
  /** Word id → stem id + 1 (0: not stemmed yet). */
  #stemOfWord: Int32Array<ArrayBuffer> = new Int32Array(1024)
  #prefixes: PrefixTerms
  /** Live documents holding each stem. */
  #df: Int32Array<ArrayBuffer> = new Int32Array(1024)
  /** Per-stem packed count accumulator while one page is indexed; all zero between calls. */
  #pending: Int32Array<ArrayBuffer> = new Int32Array(1024)
  /** By document id: slug, or undefined once the document was removed or replaced. */
  readonly #slugs: (string | undefined)[] = []
  /** By document id: `[stem, packed counts, …]`, undefined once removed. */
  readonly #docTerms: (Int32Array | undefined)[] = []
  /** By document id × field: the field's length in indexed words. */
  #lengths: Int32Array<ArrayBuffer> = new Int32Array(5 * 1024)
  /** Sum of the field lengths of live documents. */
  readonly #totalLengths = new Float64Array(5)
  readonly #ids = new Map<string, number>()
  #packed: PackedPostings = PackedPostings.empty
  /** Documents with ids from here on are not in `#packed`. */
  #packedUpTo = 0
  /** Documents in `#packed` removed since it was built. */
  #deadPacked = 0
  /** Per-document score accumulators reused by queries; all zero between calls. */
  #scores = new Float64Array(0)
  #groupScores = new Float64Array(0)
  #matchedGroups = new Uint16Array(0)

  constructor(
    stopWords: ReadonlySet<string>,
    stem: Stem,
    weights: FieldWeights = DEFAULT_FIELD_WEIGHTS,
  ) {
    this.#stopWords = stopWords
    this.#stem = stem
    this.#weights = weights
    for (const word of stopWords) this.#words.idOf(word, true)
    this.#stopWordCount = this.#words.size
    this.#prefixes = new PrefixTerms(this.#words, this.#stopWordCount)
  }

  get size(): number {
    return this.#ids.size
  }

  has(slug: string): boolean {
    return this.#ids.has(slug)
  }

  /** Slugs of the pages indexed. */
  slugs(): IterableIterator<string> {
    return this.#ids.keys()
  }

  /** The live pages and terms, document ids renumbered without gaps. */
  snapshot(): IndexSnapshot {
    const slugs: string[] = []
    const docTerms: Int32Array[] = []
    const lengths = new Int32Array(5 * this.#ids.size)
    for (const [slug, id] of this.#ids) {
      lengths.set(this.#lengths.subarray(5 * id, 5 * id + 5), 5 * slugs.length)
      slugs.push(slug)
      docTerms.push(this.#docTerms[id] as Int32Array)
    }
    return {
      words: this.#words.snapshot(),
      stems: this.#stems.snapshot(),
      stopWordCount: this.#stopWordCount,
      stemOfWord: this.#stemOfWord.slice(0, this.#words.size),
      slugs,
      docTerms,
      lengths,
    }
  }

  /**
   * An index from a snapshot taken with the same stop words and stemmer. Throws when the parts do
   * not fit together; `df` and the length totals are recomputed rather than trusted.
   */
  static restore(
    snapshot: IndexSnapshot,
    stopWords: ReadonlySet<string>,
    stem: Stem,
    weights: FieldWeights = DEFAULT_FIELD_WEIGHTS,
  ): SearchIndex {
    const index = new SearchIndex(stopWords, stem, weights)
    const words = TermDictionary.restore(snapshot.words)
    const stems = TermDictionary.restore(snapshot.stems)
    const { stemOfWord, slugs, docTerms, lengths } = snapshot
    if (
      snapshot.stopWordCount !== index.#stopWordCount ||
      !(stemOfWord instanceof Int32Array) ||
      stemOfWord.length !== words.size ||
      !Array.isArray(slugs) ||
      !Array.isArray(docTerms) ||
      docTerms.length !== slugs.length ||
      !(lengths instanceof Int32Array) ||
      lengths.length !== 5 * slugs.length
    )
      throw new Error('index snapshot does not fit together')
    for (const word of stopWords)
      if (words.idOf(word, false) !== index.#words.idOf(word, false))
        throw new Error('index snapshot has other stop words')
    for (const value of stemOfWord)
      if (value < 0 || value > stems.size) throw new Error('index snapshot stem out of range')
    const df = new Int32Array(Math.max(1024, stems.size))
    for (const terms of docTerms) {
      if (!(terms instanceof Int32Array) || terms.length % 2 !== 0)
        throw new Error('index snapshot term list is malformed')
      for (let i = 0; i < terms.length; i += 2) {
        const term = terms[i] as number
        if (term < 0 || term >= stems.size) throw new Error('index snapshot term out of range')
        ;(df[term] as number) += 1
      }
    }
    index.#words = words
    index.#stems = stems
    index.#prefixes = new PrefixTerms(words, index.#stopWordCount)
    index.#stemOfWord = new Int32Array(Math.max(1024, words.size))
    index.#stemOfWord.set(stemOfWord)
    index.#df = df
    index.#pending = new Int32Array(df.length)
    index.#lengths = new Int32Array(Math.max(5 * 1024, lengths.length))
    index.#lengths.set(lengths)
    slugs.forEach((slug, id) => {
      if (typeof slug !== 'string' || index.#ids.has(slug))
        throw new Error('index snapshot slug is malformed')
      index.#slugs.push(slug)
      index.#docTerms.push(docTerms[id] as Int32Array)
      index.#ids.set(slug, id)
      for (let field = 0; field < 5; field += 1)
        (index.#totalLengths[field] as number) += lengths[5 * id + field] as number
    })
    return index
  }

  /** Folded query words without stop words and one-letter words. */
  tokens(text: string): string[] {
    return tokenize(text, this.#stopWords)
  }

  /** Stem id of a word id, stemming the word on first sight. */
  #stemId(word: number): number {
    if (word >= this.#stemOfWord.length) this.#stemOfWord = grow(this.#stemOfWord, word + 1)
    const known = this.#stemOfWord[word] as number
    if (known !== 0) return known - 1
    const text = this.#words.term(word)
    const stem = this.#stems.idOf(text.length > MAX_STEMMED ? text : this.#stem(text), true)
    this.#stemOfWord[word] = stem + 1
    return stem
  }

  set(doc: IndexedDocument): void {
    this.delete(doc.slug)
    const touched: number[] = []
    const words = this.#words
    const lengths = [0, 0, 0, 0, 0]
    const add = (text: string, field: number): void => {
      const shift = SHIFT[field] as number
      const max = MAX[field] as number
      let length = 0
      scanWordsHashed(text, (start, end, ascii, hash) => {
        let word: number
        if (ascii) {
          if (end - start === 1) return
          word = words.idOfHashedAsciiRun(hash, text, start, end)
        } else {
          const token = foldRun(text, start, end)
          if (token === undefined) return
          word = words.idOf(token, true)
        }
        if (word < this.#stopWordCount) return
        length += 1
        const stem =
          word < this.#stemOfWord.length && this.#stemOfWord[word] !== 0
            ? (this.#stemOfWord[word] as number) - 1
            : this.#stemId(word)
        if (stem >= this.#df.length) {
          this.#df = grow(this.#df, stem + 1)
          this.#pending = grow(this.#pending, stem + 1)
        }
        const packed = this.#pending[stem] as number
        if (packed === 0) touched.push(stem)
        if (((packed >>> shift) & max) < max) this.#pending[stem] = packed + (1 << shift)
      })
      lengths[field] = (lengths[field] as number) + length
    }
    add(doc.title, 0)
    for (const alias of doc.aliases) add(alias, 1)
    add(doc.headings, 2)
    for (const tag of doc.tags) add(tag, 3)
    add(doc.body, 4)
    const terms = new Int32Array(touched.length * 2)
    for (let i = 0; i < touched.length; i += 1) {
      const stem = touched[i] as number
      terms[2 * i] = stem
      terms[2 * i + 1] = this.#pending[stem] as number
      this.#pending[stem] = 0
      ;(this.#df[stem] as number) += 1
    }
    const id = this.#slugs.length
    if (5 * id + 5 > this.#lengths.length) this.#lengths = grow(this.#lengths, 5 * id + 5)
    for (let field = 0; field < 5; field += 1) {
      this.#lengths[5 * id + field] = lengths[field] as number
      ;(this.#totalLengths[field] as number) += lengths[field] as number
    }
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
    for (let field = 0; field < 5; field += 1)
      (this.#totalLengths[field] as number) -= this.#lengths[5 * id + field] as number
    this.#slugs[id] = undefined
    this.#docTerms[id] = undefined
    this.#ids.delete(slug)
    if (id < this.#packedUpTo) this.#deadPacked += 1
  }

  /** Inverts every live term list into fresh packed postings (start-up calls it once at the end). */
  pack(): void {
    this.#packed = PackedPostings.build(this.#stems.size, this.#docTerms)
    this.#packedUpTo = this.#docTerms.length
    this.#deadPacked = 0
    this.#prefixes.rebuild()
  }

  /**
   * The stems each query word reaches: its own, and, for the last word (type-ahead) or a word of
   * four letters or more that no page holds, the stems of the words it begins (fewer points each).
   */
  prepare(words: readonly string[]): PreparedQuery {
    const groups: QueryGroup[] = []
    const groupOf = new Map<number, number>()
    const unique = [...new Set(words)]
    unique.forEach((word, index) => {
      const terms: { stem: number; factor: number }[] = []
      const stemText = word.length > MAX_STEMMED ? word : this.#stem(word)
      const exact = this.#stems.idOf(stemText, false)
      const known = exact !== -1 && exact < this.#df.length && (this.#df[exact] as number) > 0
      if (known) terms.push({ stem: exact, factor: 1 })
      const last = index === unique.length - 1
      if ((last && word.length >= MIN_PREFIX) || (!known && word.length >= MIN_FALLBACK_PREFIX)) {
        const seen = new Set(terms.map((term) => term.stem))
        const expansions: number[] = []
        for (const wordId of this.#prefixes.extending(word, 4096)) {
          const stem = this.#stemId(wordId)
          if (seen.has(stem) || stem >= this.#df.length || this.#df[stem] === 0) continue
          seen.add(stem)
          expansions.push(stem)
        }
        // by df, then by text, so an index built afresh and one kept up to date pick the same
        const stems = this.#stems
        expansions.sort((a, b) => {
          const byDf = (this.#df[b] as number) - (this.#df[a] as number)
          if (byDf !== 0) return byDf
          const x = stems.term(a)
          const y = stems.term(b)
          return x < y ? -1 : x > y ? 1 : 0
        })
        for (const stem of expansions.slice(0, MAX_EXPANSIONS))
          terms.push({ stem, factor: this.#weights.prefix })
      }
      if (terms.length === 0) return
      for (const term of terms) if (!groupOf.has(term.stem)) groupOf.set(term.stem, groups.length)
      groups.push({ terms })
    })
    return { groups, groupOf }
  }

  /** Stem id of a folded word from a page, or -1 when no page holds it (for snippets). */
  stemOfToken(token: string): number {
    const word = this.#words.idOf(token, false)
    if (word === -1 || word < this.#stopWordCount) return -1
    return this.#stemId(word)
  }

  /**
   * Scores every page holding a query stem; `N`, `df` and the average field lengths are over the
   * whole index. A query word adds the best of the stems it reaches, so prefix expansions never
   * outweigh the word itself. Hits come in no particular order.
   */
  score(query: PreparedQuery): ScoredSlug[] {
    const unpacked = this.#docTerms.length - this.#packedUpTo
    if (unpacked > MAX_UNPACKED || this.#deadPacked > Math.max(MAX_UNPACKED, this.#ids.size / 4))
      this.pack()
    if (this.#scores.length < this.#slugs.length) {
      this.#scores = new Float64Array(this.#slugs.length)
      this.#groupScores = new Float64Array(this.#slugs.length)
      this.#matchedGroups = new Uint16Array(this.#slugs.length)
    }
    const matched = this.#matchedGroups
    const scores = this.#scores
    const groupScores = this.#groupScores
    const slugs = this.#slugs
    const total = this.#ids.size
    if (total === 0) return []
    const { weight, b, k1 } = this.#weights
    const fieldWeight = FIELDS.map((field) => weight[field])
    // per field: norm = 1 - b + b·length/average, as `base + slope·length`
    const base = FIELDS.map((field) => 1 - b[field])
    const slope = FIELDS.map((field, i) => {
      const average = (this.#totalLengths[i] as number) / total
      return average > 0 ? b[field] / average : 0
    })
    const lengths = this.#lengths
    const termFrequency = (doc: number, packed: number): number => {
      let tf = 0
      for (let field = 0; field < 5; field += 1) {
        const count = (packed >>> (SHIFT[field] as number)) & (MAX[field] as number)
        if (count === 0) continue
        const norm =
          (base[field] as number) + (slope[field] as number) * (lengths[5 * doc + field] as number)
        tf += ((fieldWeight[field] as number) * count) / (norm > 0 ? norm : 1)
      }
      return tf
    }
    const hitDocs: number[] = []
    const { offsets, docs, weights } = this.#packed
    for (const group of query.groups) {
      const groupDocs: number[] = []
      for (const { stem, factor } of group.terms) {
        const df = this.#df[stem] as number
        if (df === 0) continue
        const idf = factor * Math.log(1 + (total - df + 0.5) / (df + 0.5))
        const credit = (doc: number, packed: number): void => {
          const tf = termFrequency(doc, packed)
          const value = (idf * tf * (k1 + 1)) / (tf + k1)
          const previous = groupScores[doc] as number
          if (previous === 0) groupDocs.push(doc)
          if (value > previous) groupScores[doc] = value
        }
        if (stem < this.#packed.termCount) {
          const end = offsets[stem + 1] as number
          for (let k = offsets[stem] as number; k < end; k += 1) {
            const doc = docs[k] as number
            if (slugs[doc] !== undefined) credit(doc, weights[k] as number)
          }
        }
        for (let doc = this.#packedUpTo; doc < this.#docTerms.length; doc += 1) {
          const terms = this.#docTerms[doc]
          if (!terms) continue
          for (let i = 0; i < terms.length; i += 2) {
            if (terms[i] !== stem) continue
            credit(doc, terms[i + 1] as number)
            break
          }
        }
      }
      for (const doc of groupDocs) {
        if (scores[doc] === 0) hitDocs.push(doc)
        ;(scores[doc] as number) += groupScores[doc] as number
        ;(matched[doc] as number) += 1
        groupScores[doc] = 0
      }
    }
    const hits: ScoredSlug[] = []
    const groups = query.groups.length
    const coordination = this.#weights.coordination
    for (const doc of hitDocs) {
      const share = (matched[doc] as number) / groups
      const score = (scores[doc] as number) * (share === 1 ? 1 : share ** coordination)
      scores[doc] = 0
      matched[doc] = 0
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
