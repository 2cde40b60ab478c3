/**
 * Term → dense id: an open-addressing hash table over typed arrays, with the terms' text in one
 * character pool.
 *
 * Why not a `Map<string, number>`: one dictionary lookup per token of every page dominated start-up
 * (each needs a fresh string, and probing a big Map scattered over the heap misses the cache). This
 * table hashes an ASCII word straight from the page text while lower-casing it, so the commonest
 * tokens are looked up without allocating a string at all; other words are looked up as strings.
 * Both routes hash the same UTF-16 units (FNV-1a), so a term gets one id however it arrives.
 */
export class TermDictionary {
  /**
   * Four int32 per slot: hash, id + 1 (0 = empty), start and length of the term in `#pool`. Keeping
   * all of it in the slot means a probe reads one cache line before comparing characters.
   */
  #table = new Int32Array(4 << 12)
  #pool = new Uint16Array(1 << 14)
  #poolLength = 0
  #size = 0
  /** By id: start and length of the term in `#pool`. */
  #spans = new Int32Array(2 << 12)

  get size(): number {
    return this.#size
  }

  /** The table's state as plain typed arrays, for the index cache. */
  snapshot(): DictionarySnapshot {
    return {
      table: this.#table,
      pool: this.#pool.slice(0, this.#poolLength),
      spans: this.#spans.slice(0, 2 * this.#size),
      size: this.#size,
    }
  }

  /** A dictionary from a snapshot; throws when its parts do not fit together. */
  static restore(snapshot: DictionarySnapshot): TermDictionary {
    const { table, pool, spans, size } = snapshot
    const slots = table.length >> 2
    if (
      !(table instanceof Int32Array) ||
      !(pool instanceof Uint16Array) ||
      !(spans instanceof Int32Array) ||
      !Number.isInteger(size) ||
      size < 0 ||
      slots < 1 ||
      (slots & (slots - 1)) !== 0 ||
      size * 2 > slots ||
      spans.length !== 2 * size
    )
      throw new Error('dictionary snapshot does not fit together')
    for (let id = 0; id < size; id += 1) {
      const start = spans[2 * id] as number
      const length = spans[2 * id + 1] as number
      if (start < 0 || length < 0 || start + length > pool.length)
        throw new Error('dictionary snapshot span out of range')
    }
    for (let at = 0; at < table.length; at += 4) {
      const id = (table[at + 1] as number) - 1
      if (id < -1 || id >= size) throw new Error('dictionary snapshot id out of range')
      if (id >= 0 && (table[at + 2] !== spans[2 * id] || table[at + 3] !== spans[2 * id + 1]))
        throw new Error('dictionary snapshot slot and span disagree')
    }
    const dictionary = new TermDictionary()
    // copies: the arrays a deserializer hands over may share one buffer
    dictionary.#table = new Int32Array(table)
    dictionary.#pool = pool.length > 0 ? new Uint16Array(pool) : new Uint16Array(1 << 14)
    dictionary.#poolLength = pool.length
    dictionary.#spans = spans.length > 0 ? new Int32Array(spans) : new Int32Array(2 << 12)
    dictionary.#size = size
    return dictionary
  }

  /** The text of the term with id `id` (below `size`). */
  term(id: number): string {
    const start = this.#spans[2 * id] as number
    const length = this.#spans[2 * id + 1] as number
    let text = ''
    // in slices: spreading a very long word into one call would overflow the stack
    for (let at = start; at < start + length; at += 4096)
      text += String.fromCharCode(...this.#pool.subarray(at, Math.min(at + 4096, start + length)))
    return text
  }

  /** Id of `term` (already folded); with `add`, a new id when absent, else -1. */
  idOf(term: string, add: boolean): number {
    let hash = FNV_OFFSET
    for (let i = 0; i < term.length; i += 1) hash = Math.imul(hash ^ term.charCodeAt(i), FNV_PRIME)
    return this.#find(hash, term, 0, term.length, false, add)
  }

  /** Id of the lower-cased ASCII word `text[start … end)`, added when absent. */
  idOfAsciiRun(text: string, start: number, end: number): number {
    let hash = FNV_OFFSET
    for (let i = start; i < end; i += 1)
      hash = Math.imul(hash ^ lower(text.charCodeAt(i)), FNV_PRIME)
    return this.#find(hash, text, start, end, true, true)
  }

  /**
   * `idOfAsciiRun` with the hash already computed by the caller (`scanWordsHashed` hashes each run
   * while it scans it, so the page text is not read twice).
   */
  idOfHashedAsciiRun(hash: number, text: string, start: number, end: number): number {
    return this.#find(hash, text, start, end, true, true)
  }

  #find(
    hash: number,
    text: string,
    start: number,
    end: number,
    fold: boolean,
    add: boolean,
  ): number {
    const table = this.#table
    const mask = (table.length >> 2) - 1
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const at = slot << 2
      const id = (table[at + 1] as number) - 1
      if (id === -1) return add ? this.#insert(at, hash, text, start, end, fold) : -1
      if (table[at] === hash && table[at + 3] === end - start) {
        const pool = this.#pool
        let k = table[at + 2] as number
        let i = start
        for (; i < end; i += 1, k += 1) {
          const code = text.charCodeAt(i)
          if (pool[k] !== (fold ? lower(code) : code)) break
        }
        if (i === end) return id
      }
    }
  }

  #insert(
    at: number,
    hash: number,
    text: string,
    start: number,
    end: number,
    fold: boolean,
  ): number {
    let from = this.#poolLength
    if (from + (end - start) > this.#pool.length) {
      const pool = new Uint16Array(Math.max(from + (end - start), this.#pool.length * 2))
      pool.set(this.#pool)
      this.#pool = pool
    }
    const id = this.#size
    this.#table[at] = hash
    this.#table[at + 1] = id + 1
    this.#table[at + 2] = from
    this.#table[at + 3] = end - start
    if (2 * id + 2 > this.#spans.length) {
      const spans = new Int32Array(this.#spans.length * 2)
      spans.set(this.#spans)
      this.#spans = spans
    }
    this.#spans[2 * id] = from
    this.#spans[2 * id + 1] = end - start
    for (let i = start; i < end; i += 1) {
      const code = text.charCodeAt(i)
      this.#pool[from] = fold ? lower(code) : code
      from += 1
    }
    this.#poolLength = from
    this.#size = id + 1
    // at most half full keeps probe runs short
    if (this.#size * 2 > this.#table.length >> 2) this.#rehash()
    return id
  }

  #rehash(): void {
    const old = this.#table
    const table = new Int32Array(old.length * 2)
    const mask = (table.length >> 2) - 1
    for (let at = 0; at < old.length; at += 4) {
      if (old[at + 1] === 0) continue
      let slot = (old[at] as number) & mask
      while (table[(slot << 2) + 1] !== 0) slot = (slot + 1) & mask
      table.set(old.subarray(at, at + 4), slot << 2)
    }
    this.#table = table
  }
}

/** What `TermDictionary.snapshot` returns and `restore` takes. */
export interface DictionarySnapshot {
  readonly table: Int32Array
  readonly pool: Uint16Array
  readonly spans: Int32Array
  readonly size: number
}

export const FNV_OFFSET: number = 0x811c9dc5 | 0
export const FNV_PRIME: number = 0x01000193

export function lower(code: number): number {
  return code >= 65 && code <= 90 ? code + 32 : code
}
