import type { FrontmatterSchema } from './frontmatter-schema.js'
import type { LocalDate } from './local-date.js'
import type { PageCatalog } from './page-catalog.js'
import type { StoredPage } from './page-store.js'
import { assertLexicalPath } from './path-rules.js'
import type { PageItem, PageList } from './types.js'

/** Describes a page for listings and search results: metadata only, never the body or links. */
export type DescribePage = (page: StoredPage) => PageItem

/**
 * A {@link DescribePage} showing the schema's fields only, a missing list field as `[]`, so that
 * every item has the same shape whatever the page declares; with no declared field, every key.
 */
export function pageDescriber(schema: FrontmatterSchema, date: LocalDate): DescribePage {
  return (page) => {
    // a schema that declares no field (notes) shows the frontmatter as written
    const frontmatter: Record<string, unknown> =
      schema.fields.length === 0 ? { ...page.frontmatter } : {}
    for (const field of schema.fields) {
      const value = page.frontmatter[field.key]
      if (value !== undefined) frontmatter[field.key] = value
      else if (field.kind === 'string-list') frontmatter[field.key] = []
    }
    return {
      path: page.path,
      slug: page.slug,
      title: page.title,
      frontmatter,
      tags: [...page.tags],
      aliases: [...page.aliases],
      updatedAt: date(page.mtimeMs),
      ...(page.frontmatterError ? { frontmatterError: page.frontmatterError } : {}),
    }
  }
}

/** Pages by slug, optionally only those under a folder, one slice at a time. */
export async function listPages(
  catalog: PageCatalog,
  describe: DescribePage,
  options: {
    folder?: string | undefined
    limit?: number | undefined
    offset?: number | undefined
  },
): Promise<PageList> {
  const folder = options.folder?.normalize('NFC')
  if (folder !== undefined) assertLexicalPath('folder', folder, false)
  await catalog.refresh()
  const limit = options.limit ?? 100
  const offset = options.offset ?? 0
  const all = catalog
    .sortedPages()
    .filter((page) => folder === undefined || page.path.startsWith(`${folder}/`))
  const slice = all.slice(offset, offset + limit)
  const truncated = offset + slice.length < all.length
  return {
    pages: slice.map(describe),
    total: all.length,
    truncated,
    ...(truncated ? { nextOffset: offset + slice.length } : {}),
  }
}
