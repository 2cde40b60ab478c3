import { defineTool } from '@wiki/mcp-core'
import type { AhaWikiSource } from '@wiki/wiki-adapters/ahawiki'
import * as z from 'zod'
import { pageName } from '../lib/page-name.js'

/** `ahawiki_read_page`: the full source of a page and its current revision. */
export function readPageTool(source: AhaWikiSource) {
  return defineTool({
    name: 'ahawiki_read_page',
    title: 'Read an AhaWiki page',
    description:
      'Read the full source of one page (never shortened) with its current revision. To edit, pass ' +
      'this revision to ahawiki_save_page together with the whole new text. dateTime is KST (UTC+9).',
    input: z.strictObject({ name: pageName }),
    output: z.strictObject({
      name: z.string(),
      revision: z.number().int(),
      content: z.string(),
      dateTime: z.string(),
      isMinorEdit: z.boolean(),
      viaApi: z.boolean(),
      userApiKeyName: z.string().nullable(),
      contentHash: z.string(),
    }),
    annotations: { openWorldHint: true },
    access: 'read',
    async handler({ name }) {
      return source.getPage(name)
    },
  })
}
