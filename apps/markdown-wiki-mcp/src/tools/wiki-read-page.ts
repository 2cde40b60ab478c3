import { defineTool, type Tool } from '@wiki/mcp-core'
import * as z from 'zod'
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
      'Reads one page by slug (".md" optional; exact, then case-insensitive, then unique basename, then alias). Returns frontmatter, the body (content), resolved links, tags, aliases and the sha256 of the file. With full: true, the file as on disk (fileText, frontmatter block included) replaces content: edit fileText and pass sha256 as expectedChecksum to wikiWritePage. A truncated fileText must never be written back.',
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
    }),
    output: z.object({
      path: z.string(),
      slug: z.string(),
      title: z.string(),
      frontmatter: z.record(z.string(), z.unknown()),
      content: z.string().optional(),
      links: z.array(z.string()),
      tags: z.array(z.string()),
      aliases: z.array(z.string()),
      updatedAt: z.string(),
      fileText: z.string().optional(),
      sha256: z.string(),
      size: z.number(),
      truncated: z.boolean(),
      frontmatterError: frontmatterError.optional(),
    }),
    annotations: readAnnotations,
    access: 'read',
    handler: (args) =>
      withHints(async () => {
        const page = await source.readPage(args.slug, { maxChars: args.maxChars })
        // the page once: its body by default, the whole file (what a rewrite starts from) if asked
        const { content, fileText, ...rest } = page
        return args.full === true ? { ...rest, fileText } : { ...rest, content }
      }, pageNotFoundHint),
  })
}
