// The one tool both benchmark servers serve, with the same zod schemas on both sides.
import { z } from 'zod'

export const echoInput = z.strictObject({ text: z.string() })
export const echoOutput = z.strictObject({ text: z.string() })
export const echoDescription = 'Returns its text argument unchanged.'
