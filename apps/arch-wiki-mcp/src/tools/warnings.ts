import { defineTool } from '@wiki/mcp-core'
import { z } from 'zod'
import type { Backend } from '../backend.js'
import { loadPage, scopeOf, warningEvidence } from '../evidence.js'
import { anchor, titleOrUrl, warningsOutput, revidInput } from '../schemas.js'

export function warningsTool(backend: Backend) {
  return defineTool({
    name: 'warnings',
    title: 'Notes, warnings, tips and cautions, with hashes',
    description:
      "Every Note/Warning/Tip/Caution of a section or page, including translated and redirected template names resolved against the wiki. Show them before or beside related commands. message is readable prose; message_raw is verbatim and content_hash covers it. A type taken from a redirect carries alias, alias_target and alias_revid (the redirect page's revision). Fails rather than return an incomplete list.",
    input: z.strictObject({
      title_or_url: titleOrUrl,
      anchor: anchor.optional(),
      revid: revidInput,
    }),
    output: warningsOutput,
    access: 'read',
    handler: async (args) => {
      const revision = await loadPage(backend, args.title_or_url, { revid: args.revid })
      const scope = scopeOf(backend, revision, args.anchor ?? null)
      // Names come from the whole page, so an anchored call sends the same alias query.
      const aliases = await backend.templateAliases(revision)
      return {
        warnings: warningEvidence(backend, scope, aliases),
        title: revision.title,
        redirected_from: revision.redirectedFrom,
      }
    },
  })
}
