import { defineTool, type Tool } from '@wiki/mcp-core'
import * as z from 'zod'
import { type ToolDeps, readAnnotations } from './shared.js'

export function wikiListRaw({ source }: ToolDeps): Tool {
  return defineTool({
    name: 'wikiListRaw',
    title: 'List raw sources',
    description:
      'Lists files under raw/ (recursive, any extension) with size and a 12-hex checksum (first 12 of the sha256), to compare with sources.md.',
    input: z.strictObject({
      limit: z.number().int().min(1).max(5000).optional().describe('Page size, default 1000'),
      offset: z.number().int().min(0).max(10_000_000).optional(),
    }),
    output: z.object({
      files: z.array(z.object({ filename: z.string(), checksum: z.string(), size: z.number() })),
      total: z.number(),
      truncated: z.boolean(),
      nextOffset: z.number().optional(),
    }),
    annotations: readAnnotations,
    access: 'read',
    handler: (args) => source.raw.list({ limit: args.limit ?? 1000, offset: args.offset ?? 0 }),
  })
}
