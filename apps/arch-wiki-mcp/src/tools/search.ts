import { defineTool } from '@wiki/mcp-core'
import { asPointer } from '@wiki/provenance'
import { z } from 'zod'
import type { SearchHit } from '../backend.js'
import type { SiteSet } from '../sites.js'
import { query, searchOutput, siteInput } from '../schemas.js'

export function searchTool(sites: SiteSet) {
  return defineTool({
    name: 'search',
    title: 'Search the wiki (pointers, not evidence)',
    description:
      'Find pages: the exact-title match first (match "title"), then full-text hits in the wiki\'s order (match "text"). With mode "prefix", titles starting with the query instead (match "prefix", no snippet; a namespace prefix such as "Talk:" selects the namespace). Results are pointers to open with page/section/commands: they carry no revid or hash, and a snippet must never be quoted as fact. [] means the wiki\'s search found nothing.',
    input: z.strictObject({
      query,
      limit: z.int().min(1).max(50).default(10).describe('At most this many results (1–50).'),
      mode: z
        .enum(['full_text', 'prefix'])
        .default('full_text')
        .describe(
          '"full_text" (default): exact title, then page text. "prefix": titles starting with the query.',
        ),
      site: siteInput,
    }),
    output: searchOutput,
    access: 'read',
    handler: async ({ query, limit, mode, site }) => {
      const backend = sites.pick(site)
      if (mode === 'prefix') {
        // One request to the wiki's completion search, in its order.
        const hits = await backend.prefixSearch(query, limit)
        return asPointer({
          results: hits.map((hit) => ({
            title: hit.title,
            pageid: hit.pageid,
            snippet: '',
            url: backend.pageUrl(hit.title),
            match: 'prefix' as const,
          })),
        })
      }
      const { exact, text } = await backend.search(query, limit)
      const hits: (SearchHit & { match: 'title' | 'text' })[] = exact
        ? [{ ...exact, match: 'title' }]
        : []
      for (const hit of text) {
        // The wiki's order, never re-ranked; only the exact match is not repeated.
        if (hit.pageid !== exact?.pageid) hits.push({ ...hit, match: 'text' })
      }
      // A pointer must not look like evidence: asPointer refuses any revid or hash key.
      return asPointer({
        results: hits.slice(0, limit).map((hit) => ({
          title: hit.title,
          pageid: hit.pageid,
          snippet: backend.cleanSnippet(hit.snippet),
          url: backend.pageUrl(hit.title),
          match: hit.match,
        })),
      })
    },
  })
}
