import { defineTool } from '@wiki/mcp-core'
import { asPointer, RECENT_CHANGE_KINDS } from '@wiki/provenance'
import { z } from 'zod'
import type { SiteSet } from '../sites.js'
import { WikiFailure } from '../backend.js'
import { continueToken, listLimit, namespaces, recentChangesOutput, siteInput } from '../schemas.js'

const instant = (what: string) =>
  z.iso.datetime().describe(`${what}, ISO 8601 in UTC ("2026-12-01T00:00:00Z").`)

export function recentChangesTool(sites: SiteSet) {
  return defineTool({
    name: 'recent_changes',
    title: 'Recent changes of the wiki (pointers, paged)',
    description:
      "The wiki's recent changes, newest first, filtered by namespace, time window (since/until), user, type (edit, new, log, categorize, external) and title prefix. Each change points at its revision by URL (revision_url, previous_revision_url); quote nothing from here: open the revision with page/section. user or comment is null when the wiki hides it. The prefix is applied to each page the wiki sends, so a page may hold fewer than limit changes while continue is not null (scanned says how many were looked at).",
    input: z.strictObject({
      namespace: namespaces.optional(),
      since: instant('Only changes at or after this time').optional(),
      until: instant('Only changes at or before this time').optional(),
      prefix: z
        .string()
        .min(1)
        .max(255)
        .optional()
        .describe('Only titles starting with this text, namespace included ("Talk:GRUB").'),
      user: z
        .string()
        .min(1)
        .max(255)
        .optional()
        .describe('Only changes by this user name, as the wiki spells it.'),
      type: z
        .array(z.enum(RECENT_CHANGE_KINDS))
        .min(1)
        .optional()
        .describe('Only these kinds of change (default all).'),
      limit: listLimit,
      continue: continueToken.optional(),
      site: siteInput,
    }),
    output: recentChangesOutput,
    access: 'read',
    handler: async (args) => {
      const backend = sites.pick(args.site)
      if (
        args.since !== undefined &&
        args.until !== undefined &&
        Date.parse(args.since) > Date.parse(args.until)
      ) {
        throw new WikiFailure(
          'invalid_arguments',
          `since ${JSON.stringify(args.since)} is after until ${JSON.stringify(args.until)}; expected since ≤ until.`,
        )
      }
      const list = await backend.recentChanges({
        limit: args.limit,
        namespaces: args.namespace,
        since: args.since,
        until: args.until,
        user: args.user,
        types: args.type,
        titlePrefix: args.prefix,
        continue: args.continue,
      })
      return asPointer({
        changes: list.changes.map((c) => ({
          type: c.type,
          title: c.title,
          namespace: c.ns,
          timestamp: c.timestamp,
          user: c.user,
          comment: c.comment,
          minor: c.minor,
          bot: c.bot,
          size: c.newSize,
          size_change: c.newSize === null || c.oldSize === null ? null : c.newSize - c.oldSize,
          log_type: c.logType,
          log_action: c.logAction,
          url: backend.pageUrl(c.title),
          revision_url: c.revid > 0 ? backend.revisionUrl(c.revid) : null,
          previous_revision_url: c.oldRevid > 0 ? backend.revisionUrl(c.oldRevid) : null,
        })),
        scanned: list.scanned,
        continue: list.continue,
      })
    },
  })
}
