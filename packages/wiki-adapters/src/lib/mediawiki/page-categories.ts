import { WikiSourceError } from '../wiki-source-error.js'
import { isObject, upstream } from './api-client.js'
import { continueParams, continueToken } from './list-continue.js'
import type { ListReader } from './list-reader.js'
import { flag, queryPage, resolveTitle } from './query-title.js'

export interface PageCategory {
  /** The category's full title, e.g. `Category:Boot loaders`. */
  readonly title: string
  /** True for a hidden category (`__HIDDENCAT__`), which readers do not see under the page. */
  readonly hidden: boolean
}

export interface PageCategories {
  /** The title the wiki served (after normalisation and redirects). */
  readonly title: string
  readonly redirectedFrom: string | null
  readonly categories: readonly PageCategory[]
}

/** A page in more categories than this is answered by the first pages of its list only. */
const MAX_REQUESTS = 10

/**
 * The categories of a page's current revision, as the wiki's link tables hold them: one request
 * (`prop=categories`, up to 500 categories), following redirects like a parse does.
 */
export async function pageCategories(reader: ListReader, title: string): Promise<PageCategories> {
  const categories: PageCategory[] = []
  let token: string | undefined
  let served: { title: string; redirectedFrom: string | null } | undefined
  for (let request = 1; request <= MAX_REQUESTS; request++) {
    const page = await reader.read(
      {
        action: 'query',
        params: [
          ['prop', 'categories'],
          ['titles', title],
          ['redirects', '1'],
          ['clprop', 'hidden'],
          ['cllimit', 'max'],
          ['formatversion', '2'],
          ...continueParams(token, ['clcontinue', 'continue']),
        ],
        key: `categories_${title}${token === undefined ? '' : `_${token}`}`,
        subject: JSON.stringify(title),
      },
      (body) => {
        if (!isObject(body.query)) throw upstream(`no "query" in the categories of ${title}`)
        const resolved = resolveTitle(body.query, title)
        const found = queryPage(body.query, resolved.title)
        if (found === undefined || found.missing || found.invalid) {
          throw new WikiSourceError('page_not_found', `Page not found: ${JSON.stringify(title)}`)
        }
        const list = Array.isArray(found.raw.categories) ? found.raw.categories : []
        return {
          resolved,
          categories: list.flatMap((c: unknown): PageCategory[] =>
            isObject(c) && typeof c.title === 'string'
              ? [{ title: c.title, hidden: flag(c.hidden) }]
              : [],
          ),
          next: continueToken(body),
        }
      },
    )
    served ??= page.resolved
    categories.push(...page.categories)
    if (page.next === null) break
    token = page.next
  }
  if (served === undefined) throw upstream(`no answer for the categories of ${title}`)
  return { ...served, categories }
}
