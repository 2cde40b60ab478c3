import { defineTool, type Tool } from '@wiki/mcp-core'
import * as z from 'zod'
import { type ToolDeps, withHints, pathString, rawNotFoundHint, readAnnotations } from './shared.js'

export function wikiReadRaw({ source }: ToolDeps): Tool {
  return defineTool({
    name: 'wikiReadRaw',
    title: 'Read a raw source',
    description:
      'Reads a source under raw/ as text: UTF-8 files as they are, PDFs through pdftotext; binaries are refused. Page through long files with offset/nextOffset.',
    input: z.strictObject({
      filename: pathString.describe('Relative to raw/ (a leading "raw/" is accepted)'),
      offset: z.number().int().min(0).max(100_000_000).optional(),
      limit: z
        .number()
        .int()
        .min(1000)
        .max(200_000)
        .optional()
        .describe('Characters per call, default 100000'),
    }),
    output: z.object({
      filename: z.string(),
      kind: z.enum(['text', 'pdf']),
      content: z.string(),
      offset: z.number(),
      totalChars: z.number(),
      truncated: z.boolean(),
      nextOffset: z.number().optional(),
      checksum: z.string(),
    }),
    annotations: readAnnotations,
    access: 'read',
    handler: (args) =>
      withHints(
        () =>
          source.raw.read(args.filename, {
            offset: args.offset ?? 0,
            limit: args.limit ?? 100_000,
          }),
        rawNotFoundHint,
      ),
  })
}
