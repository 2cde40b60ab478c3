import { WikiSourceError } from '../wiki-source-error.js'
import type { AhaWikiRequestEvent } from './ahawiki-request-event.js'
import { mapStatus, type RequestContext } from './map-status.js'
import { readBody } from './read-body.js'
import { clip, SafeText, type Redactor } from './redact.js'

/** Settled options of one source, shared by all its requests. */
export interface SendSettings {
  /** Origin plus optional path prefix, no trailing slash. */
  baseUrl: string
  apiKey: string
  timeoutMs: number
  maxResponseBytes: number
  retries: number
  retryBaseDelayMs: number
  userAgent: string
  fetch: typeof globalThis.fetch
  onRequest: ((event: AhaWikiRequestEvent) => void) | undefined
  /** Builds every message, so none carries the key. */
  say: Redactor
}

/** The outgoing request: context for messages plus an optional JSON body. */
export interface SendRequest extends RequestContext {
  body?: unknown
}

const RETRYABLE = new Set([429, 502, 503, 504])
const MAX_RETRY_AFTER_MS = 5000

const sleep = (ms: number): Promise<void> =>
  new Promise((resolve) => {
    setTimeout(resolve, ms)
  })

/** Seconds or an HTTP date, in milliseconds from now; `undefined` when absent or unreadable. */
function retryAfterMs(header: string | null): number | undefined {
  if (header === null) return undefined
  const trimmed = header.trim()
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000
  const date = Date.parse(trimmed)
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now())
}

function networkReason(error: unknown, say: Redactor): SafeText {
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause
  const code = typeof cause?.code === 'string' ? say` (${cause.code})` : say``
  const message = error instanceof Error ? error.message : String(error)
  return say`network failure: ${clip(message, 120)}${code}`
}

/**
 * Sends one API request and returns the parsed JSON of a 2xx answer; every other outcome throws a
 * `WikiSourceError`. Only GETs are retried, and only on 429, 502, 503 and 504: a POST may have
 * been saved even when its answer is lost. Redirects are not followed, so the key never leaves
 * the configured origin. Every message is built by `settings.say`, which keeps the key out of
 * the outside text it quotes (the wiki's words, the path, a network error).
 */
export async function sendRequest(settings: SendSettings, request: SendRequest): Promise<unknown> {
  const { say } = settings
  const where = say`${new SafeText(request.method)} ${request.path}`
  const postNote =
    request.method === 'POST'
      ? say`; the save may or may not have happened: read the page before saving again`
      : say``
  const upstream = (reason: SafeText, status?: number): WikiSourceError =>
    new WikiSourceError(
      'upstream_error',
      say`${where}: ${reason}${postNote}`.text,
      status === undefined ? undefined : { data: { httpStatus: status } },
    )

  const headers: Record<string, string> = {
    Authorization: `Bearer ${settings.apiKey}`,
    Accept: 'application/json',
    'User-Agent': settings.userAgent,
  }
  let body: string | undefined
  if (request.body !== undefined) {
    headers['Content-Type'] = 'application/json'
    body = JSON.stringify(request.body)
  }
  const url = settings.baseUrl + request.path
  const reportedPath = new URL(url).pathname + new URL(url).search
  const maxAttempts = request.method === 'GET' ? settings.retries + 1 : 1

  for (let attempt = 1; ; attempt++) {
    const started = Date.now()
    const report = (status: number | null): void =>
      settings.onRequest?.({
        method: request.method,
        path: reportedPath,
        status,
        ms: Date.now() - started,
        attempt,
      })
    const controller = new AbortController()
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      controller.abort()
    }, settings.timeoutMs)

    let response: Response
    let text: string | undefined
    try {
      response = await settings.fetch(url, {
        method: request.method,
        headers,
        ...(body === undefined ? {} : { body }),
        redirect: 'manual',
        signal: controller.signal,
      })
      if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
        await response.body?.cancel().catch(() => undefined)
        report(response.status)
        const note = say`the wiki redirected the request; redirects are not followed so the key stays with the configured origin; check AHAWIKI_BASE_URL`
        throw response.status
          ? upstream(say`HTTP ${response.status}: ${note}`, response.status)
          : upstream(say`redirect: ${note}`)
      }
      text = await readBody(response, settings.maxResponseBytes)
    } catch (error) {
      if (error instanceof WikiSourceError) throw error
      report(null)
      throw upstream(
        timedOut
          ? say`no complete answer within ${settings.timeoutMs} ms`
          : networkReason(error, say),
      )
    } finally {
      clearTimeout(timer)
    }
    report(response.status)
    if (text === undefined) {
      throw upstream(
        say`the response body exceeds ${settings.maxResponseBytes} bytes; reading stopped`,
        response.status,
      )
    }

    if (RETRYABLE.has(response.status) && attempt < maxAttempts) {
      const asked = retryAfterMs(response.headers.get('retry-after'))
      if (asked !== undefined && asked > MAX_RETRY_AFTER_MS) {
        throw upstream(
          say`HTTP ${response.status}: the wiki asks to retry after ${Math.ceil(asked / 1000)} s, longer than 5 s; try again later`,
          response.status,
        )
      }
      const backoff = settings.retryBaseDelayMs * 2 ** (attempt - 1) * (0.8 + 0.4 * Math.random())
      await sleep(asked ?? backoff)
      continue
    }

    let json: unknown
    let isJson = true
    try {
      json = JSON.parse(text)
    } catch {
      isJson = false
    }
    if (response.status >= 200 && response.status < 300) {
      if (!isJson) throw upstream(say`unexpected response: the body is not JSON`, response.status)
      return json
    }
    const error = mapStatus(request, response.status, isJson ? json : undefined, say)
    if (error.code === 'upstream_error' && attempt > 1) {
      throw new WikiSourceError(
        'upstream_error',
        `${error.message} after ${attempt} attempts`,
        error.data === undefined ? undefined : { data: error.data },
      )
    }
    throw error
  }
}
