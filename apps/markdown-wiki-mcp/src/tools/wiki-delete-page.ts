import { defineTool, type Tool } from '@wiki/mcp-core'
import * as z from 'zod'
import {
  type ToolDeps,
  checksumArgument,
  pageNotFoundHint,
  pathString,
  withHints,
} from './shared.js'

export function wikiDeletePage({ source }: ToolDeps): Tool {
  return defineTool({
    name: 'wikiDeletePage',
    title: 'Delete a wiki page',
    description:
      'Deletes a page under wiki/. Refused (has_backlinks, with the list) while other pages link to it, unless force is true; returns the backlinks the deletion leaves broken.',
    input: z.strictObject({
      path: pathString.describe('Relative to wiki/, e.g. "concetti/rete.md"'),
      force: z.boolean().optional().describe('Delete even though other pages link to it'),
      expectedChecksum: checksumArgument,
    }),
    output: z.object({
      success: z.literal(true),
      path: z.string(),
      brokenBacklinks: z.array(z.string()),
    }),
    annotations: { destructiveHint: true, idempotentHint: false, openWorldHint: false },
    access: 'write',
    handler: (args) =>
      withHints(() => source.deletePage(args), {
        ...pageNotFoundHint,
        has_backlinks: 'Fix the links with wikiEditPage, or move the page with wikiMovePage.',
        conflict: 'wikiReadPage gives the current sha256.',
      }),
  })
}
