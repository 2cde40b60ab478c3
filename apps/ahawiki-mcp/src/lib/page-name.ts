import * as z from 'zod'

// A control character anywhere, or whitespace at either end.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/u

/** A page name: non-empty, no surrounding whitespace or control characters, not `.` or `..`. */
export const pageName = z
  .string()
  .min(1)
  .refine((name) => name === name.trim(), 'must not start or end with whitespace')
  .refine((name) => !CONTROL.test(name), 'must not contain control characters')
  .refine((name) => name !== '.' && name !== '..', 'must not be "." or ".."')
  .describe('Exact page name, e.g. "Dev/Api" or "위키 사용법". Case-sensitive.')
