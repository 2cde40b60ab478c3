import { defineTool, type Tool } from '@wiki/mcp-core'
import * as z from 'zod'
import { type ToolDeps, pageItem, pathString, readAnnotations, withHints } from './shared.js'

export function wikiListPages({ source, schema }: ToolDeps): Tool {
  // the reference server's argument name on LLM wikis; a plain English one on a folder of notes
  const key = schema.fields.length === 0 ? 'folder' : 'categoria'
  const example = key === 'folder' ? '"Projects" or "a/b"' : '"concetti" or "a/b"'
  return defineTool({
    name: 'wikiListPages',
    title: 'List wiki pages',
    description: `Lists wiki pages by slug with their frontmatter, optionally only those under a subfolder (${key}, nested allowed). Paginate with offset/nextOffset.`,
    input: z.strictObject({
      [key]: pathString.optional().describe(`Subfolder of wiki/, e.g. ${example}`),
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
    handler: (args: Record<string, unknown>) =>
      withHints(
        () =>
          source.listPages({
            folder: args[key] as string | undefined,
            limit: args.limit as number | undefined,
            offset: args.offset as number | undefined,
          }),
        {
          invalid_path: `${key} must name a subfolder of wiki/, e.g. ${example.split(' or ')[0]}.`,
        },
      ),
  })
}
