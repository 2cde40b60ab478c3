import { defineTool, type Tool } from '@wiki/mcp-core'
import * as z from 'zod'
import {
  type ToolDeps,
  checksumArgument,
  pageNotFoundHint,
  pathString,
  withHints,
} from './shared.js'

export function wikiMovePage({ source }: ToolDeps): Tool {
  return defineTool({
    name: 'wikiMovePage',
    title: 'Move or rename a wiki page',
    description:
      "Moves or renames a page and rewrites every link to it across the wiki ([[wikilinks]] with alias or #heading, ![[embeds]], relative Markdown links), plus the moved page's own relative links. All files change or none. Returns each page written with its new sha256.",
    input: z.strictObject({
      from: pathString.describe('The page: slug or path, e.g. "concetti/rete"'),
      to: pathString.describe('New path relative to wiki/, ending in .md; must not exist'),
      expectedChecksum: checksumArgument,
    }),
    output: z.object({
      success: z.literal(true),
      from: z.string(),
      to: z.string(),
      changed: z.array(z.object({ path: z.string(), sha256: z.string() })),
      linksRewritten: z.number(),
    }),
    annotations: { destructiveHint: true, idempotentHint: false, openWorldHint: false },
    access: 'write',
    handler: (args) =>
      withHints(() => source.movePage(args), {
        ...pageNotFoundHint,
        conflict: 'wikiReadPage gives the current sha256.',
      }),
  })
}
