// A page's revision list (`prop=revisions` without content): one request per page of history,
// newest first. Every field is checked before it is passed on: a history is read as a record of
// who changed what, so a malformed entry fails the answer instead of being dropped or guessed.
import { WikiSourceError } from '../wiki-source-error.js'
import { isObject, upstream, type ApiClient } from './api-client.js'
import { isNonNegativeInteger, isPositiveInteger } from './api-values.js'

/** One revision of a page's history, as the wiki shows it to an anonymous reader. */
export interface MediaWikiHistoryRevision {
  readonly revid: number
  /** The previous revision of the page, 0 for its first. */
  readonly parentid: number
  /** ISO 8601, UTC, as the wiki sent it. */
  readonly timestamp: string
  /** The user name or IP; `null` when revision deletion hid it. */
  readonly user: string | null
  readonly userHidden: boolean
  /** The edit summary; `null` when revision deletion hid it. */
  readonly comment: string | null
  readonly commentHidden: boolean
  /** True when revision deletion hid the text: reading this revid then fails. */
  readonly textHidden: boolean
  /** Size of the revision's text in bytes. */
  readonly size: number
  readonly minor: boolean
  readonly tags: readonly string[]
}

export interface MediaWikiHistory {
  /** The title the wiki served, after normalisation and redirects. */
  readonly title: string
  readonly pageid: number
  /** The title MediaWiki redirected from, or `null`. */
  readonly redirectedFrom: string | null
  readonly revisions: readonly MediaWikiHistoryRevision[]
  /** The token for the next (older) page of history, or `null` at the first revision. */
  readonly continue: string | null
}

export interface HistoryOptions {
  /** Revisions per page, 1–500 (the API's limit for anonymous readers). */
  readonly limit: number
  /** The `continue` of a previous answer. */
  readonly continue?: string | null | undefined
}

// MediaWiki writes rvcontinue as `<timestamp>|<revid>`; a wider alphabet still keeps the token
// from smuggling other parameters into the request.
const CONTINUE_TOKEN = /^[0-9A-Za-z_|:.-]{1,128}$/

export async function fetchPageHistory(
  client: ApiClient,
  title: string,
  options: Readonly<HistoryOptions>,
): Promise<MediaWikiHistory> {
  const { limit } = options
  const token = options.continue ?? null
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > 500) {
    throw new WikiSourceError(
      'invalid_arguments',
      `limit must be an integer from 1 to 500, got ${String(limit)}.`,
    )
  }
  if (token !== null && !CONTINUE_TOKEN.test(token)) {
    throw new WikiSourceError(
      'invalid_arguments',
      `continue must be the token a previous history answer returned, got ${JSON.stringify(token.slice(0, 140))}.`,
    )
  }
  const body = await client.call({
    action: 'query',
    params: [
      ['titles', title],
      ['prop', 'revisions'],
      // sha1 only for its `sha1hidden` flag: without content or sha1 the API never says that
      // revision deletion hid a revision's text.
      ['rvprop', 'ids|timestamp|user|comment|size|flags|tags|sha1'],
      ['rvlimit', String(limit)],
      ...(token === null ? [] : [['rvcontinue', token] as const]),
      ['redirects', '1'],
      ['formatversion', '2'],
    ],
    key: `history_${title}_${limit}${token === null ? '' : `_${token}`}`,
    subject: JSON.stringify(title),
  })
  const query = body.query
  if (!isObject(query) || !Array.isArray(query.pages) || !isObject(query.pages[0])) {
    throw upstream(`no "query.pages" in the history answer for ${JSON.stringify(title)}`)
  }
  const page = query.pages[0]
  if (page.missing === true || page.invalid === true) {
    throw new WikiSourceError('page_not_found', `Page not found: ${JSON.stringify(title)}`)
  }
  if (typeof page.title !== 'string' || !isPositiveInteger(page.pageid)) {
    throw upstream(`the history answer for ${JSON.stringify(title)} lacks "title" or "pageid"`)
  }
  const revisions = page.revisions
  if (!Array.isArray(revisions)) {
    throw upstream(`no "revisions" in the history answer for ${JSON.stringify(title)}`)
  }
  const redirects = Array.isArray(query.redirects) ? (query.redirects as unknown[]) : []
  const first = redirects[0]
  const next = isObject(body.continue) ? body.continue.rvcontinue : undefined
  if (next !== undefined && (typeof next !== 'string' || !CONTINUE_TOKEN.test(next))) {
    throw upstream(`the history answer for ${JSON.stringify(title)} has a malformed "continue"`)
  }
  return {
    title: page.title,
    pageid: page.pageid,
    redirectedFrom: isObject(first) && typeof first.from === 'string' ? first.from : null,
    revisions: revisions.map((entry, index) => readHistoryRevision(entry, title, index)),
    continue: next ?? null,
  }
}

function readHistoryRevision(
  entry: unknown,
  title: string,
  index: number,
): MediaWikiHistoryRevision {
  const bad = (field: string) =>
    upstream(
      `history entry ${index} of ${JSON.stringify(title)} has no valid "${field}" (expected ${field === 'revid' ? 'a positive integer' : field === 'tags' ? 'a list of strings' : field === 'parentid' || field === 'size' ? 'a non-negative integer' : 'a string'})`,
    )
  if (!isObject(entry))
    throw upstream(`history entry ${index} of ${JSON.stringify(title)} is not an object`)
  if (!isPositiveInteger(entry.revid)) throw bad('revid')
  if (!isNonNegativeInteger(entry.parentid)) throw bad('parentid')
  if (typeof entry.timestamp !== 'string') throw bad('timestamp')
  if (!isNonNegativeInteger(entry.size)) throw bad('size')
  const userHidden = entry.userhidden === true
  const commentHidden = entry.commenthidden === true
  // A hidden field is absent; a shown one must be there.
  if (!userHidden && typeof entry.user !== 'string') throw bad('user')
  if (!commentHidden && typeof entry.comment !== 'string') throw bad('comment')
  const tags = entry.tags ?? []
  if (!Array.isArray(tags) || !tags.every((tag) => typeof tag === 'string')) throw bad('tags')
  return {
    revid: entry.revid,
    parentid: entry.parentid,
    timestamp: entry.timestamp,
    user: userHidden ? null : (entry.user as string),
    userHidden,
    comment: commentHidden ? null : (entry.comment as string),
    commentHidden,
    textHidden: entry.sha1hidden === true || entry.texthidden === true,
    size: entry.size,
    minor: entry.minor === true,
    tags,
  }
}
