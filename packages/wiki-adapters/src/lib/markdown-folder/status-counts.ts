import { type FrontmatterSchema, roleField } from './frontmatter-schema.js'
import { compareCodeUnits } from './links.js'
import type { LocalDate } from './local-date.js'
import type { PageCatalog } from './page-catalog.js'
import type { WikiStatus } from './types.js'

const DATE = /^\d{4}-\d{2}-\d{2}$/
/** Buckets per field beyond which the smallest are summed as `(other)`. */
const MAX_BUCKETS = 200

/**
 * Counts of the wiki: pages, pages per value of the schema's type and status fields, and the
 * latest update (the declared date where valid, else the file's modification date).
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
  for (const role of ['type', 'status'] as const) {
    const field = roleField(schema, role)
    if (!field) continue
    const counts = new Map<string, number>()
    for (const page of catalog.pages()) {
      const value = page.frontmatter[field.key]
      const bucket = typeof value === 'string' ? value : `${missingPrefix}${field.key}`
      counts.set(bucket, (counts.get(bucket) ?? 0) + 1)
    }
    const sorted = [...counts.entries()].sort(([a, x], [b, y]) => y - x || compareCodeUnits(a, b))
    const map: Record<string, number> = {}
    let other = 0
    for (const [i, [key, count]] of sorted.entries()) {
      if (i < MAX_BUCKETS - 1 || sorted.length <= MAX_BUCKETS) map[key] = count
      else other += count
    }
    if (other > 0) map['(other)'] = other
    buckets[`by${field.key.charAt(0).toUpperCase()}${field.key.slice(1)}`] = map
  }
  let lastUpdated: string | null = null
  for (const page of catalog.pages()) {
    const declared = updatedKey ? page.frontmatter[updatedKey] : undefined
    const day = typeof declared === 'string' && DATE.test(declared) ? declared : date(page.mtimeMs)
    if (lastUpdated === null || day > lastUpdated) lastUpdated = day
  }
  return { totalPages: catalog.size, buckets, lastUpdated }
}
