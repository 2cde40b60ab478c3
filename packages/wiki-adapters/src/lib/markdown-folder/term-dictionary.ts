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
  /** Slot → id + 1 (0 = empty). */
  #table = new Int32Array(1 << 12)
  #hashes = new Int32Array(1 << 10)
  /** Term `id` is `#pool[#starts[id] … #starts[id + 1]]`. */
  #starts = new Int32Array((1 << 10) + 1)
  #pool = new Uint16Array(1 << 14)
  #size = 0

  get size(): number {
    return this.#size
  }

  /** Id of `term` (already folded); with `add`, a new id when absent, else -1. */
  idOf(term: string, add: boolean): number {
    let hash = FNV_OFFSET
    for (let i = 0; i < term.length; i += 1) hash = Math.imul(hash ^ term.charCodeAt(i), FNV_PRIME)
    const mask = this.#table.length - 1
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const id = (this.#table[slot] as number) - 1
      if (id === -1) return add ? this.#insert(slot, hash, term, 0, term.length, false) : -1
      if (this.#hashes[id] === hash && this.#equals(id, term, 0, term.length, false)) return id
    }
  }

  /** Id of the lower-cased ASCII word `text[start … end)`, added when absent. */
  idOfAsciiRun(text: string, start: number, end: number): number {
    let hash = FNV_OFFSET
    for (let i = start; i < end; i += 1)
      hash = Math.imul(hash ^ lower(text.charCodeAt(i)), FNV_PRIME)
    const mask = this.#table.length - 1
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const id = (this.#table[slot] as number) - 1
      if (id === -1) return this.#insert(slot, hash, text, start, end, true)
      if (this.#hashes[id] === hash && this.#equals(id, text, start, end, true)) return id
    }
  }

  #equals(id: number, text: string, start: number, end: number, fold: boolean): boolean {
    const from = this.#starts[id] as number
    if ((this.#starts[id + 1] as number) - from !== end - start) return false
    for (let i = start, k = from; i < end; i += 1, k += 1) {
      const code = text.charCodeAt(i)
      if (this.#pool[k] !== (fold ? lower(code) : code)) return false
    }
    return true
  }

  #insert(
    slot: number,
    hash: number,
    text: string,
    start: number,
    end: number,
    fold: boolean,
  ): number {
    const id = this.#size
    if (id + 1 >= this.#hashes.length) {
      this.#hashes = grow(this.#hashes, id + 1)
      this.#starts = grow(this.#starts, id + 2)
    }
    let at = this.#starts[id] as number
    if (at + (end - start) > this.#pool.length) {
      const pool = new Uint16Array(Math.max(at + (end - start), this.#pool.length * 2))
      pool.set(this.#pool)
      this.#pool = pool
    }
    for (let i = start; i < end; i += 1) {
      const code = text.charCodeAt(i)
      this.#pool[at] = fold ? lower(code) : code
      at += 1
    }
    this.#starts[id + 1] = at
    this.#hashes[id] = hash
    this.#table[slot] = id + 1
    this.#size = id + 1
    // at most half full keeps probe runs short
    if (this.#size * 2 > this.#table.length) this.#rehash()
    return id
  }

  #rehash(): void {
    const table = new Int32Array(this.#table.length * 2)
    const mask = table.length - 1
    for (let id = 0; id < this.#size; id += 1) {
      let slot = (this.#hashes[id] as number) & mask
      while (table[slot] !== 0) slot = (slot + 1) & mask
      table[slot] = id + 1
    }
    this.#table = table
  }
}

const FNV_OFFSET = 0x811c9dc5 | 0
const FNV_PRIME = 0x01000193

function lower(code: number): number {
  return code >= 65 && code <= 90 ? code + 32 : code
}

function grow(array: Int32Array, needed: number): Int32Array<ArrayBuffer> {
  const bigger = new Int32Array(Math.max(needed, array.length * 2))
  bigger.set(array)
  return bigger
}
