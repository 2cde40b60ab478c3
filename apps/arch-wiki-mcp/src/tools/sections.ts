import { defineTool } from '@wiki/mcp-core'
import { asPointer } from '@wiki/provenance'
import { z } from 'zod'
import type { Backend } from '../backend.js'
import { loadPage, sectionItems } from '../evidence.js'
import { sectionsOutput, titleOrUrl } from '../schemas.js'

export function sectionsTool(backend: Backend) {
  return defineTool({
    name: 'sections',
    title: 'List the sections of a page (pointers)',
    description:
      'The section list of a page: headings, anchors and levels, to choose an anchor for section/commands/warnings/links. A pointer, not evidence: no revid, no hash. Transcluded sections have byteoffset null.',
    input: z.strictObject({ title_or_url: titleOrUrl }),
    output: sectionsOutput,
    access: 'read',
    handler: async ({ title_or_url }) => {
      const revision = await loadPage(backend, title_or_url)
      return asPointer({
        sections: sectionItems(revision),
        title: revision.title,
        redirected_from: revision.redirectedFrom,
      })
    },
  })
}
