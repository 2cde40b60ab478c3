import type { ApiBody, ApiCall, ApiClient } from './api-client.js'
import { LruCache } from './lru-cache.js'

/**
 * Reads list answers (categories, members, backlinks, recent changes, prefix search) through the
 * API client and remembers each converted answer for `ttl` ms. Lists change with every edit, so
 * unlike revisions they are kept only briefly; the bound keeps a client paging through a large
 * category from filling memory.
 */
export class ListReader {
  readonly #client: ApiClient
  readonly #ttl: number
  readonly #now: () => number
  readonly #cache: LruCache<string, { readonly value: unknown; readonly expires: number }>

  constructor(client: ApiClient, options: { ttl: number; now: () => number; maxBytes: number }) {
    this.#client = client
    this.#ttl = options.ttl
    this.#now = options.now
    this.#cache = new LruCache(options.maxBytes)
  }

  async read<T>(call: ApiCall, convert: (body: ApiBody) => T): Promise<T> {
    // The URL names every parameter, so it is the cache key whether live or replayed.
    const key = this.#client.url(call)
    const hit = this.#cache.get(key)
    if (hit !== undefined && hit.expires > this.#now()) return hit.value as T
    const value = convert(await this.#client.call(call))
    if (this.#ttl > 0) {
      // Two bytes per UTF-16 unit of the JSON form: a fair estimate of the strings held.
      const size = 2 * (JSON.stringify(value).length + key.length)
      this.#cache.set(key, { value, expires: this.#now() + this.#ttl }, size)
    }
    return value
  }
}
