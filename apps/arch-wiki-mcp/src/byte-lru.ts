// A least-recently-used map bounded by the bytes its values are estimated to hold, not by a count:
// one parsed 300 KB page weighs as much as a hundred small sections, and a count bound either
// wastes memory on big pages or re-parses a session that walks many small ones.

export interface ByteLru<V> {
  /** The value, marked as the most recently used; undefined when absent. */
  get(key: string): V | undefined
  /** Stores a value of `bytes` estimated size, evicting the least recently used beyond the bound. */
  set(key: string, value: V, bytes: number): void
  /** The value, computed and stored (with its size) on a miss. */
  through(key: string, compute: () => V, sizeOf: (value: V) => number): V
  /** Estimated bytes held now. */
  readonly bytes: number
  readonly size: number
}

/** A value larger than `maxBytes` is returned but never stored. */
export function createByteLru<V>(maxBytes: number): ByteLru<V> {
  const entries = new Map<string, { value: V; bytes: number }>()
  let held = 0
  const lru: ByteLru<V> = {
    get(key) {
      const entry = entries.get(key)
      if (entry === undefined) return undefined
      // Map keeps insertion order: re-inserting makes this the newest.
      entries.delete(key)
      entries.set(key, entry)
      return entry.value
    },
    set(key, value, bytes) {
      const old = entries.get(key)
      if (old !== undefined) {
        entries.delete(key)
        held -= old.bytes
      }
      if (bytes > maxBytes) return
      entries.set(key, { value, bytes })
      held += bytes
      for (const [oldest, entry] of entries) {
        if (held <= maxBytes) break
        entries.delete(oldest)
        held -= entry.bytes
      }
    },
    through(key, compute, sizeOf) {
      const hit = lru.get(key)
      if (hit !== undefined) return hit
      const value = compute()
      lru.set(key, value, sizeOf(value))
      return value
    },
    get bytes() {
      return held
    },
    get size() {
      return entries.size
    },
  }
  return lru
}
