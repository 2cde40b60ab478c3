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
 * Runs adapter work and appends this tool's hint for the error's code to the adapter's message;
 * the code and data stay as they are, and `toToolError` maps the error as for any other tool.
 */
export async function withHints<T>(work: () => Promise<T>, hints: ErrorHints): Promise<T> {
  try {
    return await work()
  } catch (error) {
    const hint = error instanceof WikiSourceError ? hints[error.code] : undefined
    if (hint === undefined || !(error instanceof WikiSourceError)) throw error
    throw new WikiSourceError(error.code, `${error.message} ${hint}`, {
      ...(error.data === undefined ? {} : { data: error.data }),
      cause: error,
    })
  }
}

/**
 * The server's one error mapping (`createServer`'s `onError`): the adapter's coded errors become
 * tool errors with the same code and data; anything else is unexpected and stays internal.
 */
export function toToolError(error: unknown): ToolError | undefined {
  if (error instanceof WikiSourceError && error.code !== 'internal_error') {
    return new ToolError(error.code, error.message, error.data)
  }
  return undefined
}

export const readAnnotations = { openWorldHint: false } as const

export const pathString = z.string().max(1024)

/** `expectedChecksum` of every write: "" = create only, else the sha256 (or its first 12 hex). */
export const checksumArgument = z
  .string()
  .regex(/^(?:|[0-9a-f]{12}|[0-9a-f]{64})$/)
  .optional()
  .describe('"" = create only; 12 or 64 lowercase hex = the current sha256 (prefix)')

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
  tags: z.array(z.string()),
  aliases: z.array(z.string()),
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
