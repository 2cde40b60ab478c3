import { defineTool } from '@wiki/mcp-core'
import { asPointer, CATEGORY_MEMBER_KINDS, parseTitleOrUrl } from '@wiki/provenance'
import { z } from 'zod'
import type { SiteSet } from '../sites.js'
import {
  categoryOutput,
  continueToken,
  listLimit,
  namespaces,
  titleOrUrl,
  siteInput,
} from '../schemas.js'

export function categoryTool(sites: SiteSet) {
  return defineTool({
    name: 'category',
    title: 'Members of a category (pointers, paged)',
    description:
      'One page of a category\'s members in the wiki\'s sort order: pages, subcategories (type "subcat": open them with category() to go deeper) and files, each with its namespace. counts are the wiki\'s totals for the whole category. Pass continue back for the next page; continue null means the list is complete. The category may be given with or without its namespace ("Boot loaders" or "Category:Boot loaders") or as a URL.',
    input: z.strictObject({
      category: titleOrUrl.describe(
        'A category name with or without its namespace ("Boot loaders", "Category:Boot loaders") or its URL.',
      ),
      type: z
        .array(z.enum(CATEGORY_MEMBER_KINDS))
        .min(1)
        .optional()
        .describe('Only these kinds of member: page, subcat, file (default all).'),
      namespace: namespaces.optional(),
      limit: listLimit,
      continue: continueToken.optional(),
      site: siteInput,
    }),
    output: categoryOutput,
    access: 'read',
    handler: async (args) => {
      const backend = sites.pick(args.site, args.category)
      const category = await backend.categoryTitle(parseTitleOrUrl(backend.site, args.category))
      const list = await backend.categoryMembers({
        category,
        limit: args.limit,
        types: args.type,
        namespaces: args.namespace,
        continue: args.continue,
      })
      return asPointer({
        members: list.members.map((m) => ({
          title: m.title,
          pageid: m.pageid,
          namespace: m.ns,
          type: m.type,
          url: backend.pageUrl(m.title),
        })),
        category: list.title,
        url: backend.pageUrl(list.title),
        exists: list.exists,
        counts: list.counts,
        continue: list.continue,
      })
    },
  })
}
