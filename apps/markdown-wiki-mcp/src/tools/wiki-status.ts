import { defineTool, type Tool } from '@wiki/mcp-core'
import * as z from 'zod'
import { type ToolDeps, readAnnotations } from './shared.js'

/** `by` + the capitalised field key: `byTipo`/`byStato` in `it`, `byType`/`byStatus` in `en`. */
export function bucketName(key: string): string {
  return `by${key.charAt(0).toUpperCase()}${key.slice(1)}`
}

export function wikiStatus({ source, schema }: ToolDeps): Tool {
  const shape: Record<string, z.ZodType> = { totalPages: z.number() }
  for (const role of ['type', 'status'] as const) {
    const field = schema.fields.find((f) => f.role === role)
    if (field) shape[bucketName(field.key)] = z.record(z.string(), z.number())
  }
  shape.lastUpdated = z.string().nullable()
  return defineTool({
    name: 'wikiStatus',
    title: 'Wiki status',
    description:
      'Counts pages (service pages included) by type and by status (missing values under senza-/no-), and gives the latest update date.',
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
