import { defineTool } from '@wiki/mcp-core'
import { z } from 'zod'
import type { SiteSet } from '../sites.js'
import { loadPage, scopeOf, sectionEvidence } from '../evidence.js'
import { anchor, sectionOutput, revidInput, titleOrUrl, siteInput } from '../schemas.js'

export function sectionTool(sites: SiteSet) {
  return defineTool({
    name: 'section',
    title: 'One section, rendered and verbatim, with hashes',
    description:
      'One section of a page: content (rendered CommonMark to show), content_raw (the verbatim wikitext slice, heading included, subsections excluded), content_hash (SHA-256 of content_raw: cite it with revision_url) and content_hash_cleaned (of content). Take code to run from commands(), not from this text.',
    input: z.strictObject({ title_or_url: titleOrUrl, anchor, revid: revidInput, site: siteInput }),
    output: sectionOutput,
    access: 'read',
    handler: async (args) => {
      const backend = sites.pick(args.site, args.title_or_url)
      const revision = await loadPage(backend, args.title_or_url, { revid: args.revid })
      const scope = scopeOf(backend, revision, args.anchor)
      return sectionEvidence(backend, { ...scope, anchor: args.anchor })
    },
  })
}
