import { defineTool } from '@wiki/mcp-core'
import type { AhaWikiSource } from '@wiki/wiki-adapters/ahawiki'
import * as z from 'zod'
import { keepLiteralPrefix, NO_PAGINATION_NOTE } from '../lib/literal-prefix.js'
import { normalizeSince } from '../lib/normalize-since.js'
import { pageName } from '../lib/page-name.js'

const SERVER_CAP = 1000

/** `ahawiki_recent_changes`: revision rows, newest first, with filters. */
export function recentChangesTool(source: AhaWikiSource) {
  return defineTool({
    name: 'ahawiki_recent_changes',
    title: 'Recent AhaWiki changes',
    description:
      'List page revisions, newest first: who (viaApi, userApiKeyName), when (KST) and the comment. ' +
      'Filter by exact name, literal name prefix, since (ISO date-time; without an offset it is KST) ' +
      'and afterRevision (needs name, revisions are per page). No pagination: narrow when truncated.',
    input: z
      .strictObject({
        since: z
          .string()
          .refine((s) => normalizeSince(s) !== undefined, {
            message:
              'expected YYYY-MM-DD[THH:mm[:ss[.fraction]]] with an optional Z or ±HH:MM (no offset = KST)',
          })
          .optional()
          .describe('Only changes at or after this time, e.g. 2026-06-24T10:00 (KST) or …Z.'),
        prefix: z.string().optional().describe('Literal page-name prefix.'),
        name: pageName.optional(),
        afterRevision: z
          .number()
          .int()
          .min(0)
          .optional()
          .describe('Only revisions after this one of the page given by name.'),
        includeMinorEdit: z.boolean().default(true),
        includeViaApi: z.boolean().default(true),
        limit: z.number().int().min(1).max(SERVER_CAP).default(50).describe('1..1000.'),
      })
      .refine((args) => args.afterRevision === undefined || args.name !== undefined, {
        message: 'afterRevision requires name, because revisions are numbered per page',
        path: ['afterRevision'],
      }),
    output: z.strictObject({
      changes: z.array(
        z.strictObject({
          name: z.string(),
          revision: z.number().int(),
          dateTime: z.string(),
          comment: z.string(),
          isMinorEdit: z.boolean(),
          viaApi: z.boolean(),
          userApiKeyName: z.string().nullable(),
        }),
      ),
      truncated: z.boolean(),
      note: z.string().optional(),
    }),
    annotations: { openWorldHint: true },
    access: 'read',
    async handler(args) {
      const prefix = args.prefix?.trim() ?? ''
      const asked = Math.min(args.limit + 1, SERVER_CAP)
      const rows = await source.recentChanges({
        ...(args.name === undefined ? {} : { name: args.name }),
        ...(prefix === '' ? {} : { prefix }),
        ...(args.since === undefined ? {} : { since: normalizeSince(args.since)! }),
        ...(args.afterRevision === undefined ? {} : { afterRevision: args.afterRevision }),
        includeMinorEdit: args.includeMinorEdit,
        includeViaApi: args.includeViaApi,
        limit: asked,
      })
      const changes = keepLiteralPrefix(rows, prefix)
      const truncated =
        changes.length > args.limit || (asked === SERVER_CAP && rows.length >= SERVER_CAP)
      return {
        changes: changes.slice(0, args.limit),
        truncated,
        ...(truncated
          ? {
              note: `${NO_PAGINATION_NOTE}: a prefix, name or later since (afterRevision works per page).`,
            }
          : {}),
      }
    },
  })
}
