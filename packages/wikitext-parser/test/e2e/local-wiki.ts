import { afterAll, beforeAll } from 'vitest'
import { startMediaWiki, type LocalMediaWiki } from '@wiki/test-utils'
import type { Site } from '@wiki/wikitext-parser'
import { siteOfWiki } from './site-of-wiki.js'

/** The local MediaWiki of one describe block, and the site it parses with. */
export interface LocalWiki {
  readonly wiki: LocalMediaWiki
  readonly site: Site
}

/**
 * Starts a local MediaWiki before the enclosing describe block's tests and stops it after them;
 * `prepare` runs once it is up (to save the pages the tests use).
 */
export function useLocalWiki(prepare?: (wiki: LocalMediaWiki) => Promise<void>): LocalWiki {
  let wiki: LocalMediaWiki | undefined
  let site: Site | undefined
  beforeAll(async () => {
    wiki = await startMediaWiki()
    await prepare?.(wiki)
    site = await siteOfWiki(wiki)
  })
  afterAll(async () => {
    await wiki?.stop()
  })
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the local MediaWiki is not started yet')
    return value
  }
  return {
    get wiki() {
      return started(wiki)
    },
    get site() {
      return started(site)
    },
  }
}

/**
 * MediaWiki's HTML for a piece of wikitext (`action=parse`, without the limit report), sent in a
 * POST body: a whole page is too long for a URL.
 */
export async function renderHtml(wiki: LocalMediaWiki, text: string): Promise<string> {
  const body = new URLSearchParams({
    action: 'parse',
    text,
    contentmodel: 'wikitext',
    prop: 'text',
    disablelimitreport: '1',
    format: 'json',
  })
  const response = await fetch(wiki.apiUrl, { method: 'POST', body })
  if (!response.ok) throw new Error(`api.php answered HTTP ${response.status}`)
  const json = (await response.json()) as { parse: { text: { '*': string } } }
  return json.parse.text['*']
}

/**
 * Numbers in [0, 1) from a fixed seed (a mulberry32 generator), so inputs generated from it are
 * the same on every run, with `pick` choosing from a list.
 */
export function seeded(seed: number): {
  random: () => number
  pick: <T>(list: readonly T[]) => T
} {
  let state = seed | 0
  const random = (): number => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T
  return { random, pick }
}
