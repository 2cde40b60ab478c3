import { isObject, upstream } from './api-client.js'
import { continueParams, continueToken } from './list-continue.js'
import type { ListReader } from './list-reader.js'
import { queryPage, resolveTitle } from './query-title.js'

export type CategoryMemberType = 'page' | 'subcat' | 'file'

export interface CategoryMembersOptions {
  /** The category's full title, namespace included (`Category:Boot loaders`). */
  readonly category: string
  /** Members per page of the list, 1–500. */
  readonly limit: number
  /** Only these kinds of member (default all). */
  readonly types?: readonly CategoryMemberType[] | undefined
  /** Only members in these namespaces (default all). */
  readonly namespaces?: readonly number[] | undefined
  /** The `continue` of the previous page. */
  readonly continue?: string | undefined
}

export interface CategoryMember {
  readonly title: string
  readonly pageid: number
  readonly ns: number
  readonly type: CategoryMemberType
}

export interface CategoryMembers {
  /** The category title as the wiki normalised it. */
  readonly title: string
  /** False when the category has no page of its own (it may still have members). */
  readonly exists: boolean
  /** The wiki's counts of the whole category, or null when it keeps none (no member ever). */
  readonly counts: {
    readonly pages: number
    readonly subcats: number
    readonly files: number
  } | null
  readonly members: readonly CategoryMember[]
  readonly continue: string | null
}

const TYPES: readonly CategoryMemberType[] = ['page', 'subcat', 'file']

/**
 * One page of a category's members, in the wiki's sort-key order, with the category's counts
 * from the same request (`list=categorymembers` and `prop=categoryinfo` batched).
 */
export function categoryMembers(
  reader: ListReader,
  options: Readonly<CategoryMembersOptions>,
): Promise<CategoryMembers> {
  const { category, limit } = options
  const params: [string, string][] = [
    ['list', 'categorymembers'],
    ['cmtitle', category],
    ['cmprop', 'ids|title|type'],
    ['cmlimit', String(limit)],
  ]
  if (options.types !== undefined && options.types.length > 0) {
    params.push(['cmtype', options.types.join('|')])
  }
  if (options.namespaces !== undefined && options.namespaces.length > 0) {
    params.push(['cmnamespace', options.namespaces.join('|')])
  }
  params.push(
    ['prop', 'categoryinfo'],
    ['titles', category],
    ['formatversion', '2'],
    ...continueParams(options.continue, ['cmcontinue', 'continue']),
  )
  return reader.read(
    {
      action: 'query',
      params,
      key: `categorymembers_${params
        .filter(([name]) => !['list', 'cmprop', 'prop', 'titles', 'formatversion'].includes(name))
        .map(([, value]) => value)
        .join('_')}`,
      subject: JSON.stringify(category),
    },
    (body): CategoryMembers => {
      if (!isObject(body.query)) throw upstream(`no "query" in the members of ${category}`)
      const { title } = resolveTitle(body.query, category)
      const page = queryPage(body.query, title)
      const info =
        page !== undefined && isObject(page.raw.categoryinfo) ? page.raw.categoryinfo : null
      const count = (value: unknown): number => (typeof value === 'number' ? value : 0)
      const list = body.query.categorymembers
      if (!Array.isArray(list)) throw upstream(`no "query.categorymembers" for ${category}`)
      return {
        title,
        exists: page !== undefined && !page.missing && !page.invalid,
        counts:
          info === null
            ? null
            : { pages: count(info.pages), subcats: count(info.subcats), files: count(info.files) },
        members: list.flatMap((m: unknown): CategoryMember[] =>
          isObject(m) && typeof m.title === 'string' && typeof m.pageid === 'number'
            ? [
                {
                  title: m.title,
                  pageid: m.pageid,
                  ns: typeof m.ns === 'number' ? m.ns : 0,
                  type: TYPES.find((t) => t === m.type) ?? 'page',
                },
              ]
            : [],
        ),
        continue: continueToken(body),
      }
    },
  )
}
