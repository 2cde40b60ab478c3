import { WikiSourceError } from '../wiki-source-error.js'
import { quote } from './redact.js'

/** What `mapStatus` needs to know about the request that got the answer. */
export interface RequestContext {
  method: 'GET' | 'POST'
  path: string
  route: 'page' | 'pages' | 'changes' | 'search' | 'save'
  /** The page name, for page and save routes. */
  name?: string
  /** The revision a save sent. */
  sentRevision?: number
}

/** The `error` string of AhaWiki's `{"error": …}` envelope, if the body is one. */
export function envelopeError(json: unknown): string | undefined {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return undefined
  const error = (json as Record<string, unknown>).error
  return typeof error === 'string' ? error : undefined
}

/**
 * Maps a non-2xx, non-3xx answer to its error code, in the order the specification fixes:
 * 401, 403, 404 (search route, JSON envelope, other), 409, 400 (unchanged, other), the rest.
 */
export function mapStatus(request: RequestContext, status: number, json: unknown): WikiSourceError {
  const where = `${request.method} ${request.path}`
  const serverError = envelopeError(json)
  const said = serverError === undefined ? '' : ` (server said: "${quote(serverError)}")`
  const data = { httpStatus: status }
  const page = request.name === undefined ? 'this page' : `page ${JSON.stringify(request.name)}`

  if (status === 401) {
    return new WikiSourceError(
      'unauthorized',
      `${where}: HTTP 401: the API key is missing, invalid or revoked; check AHAWIKI_API_KEY`,
      { data },
    )
  }
  if (status === 403) {
    const action = request.method === 'POST' ? 'write' : 'read'
    return new WikiSourceError(
      'permission_denied',
      `${where}: HTTP 403: the key's owner may not ${action} ${page}; nothing was changed`,
      { data },
    )
  }
  if (status === 404) {
    if (request.route === 'search') {
      return new WikiSourceError(
        'search_unavailable',
        `${where}: HTTP 404: this wiki offers no search route (its AhaWiki predates it); use the page list or recent changes instead`,
        { data },
      )
    }
    if (serverError !== undefined) {
      return new WikiSourceError(
        'page_not_found',
        `${where}: HTTP 404: no ${page} exists; to create it, save with revision 0`,
        { data },
      )
    }
    return new WikiSourceError(
      'upstream_error',
      `${where}: HTTP 404 without a JSON body: no AhaWiki /api/v1 answers here; check AHAWIKI_BASE_URL`,
      { data },
    )
  }
  if (status === 409) {
    const latest = (json as Record<string, unknown> | null | undefined)?.latestRevision
    const latestRevision =
      typeof latest === 'number' && Number.isSafeInteger(latest) ? latest : null
    const sent =
      request.sentRevision === 0
        ? 'revision 0 was sent but the page already exists'
        : `revision ${String(request.sentRevision)} was sent`
    const now =
      latestRevision === null ? 'the latest is unknown' : `the latest is ${latestRevision}`
    return new WikiSourceError(
      'revision_conflict',
      `${where}: HTTP 409: nothing was saved: ${sent} and ${now}. Read the page again, merge your change into the latest content and save with the new revision.`,
      { data: { ...data, latestRevision } },
    )
  }
  if (status === 400) {
    if (request.route === 'save' && serverError === 'text == latestText') {
      return new WikiSourceError(
        'unchanged',
        `${where}: HTTP 400: the text is identical to the latest revision; nothing was saved`,
        { data },
      )
    }
    return new WikiSourceError(
      'invalid_request',
      `${where}: HTTP 400: ${serverError === undefined ? 'HTTP 400 without a JSON message' : quote(serverError)}`,
      { data },
    )
  }
  const suffix =
    request.method === 'POST' && status >= 500
      ? '; the save may or may not have happened: read the page before saving again'
      : ''
  return new WikiSourceError('upstream_error', `${where}: HTTP ${status}${said}${suffix}`, { data })
}
