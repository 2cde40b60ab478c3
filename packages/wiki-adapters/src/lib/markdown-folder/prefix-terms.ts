import type { TermDictionary } from './term-dictionary.js'

/** New terms scanned one by one before the sorted list is rebuilt. */
const MAX_TAIL = 2048

/**
 * Finds the dictionary's terms that start with a prefix: a sorted copy of the terms searched by
 * bisection, plus the few terms added since it was sorted, scanned one by one. Type-ahead matching
 * runs on every query's last word, so a linear pass over the whole vocabulary would be too slow.
 */
export class PrefixTerms {
  readonly #dictionary: TermDictionary
  /** Ids below this are never offered (stop words). */
  readonly #firstId: number
  #sorted: string[] = []
  #sortedIds: number[] = []
  /** Dictionary ids below this are in `#sorted`. */
  #covered = 0

  constructor(dictionary: TermDictionary, firstId: number) {
    this.#dictionary = dictionary
    this.#firstId = firstId
    this.#covered = firstId
  }

  /** Sorts every term now (start-up calls it once the wiki is read, so no query pays for it). */
  rebuild(): void {
    const dictionary = this.#dictionary
    const entries: [string, number][] = []
    for (let id = this.#firstId; id < dictionary.size; id += 1)
      entries.push([dictionary.term(id), id])
    entries.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    this.#sorted = entries.map((entry) => entry[0])
    this.#sortedIds = entries.map((entry) => entry[1])
    this.#covered = dictionary.size
  }

  /** Ids of the terms longer than `prefix` that start with it, at most `limit` of them. */
  extending(prefix: string, limit: number): number[] {
    if (this.#dictionary.size - this.#covered > MAX_TAIL) this.rebuild()
    const found: number[] = []
    const sorted = this.#sorted
    let low = 0
    let high = sorted.length
    while (low < high) {
      const middle = (low + high) >>> 1
      if ((sorted[middle] as string) < prefix) low = middle + 1
      else high = middle
    }
    for (let i = low; i < sorted.length && found.length < limit; i += 1) {
      const term = sorted[i] as string
      if (!term.startsWith(prefix)) break
      if (term.length > prefix.length) found.push(this.#sortedIds[i] as number)
    }
    for (let id = this.#covered; id < this.#dictionary.size && found.length < limit; id += 1) {
      const term = this.#dictionary.term(id)
      if (term.length > prefix.length && term.startsWith(prefix)) found.push(id)
    }
    return found
  }
}
