import { defineTool, type Tool } from '@wiki/mcp-core'
import * as z from 'zod'
import {
  type ToolDeps,
  withHints,
  pageNotFoundHint,
  pathString,
  readAnnotations,
} from './shared.js'

const listMap = z.record(z.string(), z.array(z.string()))

export function wikiGraph({ source }: ToolDeps): Tool {
  return defineTool({
    name: 'wikiGraph',
    title: 'Wiki link graph',
    description:
      'The link graph: forward and reverse links, orphans (no inbound link from another page), broken and ambiguous links. Give slug for one page only. Keys of reverse that are neither pages nor existing files are broken targets. On a wiki over 500 pages, without slug, forward and reverse are left out (edgesOmitted) and orphans, broken and ambiguous come 200 at a time: pass nextOffset as offset for more.',
    input: z.strictObject({
      slug: pathString.optional().describe('Only this page'),
      limit: z
        .number()
        .int()
        .min(1)
        .max(5000)
        .optional()
        .describe('Cap on keys and items per field, default 1000 (200 when edges are left out)'),
      offset: z
        .number()
        .int()
        .min(0)
        .optional()
        .describe('Skip this many orphans, broken and ambiguous entries (from nextOffset)'),
    }),
    output: z.object({
      forward: listMap,
      reverse: listMap,
      orphans: z.array(z.string()),
      broken: z.array(z.object({ target: z.string(), sources: z.array(z.string()) })),
      ambiguous: z.array(
        z.object({
          target: z.string(),
          candidates: z.array(z.string()),
          sources: z.array(z.string()),
        }),
      ),
      counts: z.object({
        pages: z.number(),
        links: z.number(),
        orphans: z.number(),
        broken: z.number(),
        ambiguous: z.number(),
      }),
      truncated: z.boolean(),
      edgesOmitted: z.literal(true).optional(),
      nextOffset: z.number().optional(),
    }),
    annotations: readAnnotations,
    access: 'read',
    handler: (args) =>
      withHints(
        () => source.graph({ slug: args.slug, limit: args.limit, offset: args.offset }),
        pageNotFoundHint,
      ),
  })
}
