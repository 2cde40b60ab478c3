import { defineTool, type Tool } from '@wiki/mcp-core'
import * as z from 'zod'
import { type ToolDeps, readAnnotations } from './shared.js'

export function wikiRecentChanges({ source }: ToolDeps): Tool {
  return defineTool({
    name: 'wikiRecentChanges',
    title: 'Recent changes to the wiki',
    description:
      'Pages by modification time, newest first, and, when the wiki folder is in a git repository, the latest commits that touched pages. since limits both to changes at or after a date.',
    input: z.strictObject({
      since: z
        .string()
        .max(40)
        .optional()
        .describe('YYYY-MM-DD or an ISO date-time, e.g. "2026-04-01"'),
      limit: z.number().int().min(1).max(500).optional().describe('Default 50'),
    }),
    output: z.object({
      changes: z.array(
        z.object({
          path: z.string(),
          slug: z.string(),
          title: z.string(),
          modifiedAt: z.string(),
        }),
      ),
      total: z.number(),
      truncated: z.boolean(),
      commits: z
        .array(
          z.object({
            commit: z.string(),
            committedAt: z.string(),
            subject: z.string(),
            paths: z.array(z.string()),
          }),
        )
        .optional(),
    }),
    annotations: readAnnotations,
    access: 'read',
    handler: (args) => source.recentChanges(args),
  })
}
