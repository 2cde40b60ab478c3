import { defineTool, type Tool } from '@wiki/mcp-core'
import * as z from 'zod'
import { type ToolDeps, checksumArgument, pathString, withHints } from './shared.js'

export function wikiEditPage({ source }: ToolDeps): Tool {
  return defineTool({
    name: 'wikiEditPage',
    title: 'Edit part of a wiki page',
    description:
      'Edits an existing page under wiki/ in place, atomically and under a lock. Either oldText → newText, where oldText must occur exactly once (or exactly `occurrences` times; a miss says how many matches there were), or a section by heading text or slug: mode "replace" its body, "append" at its end, "prepend" under its heading, with `text`. The frontmatter is validated after the edit. Pass expectedChecksum: the sha256 from wikiReadPage, or for a section edit section.sha256 from wikiReadPage with section.',
    input: z.strictObject({
      path: pathString.describe('Relative to wiki/, e.g. "concetti/rete.md"'),
      oldText: z.string().min(1).optional().describe('Exact text to replace, frontmatter included'),
      newText: z.string().optional().describe('Replacement text; "" deletes oldText'),
      occurrences: z
        .number()
        .int()
        .min(1)
        .max(10_000)
        .optional()
        .describe('How many times oldText must occur (default 1); all are replaced'),
      section: z.string().min(1).max(500).optional().describe('Heading text or slug'),
      mode: z.enum(['replace', 'append', 'prepend']).optional(),
      text: z.string().optional().describe('Text for the section edit'),
      expectedChecksum: checksumArgument,
    }),
    output: z.object({
      success: z.literal(true),
      path: z.string(),
      sha256: z.string(),
      bytes: z.number(),
      replacements: z.number(),
    }),
    annotations: { destructiveHint: true, idempotentHint: false, openWorldHint: false },
    access: 'write',
    handler: (args) =>
      withHints(() => source.editPage(args), {
        conflict: 'wikiReadPage gives the current text and sha256.',
        match_count_mismatch: 'wikiReadPage gives the current text.',
        not_found: 'Create a page with wikiWritePage.',
      }),
  })
}
