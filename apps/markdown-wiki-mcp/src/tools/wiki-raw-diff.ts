import { defineTool, type Tool } from '@wiki/mcp-core'
import * as z from 'zod'
import { type ToolDeps, withHints, pathString, rawNotFoundHint, readAnnotations } from './shared.js'

export function wikiRawDiff({ source }: ToolDeps): Tool {
  return defineTool({
    name: 'wikiRawDiff',
    title: 'Diff a raw source since its ingest',
    description:
      'What changed in a raw source since the version registered in sources.md (found in the git history of raw/), or since HEAD without a registration: a unified diff (PDFs as text). Without git history, a note explains why and changed compares checksums.',
    input: z.strictObject({
      filename: pathString.describe('Relative to raw/ (a leading "raw/" is accepted)'),
      maxChars: z.number().int().min(1000).max(200_000).optional().describe('Default 60000'),
      context: z.number().int().min(0).max(20).optional().describe('Context lines, default 3'),
    }),
    output: z.object({
      filename: z.string(),
      changed: z.boolean().nullable(),
      registered: z.string().nullable(),
      current: z.string(),
      base: z.object({ commit: z.string(), reason: z.enum(['registered', 'head']) }).nullable(),
      diff: z.string().nullable(),
      stats: z.object({ added: z.number(), removed: z.number() }).optional(),
      truncated: z.boolean(),
      note: z.string().optional(),
    }),
    annotations: readAnnotations,
    access: 'read',
    handler: (args) =>
      withHints(
        () =>
          source.raw.diff(args.filename, {
            maxChars: args.maxChars ?? 60_000,
            context: args.context ?? 3,
          }),
        rawNotFoundHint,
      ),
  })
}
