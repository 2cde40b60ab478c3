import { defineTool, ToolError, type Tool } from '@wiki/mcp-core'
import * as z from 'zod'
import type { ToolDeps } from './shared.js'

/** The kinds of an LLM wiki's log; a schema that declares no field (notes) takes any. */
const KINDS = ['ingest', 'query', 'lint', 'refactor'] as const

export function wikiAppendLog({ source, schema }: ToolDeps): Tool {
  const kind =
    schema.fields.length > 0
      ? z.enum(KINDS).optional()
      : z
          .string()
          .min(1)
          .max(40)
          .regex(/^[^\r\n|]+$/)
          .optional()
          .describe('Free text, one line without "|", e.g. ingest, meeting, idea')
  return defineTool({
    name: 'wikiAppendLog',
    title: 'Append to log.md',
    description:
      'Appends one entry to log.md. Either entry (free text, appended as given) or kind + title (+ body), from which the header "## [YYYY-MM-DD] kind | title" is built.',
    input: z.strictObject({
      entry: z.string().optional().describe('Free text, at most 32000 characters'),
      kind,
      title: z.string().max(200).optional().describe('One line'),
      body: z.string().optional().describe('Lines under the header'),
    }),
    output: z.object({
      success: z.literal(true),
      path: z.literal('log.md'),
      header: z.string().optional(),
      created: z.boolean(),
      sha256: z.string(),
      warning: z.string().optional(),
    }),
    annotations: { destructiveHint: false, idempotentHint: false, openWorldHint: false },
    access: 'write',
    handler: (args) => {
      const free = args.entry !== undefined
      const built = args.kind !== undefined || args.title !== undefined || args.body !== undefined
      if (free === built || (built && (args.kind === undefined || args.title === undefined))) {
        throw new ToolError(
          'invalid_arguments',
          'Give either entry, or kind and title (body optional), not both.',
          { fields: free ? ['entry', 'kind', 'title', 'body'] : ['kind', 'title'] },
        )
      }
      return args.entry !== undefined
        ? source.appendLog({ entry: args.entry })
        : source.appendLog({
            kind: args.kind ?? 'ingest',
            title: args.title ?? '',
            body: args.body,
          })
    },
  })
}
