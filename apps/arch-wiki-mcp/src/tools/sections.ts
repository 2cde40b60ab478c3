import { defineTool } from '@wiki/mcp-core'
import { asPointer } from '@wiki/provenance'
import { z } from 'zod'
import type { SiteSet } from '../sites.js'
import { loadPage, sectionItems } from '../evidence.js'
import { sectionsOutput, titleOrUrl, siteInput } from '../schemas.js'

export function sectionsTool(sites: SiteSet) {
  return defineTool({
    name: 'sections',
    title: 'List the sections of a page (pointers)',
    description:
      'The section list of a page: headings, anchors and levels, to choose an anchor for section/commands/warnings/links. A pointer, not evidence: no revid, no hash. Transcluded sections have byteoffset null.',
    input: z.strictObject({ title_or_url: titleOrUrl, site: siteInput }),
    output: sectionsOutput,
    access: 'read',
    handler: async ({ title_or_url, site }) => {
      const backend = sites.pick(site, title_or_url)
      const revision = await loadPage(backend, title_or_url)
      return asPointer({
        sections: sectionItems(revision),
        title: revision.title,
        redirected_from: revision.redirectedFrom,
      })
    },
  })
}
