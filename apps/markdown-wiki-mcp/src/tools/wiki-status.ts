import { defineTool, type Tool } from '@wiki/mcp-core'
import * as z from 'zod'
import { type ToolDeps, readAnnotations } from './shared.js'

/** `by` + the capitalised field key: `byTipo`/`byStato` in `it`, `byType`/`byStatus` in `en`. */
export function bucketName(key: string): string {
  return `by${key.charAt(0).toUpperCase()}${key.slice(1)}`
}

export function wikiStatus({ source, schema }: ToolDeps): Tool {
  const shape: Record<string, z.ZodType> = { totalPages: z.number() }
  let declared = 0
  for (const role of ['type', 'status'] as const) {
    const field = schema.fields.find((f) => f.role === role)
    if (field) shape[bucketName(field.key)] = z.record(z.string(), z.number())
    if (field) declared += 1
  }
  // nothing declared to count by (notes): by top-level folder and by tag
  if (declared === 0) {
    shape.byFolder = z.record(z.string(), z.number())
    shape.byTag = z.record(z.string(), z.number())
  }
  shape.lastUpdated = z.string().nullable()
  return defineTool({
    name: 'wikiStatus',
    title: 'Wiki status',
    description:
      declared > 0
        ? `Counts pages (service pages included) by type and by status (missing values under ${schema.language === 'it' ? 'senza-' : 'no-'}), and gives the latest update date.`
        : 'Counts pages by top-level folder ("(root)" for the root) and by tag (frontmatter and inline #tags; no-tags when none), and gives the latest update date.',
    input: z.strictObject({}),
    output: z.object(shape),
    annotations: readAnnotations,
    access: 'read',
    handler: async () => {
      const status = await source.status()
      return { totalPages: status.totalPages, ...status.buckets, lastUpdated: status.lastUpdated }
    },
  })
}
