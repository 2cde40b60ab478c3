import { defineTool } from '@wiki/mcp-core'
import { asPointer, BACKLINK_KINDS, parseTitleOrUrl } from '@wiki/provenance'
import { z } from 'zod'
import type { SiteSet } from '../sites.js'
import {
  backlinksOutput,
  continueToken,
  listLimit,
  namespaces,
  titleOrUrl,
  siteInput,
} from '../schemas.js'

export function backlinksTool(sites: SiteSet) {
  return defineTool({
    name: 'backlinks',
    title: 'What links here (pointers, paged)',
    description:
      'Pages that point at a page, each with its kind: "link" ([[wikilink]]), "redirect" (a #REDIRECT to it) or "transclusion" ({{:Page}} or a template use). Links and transclusions are separate lists, so a page doing both appears once per kind, and each page of the answer holds up to limit of each. The target\'s own redirects are not followed: ask for the redirect\'s title to see what links to it. Pass continue back for the next page; null means complete.',
    input: z.strictObject({
      title_or_url: titleOrUrl,
      kind: z
        .array(z.enum(BACKLINK_KINDS))
        .min(1)
        .optional()
        .describe('Only these kinds: link, redirect, transclusion (default all).'),
      namespace: namespaces.optional(),
      limit: listLimit,
      continue: continueToken.optional(),
      site: siteInput,
    }),
    output: backlinksOutput,
    access: 'read',
    handler: async (args) => {
      const backend = sites.pick(args.site, args.title_or_url)
      const list = await backend.backlinks({
        title: parseTitleOrUrl(backend.site, args.title_or_url),
        limit: args.limit,
        kinds: args.kind,
        namespaces: args.namespace,
        continue: args.continue,
      })
      return asPointer({
        backlinks: list.backlinks.map((b) => ({
          title: b.title,
          pageid: b.pageid,
          namespace: b.ns,
          kind: b.kind,
          url: backend.pageUrl(b.title),
        })),
        title: list.title,
        url: backend.pageUrl(list.title),
        exists: list.exists,
        continue: list.continue,
      })
    },
  })
}
