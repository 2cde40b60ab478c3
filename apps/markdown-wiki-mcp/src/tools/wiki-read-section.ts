import type { MarkdownFolderSource } from '@wiki/wiki-adapters/markdown-folder'
import * as z from 'zod'

/** What `wikiReadPage` returns about one section when asked for it. */
export const sectionOutput = z.object({
  heading: z.string(),
  slug: z.string(),
  level: z.number(),
  line: z.number(),
  text: z.string(),
  sha256: z.string(),
})

/**
 * `wikiReadPage` with `section`: the page's identity and file checksum, and the section alone
 * with its own checksum, instead of the whole page.
 */
export async function readOneSection(
  source: MarkdownFolderSource,
  slug: string,
  section: string,
): Promise<{
  path: string
  slug: string
  updatedAt: string
  sha256: string
  section: z.infer<typeof sectionOutput>
}> {
  const read = await source.readSection(slug, section)
  return {
    path: read.path,
    slug: read.slug,
    updatedAt: read.updatedAt,
    sha256: read.sha256,
    section: {
      heading: read.heading,
      slug: read.sectionSlug,
      level: read.level,
      line: read.line,
      text: read.text,
      sha256: read.sectionSha256,
    },
  }
}
