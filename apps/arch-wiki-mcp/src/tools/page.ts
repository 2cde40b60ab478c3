import { defineTool } from '@wiki/mcp-core'
import { z } from 'zod'
import type { SiteSet } from '../sites.js'
import { loadPage, pageEvidence } from '../evidence.js'
import { pageOutput, revidInput, titleOrUrl, siteInput } from '../schemas.js'

export function pageTool(sites: SiteSet) {
  return defineTool({
    name: 'page',
    title: 'Whole page wikitext with revision and hash',
    description:
      'The whole wikitext of a page (current, or the revision revid), its revid, revision URLs, the SHA-256 of the wikitext (wikitext_hash, which attests the whole page and never a fragment) and its section list. Redirects are followed; redirected_from names the title asked for.',
    input: z.strictObject({ title_or_url: titleOrUrl, revid: revidInput, site: siteInput }),
    output: pageOutput,
    access: 'read',
    // Whole pages run past the clients' default result cap.
    _meta: { 'anthropic/maxResultSizeChars': 500_000 },
    handler: async (args) => {
      const backend = sites.pick(args.site, args.title_or_url)
      return pageEvidence(
        backend,
        await loadPage(backend, args.title_or_url, { revid: args.revid }),
      )
    },
  })
}
