import { WikiSourceError } from '../wiki-source-error.js'
import { clip, SafeText, type Redactor } from './redact.js'

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
 * Every message is built by `say`, so neither the server's words nor the path carry the key.
 */
export function mapStatus(
  request: RequestContext,
  status: number,
  json: unknown,
  say: Redactor,
): WikiSourceError {
  const where = say`${new SafeText(request.method)} ${request.path}`
  const serverError = envelopeError(json)
  const said = serverError === undefined ? say`` : say` (server said: "${clip(serverError)}")`
  const data = { httpStatus: status }
  const page = request.name === undefined ? say`this page` : say`page "${clip(request.name)}"`

  if (status === 401) {
    return new WikiSourceError(
      'unauthorized',
      say`${where}: HTTP 401: the API key is missing, invalid or revoked; check AHAWIKI_API_KEY`
        .text,
      { data },
    )
  }
  if (status === 403) {
    const action = request.method === 'POST' ? say`write` : say`read`
    return new WikiSourceError(
      'permission_denied',
      say`${where}: HTTP 403: the key's owner may not ${action} ${page}; nothing was changed`.text,
      { data },
    )
  }
  if (status === 404) {
    if (request.route === 'search') {
      return new WikiSourceError(
        'search_unavailable',
        say`${where}: HTTP 404: this wiki offers no search route (its AhaWiki predates it); use the page list or recent changes instead`
          .text,
        { data },
      )
    }
    if (serverError !== undefined) {
      return new WikiSourceError(
        'page_not_found',
        say`${where}: HTTP 404: no ${page} exists; to create it, save with revision 0`.text,
        { data },
      )
    }
    return new WikiSourceError(
      'upstream_error',
      say`${where}: HTTP 404 without a JSON body: no AhaWiki /api/v1 answers here; check AHAWIKI_BASE_URL`
        .text,
      { data },
    )
  }
  if (status === 409) {
    const latest = (json as Record<string, unknown> | null | undefined)?.latestRevision
    const latestRevision =
      typeof latest === 'number' && Number.isSafeInteger(latest) ? latest : null
    const sent =
      request.sentRevision === 0
        ? say`revision 0 was sent but the page already exists`
        : say`revision ${Number(request.sentRevision)} was sent`
    const now =
      latestRevision === null ? say`the latest is unknown` : say`the latest is ${latestRevision}`
    return new WikiSourceError(
      'revision_conflict',
      say`${where}: HTTP 409: nothing was saved: ${sent} and ${now}. Read the page again, merge your change into the latest content and save with the new revision.`
        .text,
      { data: { ...data, latestRevision } },
    )
  }
  if (status === 400) {
    if (request.route === 'save' && serverError === 'text == latestText') {
      return new WikiSourceError(
        'unchanged',
        say`${where}: HTTP 400: the text is identical to the latest revision; nothing was saved`
          .text,
        { data },
      )
    }
    return new WikiSourceError(
      'invalid_request',
      (serverError === undefined
        ? say`${where}: HTTP 400: HTTP 400 without a JSON message`
        : say`${where}: HTTP 400: ${clip(serverError)}`
      ).text,
      { data },
    )
  }
  const suffix =
    request.method === 'POST' && status >= 500
      ? say`; the save may or may not have happened: read the page before saving again`
      : say``
  return new WikiSourceError('upstream_error', say`${where}: HTTP ${status}${said}${suffix}`.text, {
    data,
  })
}
