import type * as z from 'zod'
import type { PromptMessage } from './content.js'
import type { PromptContext } from './session.js'

/** The declaration `definePrompt` takes. */
export interface PromptConfig<Args extends z.ZodType = z.ZodType> {
  name: string
  title?: string
  description: string
  /** A `z.strictObject` whose fields are all `z.string()`, optionally `.optional()`. */
  args?: Args
  handler(args: z.output<Args>, ctx: PromptContext): PromptMessage[] | Promise<PromptMessage[]>
}

/** An inert, frozen prompt declaration, ready for `createServer`. */
export type Prompt<Args extends z.ZodType = z.ZodType> = Readonly<PromptConfig<Args>>

/** Declares a prompt; `createServer` validates it. */
export function definePrompt<Args extends z.ZodType = z.ZodObject<Record<never, never>>>(
  config: PromptConfig<Args>,
): Prompt<Args> {
  return Object.freeze({ ...config })
}
