import { type FrontmatterSchema, roleField } from './frontmatter-schema.js'
import { compareCodeUnits } from './links.js'
import type { LocalDate } from './local-date.js'
import type { PageCatalog } from './page-catalog.js'
import type { WikiStatus } from './types.js'

const DATE = /^\d{4}-\d{2}-\d{2}$/
/** Buckets per field beyond which the smallest are summed as `(other)`. */
const MAX_BUCKETS = 200

/** The `byFolder` bucket of the pages at the wiki's root. */
const ROOT_FOLDER = '(root)'

/**
 * Counts of the wiki: pages, pages per value of the schema's type and status fields (or, when it
 * declares neither, per top-level folder and per tag), and the latest update (the declared date
 * where valid, else the file's modification date).
 */
export async function statusCounts(
  catalog: PageCatalog,
  schema: FrontmatterSchema,
  date: LocalDate,
): Promise<WikiStatus> {
  await catalog.refresh()
  const missingPrefix = schema.language === 'it' ? 'senza-' : 'no-'
  const buckets: Record<string, Record<string, number>> = {}
  const updatedKey = roleField(schema, 'updated')?.key
  const declared = (['type', 'status'] as const).flatMap((role) => roleField(schema, role) ?? [])
  for (const field of declared) {
    const counts = new Map<string, number>()
    for (const page of catalog.pages()) {
      const value = page.frontmatter[field.key]
      const bucket = typeof value === 'string' ? value : `${missingPrefix}${field.key}`
      counts.set(bucket, (counts.get(bucket) ?? 0) + 1)
    }
    buckets[`by${field.key.charAt(0).toUpperCase()}${field.key.slice(1)}`] = capped(counts)
  }
  if (declared.length === 0) {
    // nothing declared to count by (notes): the folder a page sits in, and its tags
    const folders = new Map<string, number>()
    const tags = new Map<string, number>()
    for (const page of catalog.pages()) {
      const slash = page.path.indexOf('/')
      const folder = slash === -1 ? ROOT_FOLDER : page.path.slice(0, slash)
      folders.set(folder, (folders.get(folder) ?? 0) + 1)
      const pageTags = page.tags.length === 0 ? [`${missingPrefix}tags`] : page.tags
      for (const tag of pageTags) {
        const key = tag.toLowerCase()
        tags.set(key, (tags.get(key) ?? 0) + 1)
      }
    }
    buckets.byFolder = capped(folders)
    buckets.byTag = capped(tags)
  }
  let lastUpdated: string | null = null
  for (const page of catalog.pages()) {
    const declared = updatedKey ? page.frontmatter[updatedKey] : undefined
    const day = typeof declared === 'string' && DATE.test(declared) ? declared : date(page.mtimeMs)
    if (lastUpdated === null || day > lastUpdated) lastUpdated = day
  }
  return { totalPages: catalog.size, buckets, lastUpdated }
}

/** The counts, largest first, the smallest summed as `(other)` beyond {@link MAX_BUCKETS}. */
function capped(counts: Map<string, number>): Record<string, number> {
  const sorted = [...counts.entries()].sort(([a, x], [b, y]) => y - x || compareCodeUnits(a, b))
  const map: Record<string, number> = {}
  let other = 0
  for (const [i, [key, count]] of sorted.entries()) {
    if (i < MAX_BUCKETS - 1 || sorted.length <= MAX_BUCKETS) map[key] = count
    else other += count
  }
  if (other > 0) map['(other)'] = other
  return map
}
