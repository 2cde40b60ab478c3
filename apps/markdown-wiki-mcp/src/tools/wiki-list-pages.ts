import { defineTool, type Tool } from '@wiki/mcp-core'
import * as z from 'zod'
import { type ToolDeps, pageItem, pathString, readAnnotations, withHints } from './shared.js'

export function wikiListPages({ source }: ToolDeps): Tool {
  return defineTool({
    name: 'wikiListPages',
    title: 'List wiki pages',
    description:
      'Lists wiki pages by slug with their frontmatter, optionally only those under a subfolder (categoria, nested allowed). Paginate with offset/nextOffset.',
    input: z.strictObject({
      categoria: pathString.optional().describe('Subfolder of wiki/, e.g. "concetti" or "a/b"'),
      limit: z.number().int().min(1).max(500).optional().describe('Page size, default 100'),
      offset: z.number().int().min(0).max(10_000_000).optional(),
    }),
    output: z.object({
      pages: z.array(pageItem),
      total: z.number(),
      truncated: z.boolean(),
      nextOffset: z.number().optional(),
    }),
    annotations: readAnnotations,
    access: 'read',
    handler: (args) =>
      withHints(
        () => source.listPages({ folder: args.categoria, limit: args.limit, offset: args.offset }),
        { invalid_path: 'categoria must name a subfolder of wiki/, e.g. "concetti".' },
      ),
  })
}
