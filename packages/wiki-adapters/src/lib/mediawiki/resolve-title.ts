// Which page a title names now: the wiki's normalisation, namespace aliases and one redirect
// applied. Used to check that a revision asked for by id belongs to the page asked for by title,
// when the two titles differ in spelling.
import { WikiSourceError } from '../wiki-source-error.js'
import { isObject, upstream, type ApiClient } from './api-client.js'
import { isPositiveInteger } from './api-values.js'

export interface ResolvedTitle {
  /** The page's title as the wiki writes it. */
  readonly title: string
  readonly pageid: number
  /** The title MediaWiki redirected from, or `null`. */
  readonly redirectedFrom: string | null
}

export async function resolveTitle(client: ApiClient, title: string): Promise<ResolvedTitle> {
  const body = await client.call({
    action: 'query',
    params: [
      ['titles', title],
      ['redirects', '1'],
      ['formatversion', '2'],
    ],
    key: `resolve_${title}`,
    subject: JSON.stringify(title),
  })
  const query = body.query
  if (!isObject(query) || !Array.isArray(query.pages) || !isObject(query.pages[0])) {
    throw upstream(`no "query.pages" in the answer resolving ${JSON.stringify(title)}`)
  }
  const page = query.pages[0]
  if (page.missing === true || page.invalid === true) {
    throw new WikiSourceError('page_not_found', `Page not found: ${JSON.stringify(title)}`)
  }
  if (typeof page.title !== 'string' || !isPositiveInteger(page.pageid)) {
    throw upstream(`the answer resolving ${JSON.stringify(title)} lacks "title" or "pageid"`)
  }
  const redirects = Array.isArray(query.redirects) ? (query.redirects as unknown[]) : []
  const first = redirects[0]
  return {
    title: page.title,
    pageid: page.pageid,
    redirectedFrom: isObject(first) && typeof first.from === 'string' ? first.from : null,
  }
}
