import { isObject, upstream } from './api-client.js'
import type { ListReader } from './list-reader.js'

export interface PrefixSearchHit {
  readonly title: string
  readonly pageid: number
  readonly ns: number
}

/**
 * Titles starting with `prefix`, as the wiki's own completion search finds them
 * (`list=prefixsearch`: a namespace prefix such as `Talk:` selects the namespace). One request.
 */
export function prefixSearch(
  reader: ListReader,
  prefix: string,
  limit: number,
): Promise<readonly PrefixSearchHit[]> {
  return reader.read(
    {
      action: 'query',
      params: [
        ['list', 'prefixsearch'],
        ['pssearch', prefix],
        ['pslimit', String(limit)],
        ['formatversion', '2'],
      ],
      key: `prefixsearch_${prefix}_${limit}`,
      subject: JSON.stringify(prefix),
    },
    (body) => {
      const list = isObject(body.query) ? body.query.prefixsearch : undefined
      if (!Array.isArray(list)) {
        throw upstream(`no "query.prefixsearch" in the answer for ${JSON.stringify(prefix)}`)
      }
      return list.flatMap((hit: unknown): PrefixSearchHit[] =>
        isObject(hit) && typeof hit.title === 'string' && typeof hit.pageid === 'number'
          ? [{ title: hit.title, pageid: hit.pageid, ns: typeof hit.ns === 'number' ? hit.ns : 0 }]
          : [],
      )
    },
  )
}
