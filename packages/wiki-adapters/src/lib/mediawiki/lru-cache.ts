/** A least-recently-used map bounded by the summed `size` of its values. */
export class LruCache<K, V> {
  readonly #entries = new Map<K, { value: V; size: number }>()
  readonly #maxSize: number
  #size = 0

  constructor(maxSize: number) {
    this.#maxSize = maxSize
  }

  get(key: K): V | undefined {
    const entry = this.#entries.get(key)
    if (entry === undefined) return undefined
    // Re-insert to mark as most recently used.
    this.#entries.delete(key)
    this.#entries.set(key, entry)
    return entry.value
  }

  set(key: K, value: V, size: number): void {
    const old = this.#entries.get(key)
    if (old !== undefined) {
      this.#size -= old.size
      this.#entries.delete(key)
    }
    if (size > this.#maxSize || this.#maxSize <= 0) return
    this.#entries.set(key, { value, size })
    this.#size += size
    for (const [oldest, entry] of this.#entries) {
      if (this.#size <= this.#maxSize) break
      this.#entries.delete(oldest)
      this.#size -= entry.size
    }
  }
}

/**
 * A map whose entries expire `ttl` ms after they were set; `ttl` 0 stores nothing. At most
 * `maxEntries` are kept (the oldest set goes first), so a client asking for ever new titles or
 * queries cannot grow it without bound between expiries.
 */
export class TtlCache<K, V> {
  readonly #entries = new Map<K, { value: V; expires: number }>()
  readonly #ttl: number
  readonly #now: () => number
  readonly #maxEntries: number

  constructor(ttl: number, now: () => number, maxEntries = 10_000) {
    this.#ttl = ttl
    this.#now = now
    this.#maxEntries = maxEntries
  }

  get size(): number {
    return this.#entries.size
  }

  get(key: K): V | undefined {
    const entry = this.#entries.get(key)
    if (entry === undefined) return undefined
    if (entry.expires <= this.#now()) {
      this.#entries.delete(key)
      return undefined
    }
    return entry.value
  }

  set(key: K, value: V): void {
    if (this.#ttl <= 0) return
    this.#entries.delete(key)
    this.#entries.set(key, { value, expires: this.#now() + this.#ttl })
    if (this.#entries.size > this.#maxEntries) this.#dropOldest()
  }

  /**
   * Drops the oldest tenth in one pass. One key at a time would be quadratic: a Map's iterator
   * walks over the slots of deleted entries until the table is rebuilt.
   */
  #dropOldest(): void {
    const keep = Math.floor(this.#maxEntries * 0.9)
    for (const key of this.#entries.keys()) {
      if (this.#entries.size <= keep) break
      this.#entries.delete(key)
    }
  }
}
