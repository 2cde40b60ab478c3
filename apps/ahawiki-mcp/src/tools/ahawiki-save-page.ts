import { defineTool } from '@wiki/mcp-core'
import type { AhaWikiSource } from '@wiki/wiki-adapters/ahawiki'
import * as z from 'zod'
import { pageName } from '../lib/page-name.js'

/** `ahawiki_save_page`: replaces a whole page, guarded by the revision it was read at. */
export function savePageTool(source: AhaWikiSource) {
  return defineTool({
    name: 'ahawiki_save_page',
    title: 'Save an AhaWiki page',
    description:
      'Replace the whole text of a page. First read it with ahawiki_read_page and pass the revision ' +
      'you read (0 creates a new page) plus the complete new text and a comment for the page ' +
      'history. If someone saved in between you get revision_conflict with latestRevision: read ' +
      'again, merge your change into the latest content and save with the new revision. Nothing is ' +
      'ever overwritten. minorEdit defaults to true.',
    input: z.strictObject({
      name: pageName,
      text: z.string().describe('The complete new page source, sent verbatim.'),
      revision: z
        .number()
        .int()
        .min(0)
        .describe('The revision you read with ahawiki_read_page; 0 for a new page.'),
      comment: z
        .string()
        .refine((c) => c.trim() !== '', 'must not be empty or only whitespace')
        .describe('What changed and why; kept in the page history.'),
      minorEdit: z
        .boolean()
        .default(true)
        .describe('Default true, so agent edits stay out of the way.'),
    }),
    output: z.strictObject({
      name: z.string(),
      revision: z.number().int(),
      previousRevision: z.number().int(),
      dateTime: z.string(),
      minorEdit: z.boolean(),
    }),
    annotations: { openWorldHint: true, destructiveHint: true, idempotentHint: false },
    access: 'write',
    async handler({ name, text, revision, comment, minorEdit }) {
      const saved = await source.savePage({
        name,
        text,
        revision,
        comment: comment.trim(),
        minorEdit,
      })
      return {
        name: saved.name,
        revision: saved.revision,
        previousRevision: revision,
        dateTime: saved.dateTime,
        minorEdit,
      }
    },
  })
}
