import type * as z from 'zod'
import type { Icon } from './icons.js'
import type { ToolContext } from './session.js'

/** Client hints about a tool (2025-03-26 and later). `readOnlyHint` follows `access`. */
export interface ToolAnnotations {
  title?: string
  readOnlyHint?: boolean
  destructiveHint?: boolean
  idempotentHint?: boolean
  openWorldHint?: boolean
}

/** The declaration `defineTool` takes. */
export interface ToolConfig<
  Input extends z.ZodType = z.ZodType,
  Output extends z.ZodType = z.ZodType,
> {
  name: string
  title?: string
  description: string
  /** A `z.strictObject`; its JSON Schema is published as `inputSchema`. */
  input: Input
  /** A `z.strictObject`; every result is parsed with it and published as `structuredContent`. */
  output: Output
  annotations?: ToolAnnotations
  /** Shown beside the tool by clients on 2025-11-25 and later; `createServer` checks them. */
  icons?: readonly Icon[]
  /**
   * Published as the tool's `_meta` in `tools/list` (2025-06-18 and later), e.g.
   * `{'anthropic/maxResultSizeChars': 500000}` for a tool whose results are large by design.
   */
  _meta?: Readonly<Record<string, unknown>>
  /** `'write'` tools cannot be part of a `readOnly` server. */
  access: 'read' | 'write'
  handler(args: z.output<Input>, ctx: ToolContext): z.input<Output> | Promise<z.input<Output>>
}

/** An inert, frozen tool declaration, ready for `createServer`. */
export type Tool<
  Input extends z.ZodType = z.ZodType,
  Output extends z.ZodType = z.ZodType,
> = Readonly<ToolConfig<Input, Output>>

/**
 * Declares a tool. Nothing is checked here; `createServer` validates every tool at once so a
 * start-up error lists all problems together.
 */
export function defineTool<Input extends z.ZodType, Output extends z.ZodType>(
  config: ToolConfig<Input, Output>,
): Tool<Input, Output> {
  const tool = { ...config }
  if (config.annotations) tool.annotations = Object.freeze({ ...config.annotations })
  if (config._meta) tool._meta = Object.freeze({ ...config._meta })
  // Copied only when it is an array; createServer reports anything else.
  const icons: unknown = config.icons
  if (Array.isArray(icons)) tool.icons = Object.freeze([...(icons as Icon[])])
  return Object.freeze(tool)
}
