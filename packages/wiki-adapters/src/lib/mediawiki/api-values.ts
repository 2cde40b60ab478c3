// Checks of single values in an API answer. A wiki (or anything answering in its place) can send
// any JSON: these decide what a field must be before the adapter passes it on as a fact.

/** An id: an integer from 1 to 2^53 - 1 (a fraction or a huge number is not an id). */
export function isPositiveInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0
}

/** A count or a parent id (0 for none). */
export function isNonNegativeInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0
}
