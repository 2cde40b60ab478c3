import { defineTool } from '@wiki/mcp-core'
import { asAttributed } from '@wiki/provenance'
import { z } from 'zod'
import type { SiteSet } from '../sites.js'
import { linkEvidence, loadPage, scopeOf } from '../evidence.js'
import { anchor, linksOutput, revidInput, titleOrUrl, siteInput } from '../schemas.js'

export function linksTool(sites: SiteSet) {
  return defineTool({
    name: 'links',
    title: 'Internal links of a page or section (attributed)',
    description:
      'Internal [[links]] of a section or page in document order, with their revid and revision URLs but no hash: a link is a target, not a quotation. Category, file, template, interwiki and language links are excluded using the wiki\'s own prefixes (prefixes_from "fallback" when siteinfo could not be read).',
    input: z.strictObject({
      title_or_url: titleOrUrl,
      anchor: anchor.optional(),
      revid: revidInput,
      site: siteInput,
    }),
    output: linksOutput,
    access: 'read',
    handler: async (args) => {
      const backend = sites.pick(args.site, args.title_or_url)
      const revision = await loadPage(backend, args.title_or_url, { revid: args.revid })
      const scope = scopeOf(backend, revision, args.anchor ?? null)
      const { prefixes, from } = await backend.linkPrefixes()
      return asAttributed({
        links: linkEvidence(backend, scope, prefixes),
        title: revision.title,
        redirected_from: revision.redirectedFrom,
        prefixes_from: from,
      })
    },
  })
}
