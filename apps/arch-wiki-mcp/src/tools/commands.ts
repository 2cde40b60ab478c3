import { defineTool } from '@wiki/mcp-core'
import { z } from 'zod'
import type { SiteSet } from '../sites.js'
import { commandEvidence, loadPage, scopeOf, siteOf } from '../evidence.js'
import { anchor, commandsOutput, revidInput, titleOrUrl, siteInput } from '../schemas.js'

export function commandsTool(sites: SiteSet) {
  return defineTool({
    name: 'commands',
    title: 'Code blocks of a page or section, with hashes',
    description:
      'Block-level code the wiki writes ({{bc}}, {{hc}}, indented lines) in a section or the whole page. content is runnable only after substituting its placeholders (marked <like-this>, listed in placeholders); content_raw is verbatim and content_hash covers it. [] means the wiki gives no command block there; a missing page or anchor is an error.',
    input: z.strictObject({
      title_or_url: titleOrUrl,
      anchor: anchor.optional(),
      revid: revidInput,
      site: siteInput,
    }),
    output: commandsOutput,
    access: 'read',
    handler: async (args) => {
      const backend = sites.pick(args.site, args.title_or_url)
      const revision = await loadPage(backend, args.title_or_url, { revid: args.revid })
      const scope = scopeOf(backend, revision, args.anchor ?? null)
      return {
        commands: commandEvidence(backend, scope),
        title: revision.title,
        redirected_from: revision.redirectedFrom,
        site: siteOf(backend),
      }
    },
  })
}
