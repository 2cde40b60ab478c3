import { defineTool } from '@wiki/mcp-core'
import { asPointer, parseTitleOrUrl } from '@wiki/provenance'
import { z } from 'zod'
import type { SiteSet } from '../sites.js'
import { categoriesOutput, titleOrUrl, siteInput } from '../schemas.js'

export function categoriesTool(sites: SiteSet) {
  return defineTool({
    name: 'categories',
    title: 'Categories of a page (pointers)',
    description:
      "The categories of a page's current revision as the wiki records them, in the wiki's order; hidden: true marks a hidden category (maintenance, tracking) that readers do not see under the page. Pointers: open a category with category(). Follows redirects (redirected_from).",
    input: z.strictObject({ title_or_url: titleOrUrl, site: siteInput }),
    output: categoriesOutput,
    access: 'read',
    handler: async (args) => {
      const backend = sites.pick(args.site, args.title_or_url)
      const page = await backend.pageCategories(parseTitleOrUrl(backend.site, args.title_or_url))
      return asPointer({
        categories: page.categories.map((c) => ({
          title: c.title,
          hidden: c.hidden,
          url: backend.pageUrl(c.title),
        })),
        title: page.title,
        url: backend.pageUrl(page.title),
        redirected_from: page.redirectedFrom,
      })
    },
  })
}
