import { defineTool, type Tool } from '@wiki/mcp-core'
import * as z from 'zod'
import { type ToolDeps, pageItem, readAnnotations, roleKey } from './shared.js'

export function wikiSearch({ source, schema }: ToolDeps): Tool {
  const type = roleKey(schema, 'type')
  const status = roleKey(schema, 'status')
  const shape: Record<string, z.ZodType> = {
    q: z.string().max(500).optional().describe('Words to look for; omit to list pages by filter'),
    tag: z.string().max(200).optional().describe('Keep pages carrying this tag (case-insensitive)'),
  }
  if (type) shape[type.key] = z.enum(type.values).optional().describe('Keep pages of this type')
  if (status)
    shape[status.key] = z.enum(status.values).optional().describe('Keep pages in this status')
  shape.topK = z
    .number()
    .int()
    .min(1)
    .max(50)
    .optional()
    .describe('At most this many results (10 with q, else 50)')
  return defineTool({
    name: 'wikiSearch',
    title: 'Search wiki pages',
    description:
      'Ranked full-text search over wiki page titles, aliases, headings, tags and bodies (accent-insensitive; word forms such as plurals match, and the last word matches as a prefix), with type, status and tag filters. Returns page metadata, score and a snippet around the matched words; read a hit with wikiReadPage.',
    input: z.strictObject(shape),
    output: z.object({
      results: z.array(
        pageItem.extend({ score: z.number().optional(), snippet: z.string().optional() }),
      ),
      total: z.number(),
      truncated: z.boolean(),
      mode: z.enum(['ranked', 'substring', 'all']),
    }),
    annotations: readAnnotations,
    access: 'read',
    handler: (args: Record<string, unknown>) =>
      source.search({
        q: args.q as string | undefined,
        tag: args.tag as string | undefined,
        type: type ? (args[type.key] as string | undefined) : undefined,
        status: status ? (args[status.key] as string | undefined) : undefined,
        topK: args.topK as number | undefined,
      }),
  })
}
