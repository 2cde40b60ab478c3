/**
 * Keeps rows whose name literally starts with `prefix`. AhaWiki matches prefixes with SQL LIKE,
 * where `%` and `_` are wildcards, so its answer may hold names that only look alike.
 */
export function keepLiteralPrefix<T extends { name: string }>(
  rows: readonly T[],
  prefix: string,
): T[] {
  return prefix === '' ? [...rows] : rows.filter((row) => row.name.startsWith(prefix))
}

export const NO_PAGINATION_NOTE =
  'AhaWiki has no pagination: more rows exist than were returned. Narrow the request'
