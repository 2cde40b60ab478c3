import { defineTool } from '@wiki/mcp-core'
import { z } from 'zod'
import type { Backend } from '../backend.js'
import { loadPage, pageEvidence } from '../evidence.js'
import { pageOutput, revidInput, titleOrUrl } from '../schemas.js'

export function pageTool(backend: Backend) {
  return defineTool({
    name: 'page',
    title: 'Whole page wikitext with revision and hash',
    description:
      'The whole wikitext of a page (current, or the revision revid), its revid, revision URLs, the SHA-256 of the wikitext (wikitext_hash, which attests the whole page and never a fragment) and its section list. Redirects are followed; redirected_from names the title asked for.',
    input: z.strictObject({ title_or_url: titleOrUrl, revid: revidInput }),
    output: pageOutput,
    access: 'read',
    // Whole pages run past the clients' default result cap.
    _meta: { 'anthropic/maxResultSizeChars': 500_000 },
    handler: async ({ title_or_url, revid }) =>
      pageEvidence(backend, await loadPage(backend, title_or_url, { revid })),
  })
}
