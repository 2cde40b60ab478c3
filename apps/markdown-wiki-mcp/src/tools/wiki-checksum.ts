import { defineTool, type Tool } from '@wiki/mcp-core'
import * as z from 'zod'
import { type ToolDeps, pathString, readAnnotations } from './shared.js'

export function wikiChecksum({ source }: ToolDeps): Tool {
  return defineTool({
    name: 'wikiChecksum',
    title: 'Checksum of a file',
    description:
      'sha256 and 12-hex checksum of a file, looked up in wiki/ first, then raw/ (a "raw/" or "wiki/" prefix picks the root).',
    input: z.strictObject({ path: pathString.describe('e.g. "raw/articles/x.md" or "index.md"') }),
    output: z.object({
      path: z.string(),
      root: z.enum(['wiki', 'raw']),
      checksum: z.string(),
      sha256: z.string(),
      size: z.number(),
    }),
    annotations: readAnnotations,
    access: 'read',
    handler: (args) => source.checksum(args.path),
  })
}
