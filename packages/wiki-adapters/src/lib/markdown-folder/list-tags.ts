import { compareCodeUnits } from './links.js'
import type { PageCatalog } from './page-catalog.js'
import { pageTags } from './page-tags.js'
import type { TagList } from './types.js'

/** Every tag with the number of pages that carry it, most used first, capped at `limit`. */
export async function listTags(
  catalog: PageCatalog,
  tagsKey: string,
  options: { limit?: number | undefined },
): Promise<TagList> {
  await catalog.refresh()
  const counts = new Map<string, number>()
  for (const page of catalog.pages()) {
    for (const tag of pageTags(page, tagsKey)) counts.set(tag, (counts.get(tag) ?? 0) + 1)
  }
  const limit = options.limit ?? 200
  const tags = [...counts.entries()]
    .map(([tag, count]) => ({ tag, count }))
    .sort((a, b) => b.count - a.count || compareCodeUnits(a.tag, b.tag))
  return { tags: tags.slice(0, limit), total: tags.length, truncated: tags.length > limit }
}
