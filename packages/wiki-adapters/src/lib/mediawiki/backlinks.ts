import { isObject, upstream } from './api-client.js'
import { continueParams, continueToken } from './list-continue.js'
import type { ListReader } from './list-reader.js'
import { flag, queryPage, resolveTitle } from './query-title.js'

/** How a page refers to the target: a `[[link]]`, a `#REDIRECT`, or a `{{transclusion}}`. */
export type BacklinkKind = 'link' | 'redirect' | 'transclusion'

export interface BacklinksOptions {
  readonly title: string
  /** Entries per list module per page, 1–500. */
  readonly limit: number
  /** Only these kinds (default all three). */
  readonly kinds?: readonly BacklinkKind[] | undefined
  readonly namespaces?: readonly number[] | undefined
  readonly continue?: string | undefined
}

export interface Backlink {
  readonly title: string
  readonly pageid: number
  readonly ns: number
  readonly kind: BacklinkKind
}

export interface Backlinks {
  /** The target title as the wiki normalised it (redirects are not followed). */
  readonly title: string
  /** False for a page that does not exist (wanted pages have backlinks too). */
  readonly exists: boolean
  readonly backlinks: readonly Backlink[]
  readonly continue: string | null
}

/**
 * One page of what links to, redirects to or transcludes `title`: `list=backlinks` (links and
 * redirects, told apart by the `redirect` flag) and `list=embeddedin` batched in one request,
 * each module continuing on its own.
 */
export function backlinks(
  reader: ListReader,
  options: Readonly<BacklinksOptions>,
): Promise<Backlinks> {
  const { title, limit } = options
  const kinds = new Set(
    options.kinds === undefined || options.kinds.length === 0
      ? (['link', 'redirect', 'transclusion'] as const)
      : options.kinds,
  )
  const links = kinds.has('link') || kinds.has('redirect')
  const namespaces =
    options.namespaces !== undefined && options.namespaces.length > 0
      ? options.namespaces.join('|')
      : undefined
  const modules: string[] = []
  const params: [string, string][] = []
  if (links) {
    modules.push('backlinks')
    params.push(['bltitle', title], ['bllimit', String(limit)])
    if (!kinds.has('link')) params.push(['blfilterredir', 'redirects'])
    else if (!kinds.has('redirect')) params.push(['blfilterredir', 'nonredirects'])
    if (namespaces !== undefined) params.push(['blnamespace', namespaces])
  }
  if (kinds.has('transclusion')) {
    modules.push('embeddedin')
    params.push(['eititle', title], ['eilimit', String(limit)])
    if (namespaces !== undefined) params.push(['einamespace', namespaces])
  }
  const all: [string, string][] = [
    ['list', modules.join('|')],
    ...params,
    ['titles', title],
    ['formatversion', '2'],
    ...continueParams(options.continue, ['blcontinue', 'eicontinue', 'continue']),
  ]
  return reader.read(
    {
      action: 'query',
      params: all,
      key: `backlinks_${all
        .filter(([name]) => !['titles', 'formatversion', 'eititle'].includes(name))
        .map(([, value]) => value)
        .join('_')}`,
      subject: JSON.stringify(title),
    },
    (body): Backlinks => {
      if (!isObject(body.query)) throw upstream(`no "query" in the backlinks of ${title}`)
      const served = resolveTitle(body.query, title).title
      const page = queryPage(body.query, served)
      const items = (list: unknown, kindOf: (item: Record<string, unknown>) => BacklinkKind) =>
        (Array.isArray(list) ? list : []).flatMap((item: unknown): Backlink[] =>
          isObject(item) && typeof item.title === 'string' && typeof item.pageid === 'number'
            ? [
                {
                  title: item.title,
                  pageid: item.pageid,
                  ns: typeof item.ns === 'number' ? item.ns : 0,
                  kind: kindOf(item),
                },
              ]
            : [],
        )
      return {
        title: served,
        exists: page !== undefined && !page.missing && !page.invalid,
        backlinks: [
          ...items(body.query.backlinks, (item) => (flag(item.redirect) ? 'redirect' : 'link')),
          ...items(body.query.embeddedin, () => 'transclusion'),
        ],
        continue: continueToken(body),
      }
    },
  )
}
