import { compareCodeUnits } from './links.js'
import type { PageCatalog } from './page-catalog.js'
import { pageTags } from './page-metadata.js'
import type { StoredPage } from './page-store.js'
import type { TagList } from './types.js'

/**
 * Every tag with the number of pages that carry it, most used first, capped at `limit`. Tags are
 * counted case-insensitively, as Obsidian matches them, and shown lower-cased.
 */
export async function listTags(
  catalog: PageCatalog,
  tagsKey: string,
  options: { limit?: number | undefined },
): Promise<TagList> {
  await catalog.refresh()
  const counts = new Map<string, number>()
  for (const page of catalog.pages()) {
    const seen = new Set(tagsOf(page, tagsKey).map((tag) => tag.toLowerCase()))
    for (const tag of seen) counts.set(tag, (counts.get(tag) ?? 0) + 1)
  }
  const limit = options.limit ?? 200
  const tags = [...counts.entries()]
    .map(([tag, count]) => ({ tag, count }))
    .sort((a, b) => b.count - a.count || compareCodeUnits(a.tag, b.tag))
  return { tags: tags.slice(0, limit), total: tags.length, truncated: tags.length > limit }
}

/** The page's stored tags; a schema whose tag field is not `tags`/`tag` adds that field's. */
function tagsOf(page: StoredPage, tagsKey: string): readonly string[] {
  return tagsKey === 'tags' || tagsKey === 'tag'
    ? page.tags
    : pageTags(page.frontmatter, page.content, tagsKey)
}
