// Calls a tool the way mcp-core does, minus the transport: arguments through the input schema,
// the result through the output schema (which fixes key order).
import type { ZodType } from 'zod'

interface AnyTool {
  name: string
  input: ZodType
  output: ZodType
  handler: (args: never, ctx: never) => unknown
}

export async function callTool(tool: AnyTool, args: unknown): Promise<Record<string, unknown>> {
  const parsed = tool.input.parse(args)
  const handler = tool.handler as (args: unknown, ctx: unknown) => unknown
  const value = await handler(parsed, {})
  return tool.output.parse(value) as Record<string, unknown>
}

/** The `code` of the error a tool call fails with. */
export async function failureCode(tool: AnyTool, args: unknown): Promise<string> {
  try {
    await callTool(tool, args)
  } catch (error) {
    return String((error as { code?: unknown }).code)
  }
  throw new Error(`${tool.name} did not fail`)
}
