import { defineTool, type Tool } from '@wiki/mcp-core'
import * as z from 'zod'
import { type ToolDeps, pathString, withHints } from './shared.js'

export function wikiWritePage({ source, schema }: ToolDeps): Tool {
  const keys = schema.fields.map((f) => f.key).join(', ')
  return defineTool({
    name: 'wikiWritePage',
    title: 'Write a wiki page',
    description: `Creates or replaces a whole page under wiki/ (path ends in .md), atomically and under a lock. content is the full file, frontmatter included (${keys}); invalid frontmatter is refused. Pass expectedChecksum (sha256 from wikiReadPage, or "" to create only); on conflict re-read, merge, retry.`,
    input: z.strictObject({
      path: pathString.describe('Relative to wiki/, e.g. "concetti/rete.md"'),
      content: z.string().describe('The whole file, at most 200000 characters'),
      expectedChecksum: z
        .string()
        .regex(/^(?:|[0-9a-f]{12}|[0-9a-f]{64})$/)
        .optional()
        .describe('"" = create only; 12 or 64 lowercase hex = the current sha256 (prefix)'),
    }),
    output: z.object({
      success: z.literal(true),
      path: z.string(),
      sha256: z.string(),
      created: z.boolean(),
      bytes: z.number(),
    }),
    annotations: { destructiveHint: true, idempotentHint: true, openWorldHint: false },
    access: 'write',
    handler: (args) =>
      withHints(
        () =>
          source.writePage({
            path: args.path,
            content: args.content,
            expectedChecksum: args.expectedChecksum,
          }),
        { conflict: 'wikiReadPage gives the current fileText and sha256.' },
      ),
  })
}
