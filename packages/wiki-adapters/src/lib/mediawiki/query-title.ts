import { isObject } from './api-client.js'

/** One entry of `query.pages` in formatversion 2. */
export interface QueryPage {
  readonly title: string
  readonly ns: number
  readonly pageid: number | null
  readonly missing: boolean
  readonly invalid: boolean
  readonly raw: Readonly<Record<string, unknown>>
}

/**
 * The title MediaWiki made of `sent`: normalised (`query.normalized`), then redirected when the
 * request asked for it (`query.redirects`), with the title it was redirected from.
 */
export function resolveTitle(
  query: Readonly<Record<string, unknown>>,
  sent: string,
): { readonly title: string; readonly redirectedFrom: string | null } {
  const normalized = fromTo(query.normalized).get(sent) ?? sent
  const target = fromTo(query.redirects).get(normalized)
  return target === undefined
    ? { title: normalized, redirectedFrom: null }
    : { title: target, redirectedFrom: normalized }
}

/** The page of `query.pages` titled `title`, or undefined. */
export function queryPage(
  query: Readonly<Record<string, unknown>>,
  title: string,
): QueryPage | undefined {
  const pages: unknown[] = Array.isArray(query.pages)
    ? query.pages
    : isObject(query.pages)
      ? Object.values(query.pages)
      : []
  for (const page of pages) {
    if (!isObject(page) || page.title !== title) continue
    return {
      title,
      ns: typeof page.ns === 'number' ? page.ns : 0,
      pageid: typeof page.pageid === 'number' ? page.pageid : null,
      // formatversion 2 sends `true`; the legacy format an empty string.
      missing: page.missing !== undefined && page.missing !== false,
      invalid: page.invalid !== undefined && page.invalid !== false,
      raw: page,
    }
  }
  return undefined
}

function fromTo(list: unknown): Map<string, string> {
  const map = new Map<string, string>()
  if (!Array.isArray(list)) return map
  for (const item of list) {
    if (isObject(item) && typeof item.from === 'string' && typeof item.to === 'string') {
      map.set(item.from, item.to)
    }
  }
  return map
}

/** A flag of formatversion 2 (`true`) or of the legacy format (an empty string). */
export function flag(value: unknown): boolean {
  return value !== undefined && value !== false && value !== null
}
