import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { deserialize, serialize } from 'node:v8'
import type { StoredPage } from './page-store.js'
import type { IndexSnapshot } from './search-index.js'

/**
 * Bump whenever what a cached page or index holds changes meaning (page parsing, tokenizing,
 * stemming, the index layout): a cache of another version is discarded, never trusted.
 */
export const INDEX_CACHE_VERSION = 1
const MAGIC = 'markdown-wiki-mcp index\n'

/** What the cache holds: the pages as parsed, and the search index built from exactly them. */
export interface IndexCacheContents {
  readonly pages: readonly StoredPage[]
  readonly index: IndexSnapshot
}

/** A cache read back: usable contents, nothing (no file yet), or why the file was discarded. */
export type IndexCacheRead =
  | { readonly kind: 'found'; readonly contents: IndexCacheContents }
  | { readonly kind: 'missing' }
  | { readonly kind: 'discarded'; readonly reason: string }

/**
 * Reads the cache file kept for the wiki at `root` with settings `key` (language, stop words,
 * fields). Anything unexpected (another program's file, a truncated write, another version, another
 * wiki or settings) comes back as `discarded` with the reason, never as an error.
 */
export function readIndexCache(file: string, root: string, key: string): IndexCacheRead {
  let bytes: Buffer
  try {
    bytes = readFileSync(file)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'missing' }
    return { kind: 'discarded', reason: `unreadable (${(error as NodeJS.ErrnoException).code})` }
  }
  if (bytes.subarray(0, MAGIC.length).toString('latin1') !== MAGIC)
    return { kind: 'discarded', reason: 'not an index cache file' }
  let value: unknown
  try {
    value = deserialize(bytes.subarray(MAGIC.length))
  } catch {
    return { kind: 'discarded', reason: 'truncated or corrupt' }
  }
  if (typeof value !== 'object' || value === null)
    return { kind: 'discarded', reason: 'truncated or corrupt' }
  const record = value as Record<string, unknown>
  if (record.version !== INDEX_CACHE_VERSION)
    return { kind: 'discarded', reason: `format version ${String(record.version)}` }
  if (record.root !== root) return { kind: 'discarded', reason: 'written for another wiki folder' }
  if (record.key !== key) return { kind: 'discarded', reason: 'written with other search settings' }
  const pages = record.pages
  if (!Array.isArray(pages) || !pages.every(isStoredPage))
    return { kind: 'discarded', reason: 'malformed pages' }
  if (typeof record.index !== 'object' || record.index === null)
    return { kind: 'discarded', reason: 'malformed index' }
  return { kind: 'found', contents: { pages, index: record.index as IndexSnapshot } }
}

/**
 * Writes the cache atomically: a temporary file of this process, then a rename over the old one,
 * so a reader (another server on the same wiki) sees the old file or the new one, never a mix.
 */
export function writeIndexCache(
  file: string,
  root: string,
  key: string,
  contents: IndexCacheContents,
): void {
  const body = serialize({
    version: INDEX_CACHE_VERSION,
    root,
    key,
    pages: contents.pages,
    index: contents.index,
  })
  mkdirSync(path.dirname(file), { recursive: true })
  const temp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`
  try {
    writeFileSync(temp, Buffer.concat([Buffer.from(MAGIC, 'latin1'), body]))
    renameSync(temp, file)
  } catch (error) {
    rmSync(temp, { force: true })
    throw error
  }
}

function isStoredPage(value: unknown): value is StoredPage {
  if (typeof value !== 'object' || value === null) return false
  const page = value as Record<string, unknown>
  return (
    typeof page.path === 'string' &&
    typeof page.slug === 'string' &&
    typeof page.realPath === 'string' &&
    typeof page.title === 'string' &&
    typeof page.content === 'string' &&
    typeof page.signature === 'string' &&
    typeof page.mtimeMs === 'number' &&
    Array.isArray(page.links) &&
    typeof page.frontmatter === 'object' &&
    page.frontmatter !== null
  )
}
