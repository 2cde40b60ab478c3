import { WikiSourceError } from '../wiki-source-error.js'

/** An `invalid_arguments` error naming the one field at fault. */
export function invalidArguments(field: string, message: string): WikiSourceError {
  return new WikiSourceError('invalid_arguments', message, { data: { fields: [field] } })
}
