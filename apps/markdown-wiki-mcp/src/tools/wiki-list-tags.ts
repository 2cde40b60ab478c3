import { defineTool, type Tool } from '@wiki/mcp-core'
import * as z from 'zod'
import { type ToolDeps, readAnnotations } from './shared.js'

export function wikiListTags({ source }: ToolDeps): Tool {
  return defineTool({
    name: 'wikiListTags',
    title: 'List the wiki tags',
    description:
      'Every tag with the number of pages that carry it, most used first: frontmatter tags (a list, one value or a comma-separated string) and inline #tags, lower-cased. Filter pages by one with wikiSearch tag.',
    input: z.strictObject({
      limit: z.number().int().min(1).max(1000).optional().describe('Default 200'),
    }),
    output: z.object({
      tags: z.array(z.object({ tag: z.string(), count: z.number() })),
      total: z.number(),
      truncated: z.boolean(),
    }),
    annotations: readAnnotations,
    access: 'read',
    handler: (args) => source.listTags(args),
  })
}
