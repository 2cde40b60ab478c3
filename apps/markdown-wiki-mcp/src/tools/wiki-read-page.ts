import { defineTool, type Tool } from '@wiki/mcp-core'
import type { PageRead } from '@wiki/wiki-adapters/markdown-folder'
import * as z from 'zod'
import { readOneSection, sectionOutput } from './wiki-read-section.js'
import {
  type ToolDeps,
  frontmatterError,
  withHints,
  pageNotFoundHint,
  pathString,
  readAnnotations,
} from './shared.js'

export function wikiReadPage({ source }: ToolDeps): Tool {
  return defineTool({
    name: 'wikiReadPage',
    title: 'Read a wiki page',
    description:
      'Reads one page by slug (".md" optional; exact, then case-insensitive, then unique basename, then alias). Returns frontmatter, the body (content), resolved links, tags, aliases and the sha256 of the file. With full: true, the file as on disk (fileText, frontmatter block included) replaces content: edit fileText and pass sha256 as expectedChecksum to wikiWritePage. A truncated fileText must never be written back. With section (heading text or slug), returns only that section (heading, body, subsections) and its sectionSha256, for wikiEditPage.',
    input: z.strictObject({
      slug: pathString.describe('Page slug, e.g. "index" or "concetti/rete"'),
      maxChars: z
        .number()
        .int()
        .min(1000)
        .max(200_000)
        .optional()
        .describe('Cut content or fileText here, default 100000'),
      full: z
        .boolean()
        .optional()
        .describe('Return the whole file as fileText instead of content, to rewrite the page'),
      section: z
        .string()
        .min(1)
        .max(500)
        .optional()
        .describe('Heading text or slug: return only that section, with its own sha256'),
    }),
    output: z.object({
      path: z.string(),
      slug: z.string(),
      title: z.string().optional(),
      frontmatter: z.record(z.string(), z.unknown()).optional(),
      content: z.string().optional(),
      links: z.array(z.string()).optional(),
      tags: z.array(z.string()).optional(),
      aliases: z.array(z.string()).optional(),
      updatedAt: z.string(),
      fileText: z.string().optional(),
      sha256: z.string(),
      size: z.number().optional(),
      truncated: z.boolean().optional(),
      section: sectionOutput.optional(),
      frontmatterError: frontmatterError.optional(),
    }),
    annotations: readAnnotations,
    access: 'read',
    handler: (args) =>
      args.section === undefined
        ? withHints(async () => {
            const page = await source.readPage(args.slug, { maxChars: args.maxChars })
            return readPageAnswer(page, args.full === true)
          }, pageNotFoundHint)
        : withHints(() => readOneSection(source, args.slug, args.section ?? ''), pageNotFoundHint),
  })
}

/**
 * The page once: its body by default, the whole file (what a rewrite starts from) when `full`.
 * The default answer leaves out what says nothing on a page an agent reads: the file's byte
 * size (it describes `fileText`, which is not sent), empty `frontmatter`, `tags` and `aliases`,
 * and `truncated` unless the body was cut; on a small page those fields were up to a fifth of
 * the answer. The `full` answer keeps every field, as a rewrite compares against all of them.
 */
export function readPageAnswer(
  page: PageRead,
  full: boolean,
): Partial<PageRead> & Pick<PageRead, 'path' | 'slug' | 'title' | 'updatedAt' | 'sha256'> {
  const { content, fileText, size, truncated, frontmatter, tags, aliases, ...rest } = page
  if (full) return { ...rest, frontmatter, tags, aliases, fileText, size, truncated }
  return {
    ...rest,
    ...(Object.keys(frontmatter).length > 0 ? { frontmatter } : {}),
    ...(tags.length > 0 ? { tags } : {}),
    ...(aliases.length > 0 ? { aliases } : {}),
    content,
    ...(truncated ? { truncated } : {}),
  }
}
