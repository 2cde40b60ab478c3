import { defineTool } from '@wiki/mcp-core'
import type { AhaWikiSource } from '@wiki/wiki-adapters/ahawiki'
import * as z from 'zod'
import { keepLiteralPrefix, NO_PAGINATION_NOTE } from '../lib/literal-prefix.js'

const SERVER_CAP = 5000

/** `ahawiki_list_pages`: page names by literal prefix, with their latest revision. */
export function listPagesTool(source: AhaWikiSource) {
  return defineTool({
    name: 'ahawiki_list_pages',
    title: 'List AhaWiki pages',
    description:
      'List pages whose name starts with prefix (literal, case-sensitive), name ascending, with ' +
      'latest revision, KST dateTime, size and hash; no content. AhaWiki has no pagination: when ' +
      'truncated is true, narrow the prefix. truncated false does not prove completeness, because ' +
      "pages you cannot read still count against the wiki's own limit.",
    input: z.strictObject({
      prefix: z.string().default('').describe('Name prefix; "" lists every page.'),
      limit: z.number().int().min(1).max(SERVER_CAP).default(200).describe('1..5000.'),
    }),
    output: z.strictObject({
      prefix: z.string(),
      pages: z.array(
        z.strictObject({
          name: z.string(),
          revision: z.number().int(),
          dateTime: z.string(),
          isMinorEdit: z.boolean(),
          viaApi: z.boolean(),
          userApiKeyName: z.string().nullable(),
          size: z.number().int(),
          contentHash: z.string(),
        }),
      ),
      truncated: z.boolean(),
      note: z.string().optional(),
    }),
    annotations: { openWorldHint: true },
    access: 'read',
    async handler({ prefix: rawPrefix, limit }) {
      const prefix = rawPrefix.trim()
      const asked = Math.min(limit + 1, SERVER_CAP)
      const rows = await source.listPages({ ...(prefix === '' ? {} : { prefix }), limit: asked })
      const pages = keepLiteralPrefix(rows, prefix)
      const truncated = pages.length > limit || (asked === SERVER_CAP && rows.length >= SERVER_CAP)
      return {
        prefix,
        pages: pages.slice(0, limit),
        truncated,
        ...(truncated ? { note: `${NO_PAGINATION_NOTE} with a longer prefix.` } : {}),
      }
    },
  })
}
