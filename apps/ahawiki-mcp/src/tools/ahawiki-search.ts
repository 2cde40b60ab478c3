import { defineTool } from '@wiki/mcp-core'
import type { AhaWikiSource } from '@wiki/wiki-adapters/ahawiki'
import * as z from 'zod'

const hit = z.strictObject({
  name: z.string(),
  revision: z.number().int(),
  dateTime: z.string(),
  matchedName: z.boolean(),
  snippet: z.string(),
  hitLinesNotShown: z.number().int(),
})

/** `ahawiki_search`: literal, case-insensitive search of names and bodies. */
export function searchTool(source: AhaWikiSource) {
  return defineTool({
    name: 'ahawiki_search',
    title: 'Search AhaWiki',
    description:
      'Find pages whose name or text contains q (literal, case-insensitive substring; no wildcards). ' +
      'The page named exactly q comes first, then the most recently edited. Each hit has the matching ' +
      'lines with 3 lines of context ("…" between blocks). Open a hit with ahawiki_read_page.',
    input: z.strictObject({
      q: z
        .string()
        .refine((q) => q.trim() !== '', 'must not be empty or only whitespace')
        .describe('Text to find in page names and bodies.'),
      limit: z.number().int().min(1).max(100).default(20).describe('Most hits to return, 1..100.'),
    }),
    output: z.strictObject({
      query: z.string(),
      results: z.array(hit),
      moreThanShown: z.boolean(),
      note: z.string().optional(),
    }),
    annotations: { openWorldHint: true },
    access: 'read',
    async handler({ q, limit }) {
      const query = q.trim()
      const found = await source.search({ q: query, limit })
      return {
        query,
        results: found.results,
        moreThanShown: found.moreThanShown,
        ...(found.moreThanShown
          ? {
              note: `More pages match than the ${limit} shown: refine q or raise limit (up to 100).`,
            }
          : {}),
      }
    },
  })
}
