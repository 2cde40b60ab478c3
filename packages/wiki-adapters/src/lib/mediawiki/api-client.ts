import { describeNetworkFailure } from '../network-failure.js'
import { WikiSourceError } from '../wiki-source-error.js'
import { answerShapeProblem } from './answer-shape.js'
import { recordingFileName } from './recording-file-name.js'
import type { RecordingStore } from './recording-store.js'

/** One observed API request (a fetch attempt, or a replay read), for logs and request counts. */
export interface MediaWikiRequestEvent {
  readonly action: 'parse' | 'query'
  /** The replay key of the call (`GRUB`, `oldid_858930`, `nearmatch_GRUB`, …). */
  readonly key: string
  /** The URL fetched, or the recording read (`parse_GRUB.json`). */
  readonly target: string
  readonly mode: 'live' | 'offline'
  /** 1 for the first attempt; retries count up. */
  readonly attempt: number
}

export interface ApiCall {
  readonly action: 'parse' | 'query'
  /** Query parameters in the order they are sent, without `action` and `format`. */
  readonly params: readonly (readonly [string, string])[]
  /** The replay key. */
  readonly key: string
  /** For parse by revid: a recorded parse of this revid answers when `oldid_<N>` is missing. */
  readonly revid?: number
  /** What a `page_not_found` message names, e.g. `"GRUB"` or `revision 42`. */
  readonly subject: string
}

export interface ApiClientOptions {
  readonly apiUrl: string
  readonly fetch: typeof globalThis.fetch
  readonly userAgent: string
  readonly timeout: number
  /** Largest body accepted, in bytes. */
  readonly maxBytes: number
  readonly retries: number
  readonly retryDelay: number
  readonly sleep: (ms: number) => Promise<void>
  readonly offline: RecordingStore | undefined
  readonly record: { readonly store: RecordingStore; readonly force: boolean } | undefined
  readonly onRequest: ((event: MediaWikiRequestEvent) => void) | undefined
  readonly onWarning: ((message: string) => void) | undefined
}

export type ApiBody = Record<string, unknown>

const NOT_FOUND_CODES = new Set(['missingtitle', 'invalidtitle', 'nosuchrevid', 'missingpage'])
const RETRY_STATUSES = new Set([429, 503])
const MAX_RETRY_AFTER_MS = 30_000
const MAX_REDIRECTS = 3

/** Sends API calls (or replays them), classifies envelopes and coalesces identical calls. */
export class ApiClient {
  readonly #options: ApiClientOptions
  readonly #inFlight = new Map<string, Promise<ApiBody>>()
  #revidIndex: Promise<Map<number, string>> | undefined

  constructor(options: ApiClientOptions) {
    this.#options = options
  }

  /** The URL a call is sent to (also its single-flight key when live). */
  url(call: ApiCall): string {
    const query = new URLSearchParams([
      ['action', call.action],
      ...call.params.map(([name, value]): [string, string] => [name, value]),
      ['format', 'json'],
    ])
    return `${this.#options.apiUrl}?${query.toString()}`
  }

  call(call: ApiCall): Promise<ApiBody> {
    const flightKey = this.#options.offline
      ? `offline:${recordingFileName(call.action, call.key)}`
      : this.url(call)
    const pending = this.#inFlight.get(flightKey)
    if (pending !== undefined) return pending
    const promise = (this.#options.offline ? this.#replay(call) : this.#fetch(call)).finally(() => {
      this.#inFlight.delete(flightKey)
    })
    this.#inFlight.set(flightKey, promise)
    return promise
  }

  async #replay(call: ApiCall): Promise<ApiBody> {
    const store = this.#options.offline
    if (store === undefined) throw new Error('unreachable: replay without a store')
    let name = recordingFileName(call.action, call.key)
    let text = await store.read(name)
    if (text === undefined && call.revid !== undefined) {
      const indexed = (await this.#indexRevids(store)).get(call.revid)
      if (indexed !== undefined) {
        name = indexed
        text = await store.read(indexed)
      }
    }
    this.#options.onRequest?.({
      action: call.action,
      key: call.key,
      target: name,
      mode: 'offline',
      attempt: 1,
    })
    if (text === undefined) {
      throw new WikiSourceError(
        'offline_recording_missing',
        `No offline recording ${recordingFileName(call.action, call.key)} in ${store.location ?? 'the offline store'} for ${call.action} ${JSON.stringify(call.key)}; record it from a live wiki with the record script.`,
      )
    }
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      throw new WikiSourceError(
        'internal_error',
        `The offline recording ${name} in ${store.location ?? 'the offline store'} is not JSON.`,
      )
    }
    checkShape(call, body)
    return this.#classify(call, body)
  }

  #indexRevids(store: RecordingStore): Promise<Map<number, string>> {
    // Built once per store: a revision's wikitext never changes, so any recorded parse of
    // revid N answers a parse by revid N.
    this.#revidIndex ??= (async () => {
      const index = new Map<number, string>()
      for (const name of [...(await store.list())].sort()) {
        if (!name.startsWith('parse_') || !name.endsWith('.json')) continue
        try {
          const body = JSON.parse((await store.read(name)) ?? 'null') as unknown
          const revid = isObject(body) && isObject(body.parse) ? body.parse.revid : undefined
          if (typeof revid === 'number' && !index.has(revid)) index.set(revid, name)
        } catch {
          // A file that is not JSON cannot answer anything; reading it directly reports it.
        }
      }
      return index
    })()
    return this.#revidIndex
  }

  async #fetch(call: ApiCall): Promise<ApiBody> {
    const url = this.url(call)
    const { retries, retryDelay, sleep } = this.#options
    for (let attempt = 1; ; attempt++) {
      this.#options.onRequest?.({
        action: call.action,
        key: call.key,
        target: url,
        mode: 'live',
        attempt,
      })
      let response: Response
      let text: string
      const controller = new AbortController()
      let timer: ReturnType<typeof setTimeout> | undefined
      try {
        // The timer rejects even when an injected fetch ignores the abort signal.
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(() => {
            const error = new Error('timeout')
            error.name = 'TimeoutError'
            controller.abort(error)
            reject(error)
          }, this.#options.timeout)
        })
        const exchange = (async (): Promise<[Response, string]> => {
          const answer = await this.#followOnHost(url, controller.signal, call)
          return [answer, await readLimited(answer, this.#options.maxBytes)]
        })()
        ;[response, text] = await Promise.race([exchange, timeout])
      } catch (error) {
        if (error instanceof WikiSourceError) throw error
        const timedOut =
          error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
        throw upstream(
          timedOut
            ? `no answer within ${this.#options.timeout} ms (${call.action} ${JSON.stringify(call.key)})`
            : `${describeNetworkFailure(error, url)} (${call.action} ${JSON.stringify(call.key)})`,
          error,
        )
      } finally {
        clearTimeout(timer)
      }

      const canRetry = attempt <= retries
      if (!response.ok) {
        if (canRetry && RETRY_STATUSES.has(response.status)) {
          await sleep(backoff(attempt, retryDelay, response.headers.get('retry-after')))
          continue
        }
        throw upstream(`HTTP ${response.status} for ${call.action} ${JSON.stringify(call.key)}`)
      }

      let body: unknown
      try {
        body = JSON.parse(text)
      } catch {
        const type = response.headers.get('content-type') ?? 'no content type'
        throw upstream(
          `HTTP ${response.status} with a body that is not JSON (${type}) for ${call.action} ${JSON.stringify(call.key)}; an HTML challenge page is not an answer`,
        )
      }
      if (isObject(body) && isObject(body.error) && body.error.code === 'maxlag' && canRetry) {
        await sleep(backoff(attempt, retryDelay, response.headers.get('retry-after')))
        continue
      }
      checkShape(call, body)
      await this.#record(call, body)
      return this.#classify(call, body)
    }
  }

  /**
   * Fetches `url`, following at most a few redirects, and only those that stay on the configured
   * wiki's host (an upgrade from http to https included). A redirect elsewhere is refused: the
   * other host's text would otherwise be cited under this wiki's revision URLs.
   */
  async #followOnHost(url: string, signal: AbortSignal, call: ApiCall): Promise<Response> {
    const home = new URL(this.#options.apiUrl)
    let target = url
    for (let hop = 0; ; hop++) {
      const answer = await this.#options.fetch(target, {
        method: 'GET',
        headers: { 'User-Agent': this.#options.userAgent, Accept: 'application/json' },
        redirect: 'manual',
        signal,
      })
      const redirected =
        answer.type === 'opaqueredirect' || (answer.status >= 300 && answer.status < 400)
      if (!redirected) return answer
      await answer.body?.cancel().catch(() => undefined)
      const location = answer.headers.get('location')
      let next: URL | undefined
      try {
        next = location === null ? undefined : new URL(location, target)
      } catch {
        next = undefined
      }
      const where = `${call.action} ${JSON.stringify(call.key)}`
      if (next === undefined) {
        throw upstream(`HTTP ${answer.status} without a usable Location for ${where}`)
      }
      const sameOrigin = next.origin === home.origin
      const upgrade =
        home.protocol === 'http:' &&
        next.protocol === 'https:' &&
        next.hostname === home.hostname &&
        next.port === ''
      if (!sameOrigin && !upgrade) {
        throw upstream(
          `HTTP ${answer.status} for ${where} redirects to ${JSON.stringify(next.host)}, not this wiki's host ${JSON.stringify(home.host)}; redirects off the configured host are not followed (check the wiki URL setting)`,
        )
      }
      if (hop >= MAX_REDIRECTS) {
        throw upstream(`more than ${MAX_REDIRECTS} redirects for ${where}`)
      }
      target = next.href
    }
  }

  async #record(call: ApiCall, body: unknown): Promise<void> {
    const record = this.#options.record
    if (record === undefined) return
    const name = recordingFileName(call.action, call.key)
    if (!record.force && (await record.store.read(name)) !== undefined) return
    if (record.store.write === undefined) {
      throw new WikiSourceError('internal_error', 'The recording store cannot write files.')
    }
    // Re-indented by two spaces, never edited.
    await record.store.write(name, `${JSON.stringify(body, null, 2)}\n`)
  }

  #classify(call: ApiCall, body: unknown): ApiBody {
    if (!isObject(body)) {
      throw upstream(
        `the answer to ${call.action} ${JSON.stringify(call.key)} is not a JSON object`,
      )
    }

    if (isObject(body.error)) {
      const code = typeof body.error.code === 'string' ? body.error.code : 'unknown'
      if (NOT_FOUND_CODES.has(code)) {
        throw new WikiSourceError('page_not_found', `Page not found: ${call.subject}`, {
          data: { apiCode: code },
        })
      }
      const info = typeof body.error.info === 'string' ? `: ${body.error.info}` : ''
      throw upstream(`API error ${code}${info}`, undefined, code)
    }
    if (body.warnings !== undefined && this.#options.onWarning !== undefined) {
      this.#options.onWarning(
        `MediaWiki API warnings for ${call.action} ${JSON.stringify(call.key)}: ${JSON.stringify(body.warnings)}`,
      )
    }
    return body
  }
}

/** Refuses an answer no field of which may be read (see answer-shape.ts). */
function checkShape(call: ApiCall, body: unknown): void {
  const problem = answerShapeProblem(body)
  if (problem !== null) {
    throw upstream(`the answer to ${call.action} ${JSON.stringify(call.key)} ${problem}`)
  }
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export function upstream(detail: string, cause?: unknown, apiCode?: string): WikiSourceError {
  return new WikiSourceError('upstream_api_error', `The wiki did not answer: ${detail}`, {
    ...(cause === undefined ? {} : { cause }),
    ...(apiCode === undefined ? {} : { data: { apiCode } }),
  })
}

/** The body as text, refusing more than `maxBytes` so a runaway answer cannot fill memory. */
async function readLimited(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN)
  if (declared > maxBytes) throw tooLarge(maxBytes)
  if (response.body === null) return ''
  const reader = (response.body as ReadableStream<Uint8Array>).getReader()
  const decoder = new TextDecoder()
  let size = 0
  let text = ''
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel()
      throw tooLarge(maxBytes)
    }
    text += decoder.decode(value, { stream: true })
  }
  return text + decoder.decode()
}

function tooLarge(maxBytes: number): WikiSourceError {
  return upstream(`the answer is larger than ${maxBytes} bytes`)
}

function backoff(attempt: number, base: number, retryAfter: string | null): number {
  const seconds = retryAfter === null ? Number.NaN : Number(retryAfter)
  if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds * 1000, MAX_RETRY_AFTER_MS)
  return Math.min(base * 2 ** (attempt - 1), MAX_RETRY_AFTER_MS)
}
