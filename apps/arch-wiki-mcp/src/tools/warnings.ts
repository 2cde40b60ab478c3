import { defineTool } from '@wiki/mcp-core'
import { z } from 'zod'
import type { SiteSet } from '../sites.js'
import { loadPage, scopeOf, siteOf, warningEvidence } from '../evidence.js'
import { anchor, titleOrUrl, warningsOutput, revidInput, siteInput } from '../schemas.js'

export function warningsTool(sites: SiteSet) {
  return defineTool({
    name: 'warnings',
    title: 'Notes, warnings, tips and cautions, with hashes',
    description:
      "Every Note/Warning/Tip/Caution of a section or page, including translated and redirected template names resolved against the wiki. Show them before or beside related commands. message is readable prose; message_raw is verbatim and content_hash covers it. A type taken from a redirect carries alias, alias_target and alias_revid (the redirect page's revision). Fails rather than return an incomplete list; profile names the site's template profile; on a site whose profile knows no admonition template, note says the list cannot be complete.",
    input: z.strictObject({
      title_or_url: titleOrUrl,
      anchor: anchor.optional(),
      revid: revidInput,
      site: siteInput,
    }),
    output: warningsOutput,
    access: 'read',
    handler: async (args) => {
      const backend = sites.pick(args.site, args.title_or_url)
      const revision = await loadPage(backend, args.title_or_url, { revid: args.revid })
      const scope = scopeOf(backend, revision, args.anchor ?? null)
      const envelope = {
        title: revision.title,
        redirected_from: revision.redirectedFrom,
        site: siteOf(backend),
      }
      if (!backend.listsAdmonitions) {
        // No template of this site is known to be an admonition: an empty list would say the
        // page has none, so say instead that the list cannot be made here.
        return {
          warnings: [],
          ...envelope,
          profile: backend.profile,
          note: `Site ${JSON.stringify(backend.siteName)} has no admonition profile, so its notes and warnings cannot be listed; this empty list is not evidence that the page has none. Read the section itself.`,
        }
      }
      // Names come from the whole page, so an anchored call sends the same alias query.
      const aliases = await backend.templateAliases(revision)
      return {
        warnings: warningEvidence(backend, scope, aliases),
        ...envelope,
        profile: backend.profile,
        note: null,
      }
    },
  })
}
