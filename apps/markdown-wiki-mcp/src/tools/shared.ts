import { ToolError } from '@wiki/mcp-core'
import type {
  FrontmatterSchema,
  MarkdownFolderSource,
  WikiSourceErrorCode,
} from '@wiki/wiki-adapters/markdown-folder'
import { WikiSourceError } from '@wiki/wiki-adapters/markdown-folder'
import * as z from 'zod'

/** What every tool factory receives. */
export interface ToolDeps {
  readonly source: MarkdownFolderSource
  readonly schema: FrontmatterSchema
}

/** What to do next, per error code, in this server's tools: the adapter knows no tools. */
export type ErrorHints = Partial<Record<WikiSourceErrorCode, string>>

export const pageNotFoundHint: ErrorHints = {
  not_found: 'Search with wikiSearch or list with wikiListPages.',
}

export const rawNotFoundHint: ErrorHints = { not_found: 'List files with wikiListRaw.' }

/**
 * Runs adapter work, turning its coded errors into tool errors, with the hint for the code appended
 * to the message; anything else stays internal.
 */
export async function mapErrors<T>(work: () => Promise<T>, hints: ErrorHints = {}): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof WikiSourceError && error.code !== 'internal_error') {
      const hint = hints[error.code]
      const message = hint === undefined ? error.message : `${error.message} ${hint}`
      throw new ToolError(error.code, message, error.data)
    }
    throw error
  }
}

export const readAnnotations = { openWorldHint: false } as const

export const pathString = z.string().max(1024)

export const frontmatterError = z.object({
  message: z.string(),
  line: z.number(),
  column: z.number(),
})

export const pageItem = z.object({
  path: z.string(),
  slug: z.string(),
  title: z.string(),
  frontmatter: z.record(z.string(), z.unknown()),
  updatedAt: z.string(),
  frontmatterError: frontmatterError.optional(),
})

/** The role's field, when the schema declares one. */
export function roleKey(
  schema: FrontmatterSchema,
  role: 'type' | 'status',
): { key: string; values: [string, ...string[]] } | undefined {
  const field = schema.fields.find((f) => f.role === role)
  const values = field?.values
  if (!field || !values || values.length === 0) return undefined
  return { key: field.key, values: values as [string, ...string[]] }
}
