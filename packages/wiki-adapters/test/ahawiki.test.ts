import { describe, expect, it } from 'vitest'
import {
  createAhaWikiSource,
  fromKstDateTime,
  WikiSourceError,
  type AhaWikiRequestEvent,
  type AhaWikiSourceOptions,
} from '@wiki/wiki-adapters/ahawiki'
import { replayFetch, type Answer } from './ahawiki/replay-fetch.js'

const KEY = 'aha-key-Zq7distinctive'
const BASE = 'https://wiki.example.test'

const page = {
  name: 'Dev/Api',
  revision: 3,
  content: 'line one\nline two',
  dateTime: '2026-06-24T10:00',
  isMinorEdit: false,
  viaApi: true,
  userApiKeyName: 'bot',
  contentHash: 'sha256:00ff',
}

function setup(answers: Answer[], options: Partial<AhaWikiSourceOptions> = {}) {
  const replay = replayFetch(answers)
  const events: AhaWikiRequestEvent[] = []
  const source = createAhaWikiSource({
    baseUrl: BASE,
    apiKey: KEY,
    fetch: replay.fetch,
    retryBaseDelayMs: 1,
    onRequest: (event) => events.push(event),
    ...options,
  })
  return { source, requests: replay.requests, events }
}

async function failure(promise: Promise<unknown>): Promise<WikiSourceError> {
  try {
    await promise
  } catch (error) {
    expect(error).toBeInstanceOf(WikiSourceError)
    const e = error as WikiSourceError
    expect(e.message).not.toContain(KEY)
    return e
  }
  throw new Error('expected a failure')
}

describe('createAhaWikiSource: requests', () => {
  it('reads a page with the bearer key, JSON accept, user agent and no redirects', async () => {
    const { source, requests } = setup([{ body: { ...page, extra: 'dropped' } }], {
      userAgent: 'ahawiki-mcp/1.2.3',
    })
    expect(await source.getPage('Dev/Api')).toEqual(page)
    expect(requests).toHaveLength(1)
    const [request] = requests
    expect(request!.method).toBe('GET')
    expect(request!.url).toBe(`${BASE}/api/v1/page/Dev%2FApi`)
    expect(request!.headers.authorization).toBe(`Bearer ${KEY}`)
    expect(request!.headers.accept).toBe('application/json')
    expect(request!.headers['user-agent']).toBe('ahawiki-mcp/1.2.3')
    expect(request!.headers['content-type']).toBeUndefined()
    expect(request!.redirect).toBe('manual')
  })

  it.each([
    ['C++', 'C%2B%2B'],
    ['a b', 'a%20b'],
    ['위키', '%EC%9C%84%ED%82%A4'],
    ['100%', '100%25'],
  ])('encodes the name %j as %s', async (name, encoded) => {
    const { source, requests } = setup([{ body: { ...page, name } }])
    expect((await source.getPage(name)).name).toBe(name)
    expect(requests[0]!.url).toBe(`${BASE}/api/v1/page/${encoded}`)
  })

  it('keeps a base path prefix and drops a trailing slash', async () => {
    const { source, requests } = setup([{ body: { pages: [] } }], {
      baseUrl: 'https://wiki.example.test/aha/',
    })
    expect(await source.listPages()).toEqual([])
    expect(requests[0]!.url).toBe('https://wiki.example.test/aha/api/v1/pages')
  })

  it('sends list and change parameters with encodeURIComponent and booleans as 1/0', async () => {
    const { source, requests } = setup([{ body: { pages: [] } }, { body: { changes: [] } }])
    await source.listPages({ prefix: 'a b+', limit: 5 })
    await source.recentChanges({
      name: 'X',
      since: '2026-06-24T10:00',
      afterRevision: 2,
      includeMinorEdit: false,
      includeViaApi: true,
      limit: 7,
    })
    expect(requests.map((r) => r.url)).toEqual([
      `${BASE}/api/v1/pages?prefix=a%20b%2B&limit=5`,
      `${BASE}/api/v1/changes?name=X&since=2026-06-24T10%3A00&afterRevision=2&includeMinorEdit=0&includeViaApi=1&limit=7`,
    ])
  })

  it('refuses afterRevision without name before any request', async () => {
    const { source, requests } = setup([])
    const error = await failure(source.recentChanges({ afterRevision: 3 }))
    expect(error.code).toBe('invalid_arguments')
    expect(requests).toHaveLength(0)
  })

  it.each(['', '.', '..'])('refuses the page name %j before any request', async (name) => {
    const { source, requests } = setup([])
    expect((await failure(source.getPage(name))).code).toBe('invalid_arguments')
    expect(requests).toHaveLength(0)
  })

  it('saves with a JSON body and content type, passing comment and minorEdit as given', async () => {
    const { source, requests } = setup([
      { body: { name: 'New page', revision: 1, dateTime: '2026-06-24T10:01:00.123' } },
    ])
    const saved = await source.savePage({
      name: 'New page',
      text: 'hello',
      revision: 0,
      comment: 'create',
      minorEdit: true,
    })
    expect(saved).toEqual({ name: 'New page', revision: 1, dateTime: '2026-06-24T10:01:00.123' })
    expect(requests[0]!.method).toBe('POST')
    expect(requests[0]!.url).toBe(`${BASE}/api/v1/page/New%20page`)
    expect(requests[0]!.headers['content-type']).toBe('application/json')
    expect(JSON.parse(requests[0]!.body!)).toEqual({
      revision: 0,
      text: 'hello',
      comment: 'create',
      minorEdit: true,
    })
  })

  it('refuses a fractional or negative save revision before any request', async () => {
    const { source, requests } = setup([])
    for (const revision of [-1, 1.5]) {
      const error = await failure(source.savePage({ name: 'A', text: '', revision }))
      expect(error.code).toBe('invalid_arguments')
    }
    expect(requests).toHaveLength(0)
  })

  it('searches and checks every hit', async () => {
    const hit = {
      name: 'A',
      revision: 1,
      dateTime: '2026-06-24T10:00:05',
      matchedName: true,
      snippet: '',
      hitLinesNotShown: 0,
    }
    const { source, requests } = setup([{ body: { results: [hit], moreThanShown: true } }])
    expect(await source.search({ q: 'a c', limit: 3 })).toEqual({
      results: [hit],
      moreThanShown: true,
    })
    expect(requests[0]!.url).toBe(`${BASE}/api/v1/search?q=a%20c&limit=3`)
  })

  it('reports each attempt to onRequest without headers', async () => {
    const { source, events } = setup([{ status: 503, body: 'busy' }, { body: { pages: [] } }])
    await source.listPages({ prefix: 'P' })
    expect(events.map(({ ms: _ms, ...rest }) => rest)).toEqual([
      { method: 'GET', path: '/api/v1/pages?prefix=P', status: 503, attempt: 1 },
      { method: 'GET', path: '/api/v1/pages?prefix=P', status: 200, attempt: 2 },
    ])
    expect(JSON.stringify(events)).not.toContain(KEY)
  })
})

describe('createAhaWikiSource: bodies', () => {
  it('parses JSON whatever its content type', async () => {
    const { source } = setup([
      { body: JSON.stringify(page, null, 2), headers: { 'content-type': 'text/plain' } },
    ])
    expect((await source.getPage('Dev/Api')).revision).toBe(3)
  })

  it('treats a non-JSON 200 as upstream_error', async () => {
    const { source } = setup([{ body: '<html>ok</html>' }])
    const error = await failure(source.getPage('A'))
    expect(error.code).toBe('upstream_error')
    expect(error.message).toContain('not JSON')
  })

  it('names a missing field', async () => {
    const withoutRevision: Partial<typeof page> = { ...page }
    delete withoutRevision.revision
    const { source } = setup([{ body: withoutRevision }])
    const error = await failure(source.getPage('A'))
    expect(error.code).toBe('upstream_error')
    expect(error.message).toContain('field "revision" should be integer, got nothing (missing)')
  })

  it('names a mistyped field inside a list', async () => {
    const { source } = setup([{ body: { pages: [{ ...page, content: undefined, size: 'big' }] } }])
    const error = await failure(source.listPages())
    expect(error.message).toContain('field "pages[0].size" should be integer, got string')
  })

  it('turns a null change comment into ""', async () => {
    const change = {
      name: 'A',
      revision: 1,
      dateTime: '2026-06-24T10:00',
      comment: null,
      isMinorEdit: false,
      viaApi: false,
      userApiKeyName: null,
    }
    const { source } = setup([{ body: { changes: [change] } }])
    expect(await source.recentChanges()).toEqual([{ ...change, comment: '' }])
  })

  it('stops reading beyond maxResponseBytes', async () => {
    const { source } = setup([{ body: { ...page, content: 'x'.repeat(5000) } }], {
      maxResponseBytes: 1000,
    })
    const error = await failure(source.getPage('A'))
    expect(error.code).toBe('upstream_error')
    expect(error.message).toContain('exceeds 1000 bytes')
  })

  it('stops reading a streamed body without content-length beyond the limit', async () => {
    let pulled = 0
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++
        controller.enqueue(new Uint8Array(400).fill(32))
      },
    })
    const { source } = setup([() => Promise.resolve(new Response(stream))], {
      maxResponseBytes: 1000,
    })
    const error = await failure(source.getPage('A'))
    expect(error.message).toContain('exceeds 1000 bytes')
    expect(pulled).toBeLessThan(10)
  })
})

describe('createAhaWikiSource: error codes', () => {
  const cases: Array<[string, Answer, string, 'get' | 'save' | 'search']> = [
    [
      '401',
      { status: 401, body: { error: 'API key is required or invalid.' } },
      'unauthorized',
      'get',
    ],
    ['403', { status: 403, body: { error: 'Permission denied.' } }, 'permission_denied', 'get'],
    [
      '403 on save',
      { status: 403, body: { error: 'Permission denied.' } },
      'permission_denied',
      'save',
    ],
    ['404 JSON', { status: 404, body: { error: 'Page not found.' } }, 'page_not_found', 'get'],
    ['404 HTML', { status: 404, body: '<html>Action Not Found</html>' }, 'upstream_error', 'get'],
    [
      '404 on search',
      { status: 404, body: '<html>Action Not Found</html>' },
      'search_unavailable',
      'search',
    ],
    ['404 JSON on search', { status: 404, body: { error: 'x' } }, 'search_unavailable', 'search'],
    [
      '409',
      { status: 409, body: { error: 'revision != latestRevision', latestRevision: 4 } },
      'revision_conflict',
      'save',
    ],
    ['400 unchanged', { status: 400, body: { error: 'text == latestText' } }, 'unchanged', 'save'],
    [
      '400 other',
      { status: 400, body: { error: 'revision is required.' } },
      'invalid_request',
      'save',
    ],
    [
      '400 unchanged text on a GET',
      { status: 400, body: { error: 'text == latestText' } },
      'invalid_request',
      'get',
    ],
    ['500', { status: 500, body: { error: 'boom' } }, 'upstream_error', 'get'],
    ['418', { status: 418, body: 'teapot' }, 'upstream_error', 'get'],
  ]
  it.each(cases)('maps %s to %s', async (_label, answer, code, call) => {
    const { source, requests } = setup([answer])
    const promise =
      call === 'get'
        ? source.getPage('A')
        : call === 'search'
          ? source.search({ q: 'x' })
          : source.savePage({ name: 'A', text: 't', revision: 3, comment: 'c' })
    const error = await failure(promise)
    expect(error.code).toBe(code)
    expect(error.data?.httpStatus).toBe(
      typeof answer === 'object' && !(answer instanceof Error) ? answer.status : undefined,
    )
    expect(requests).toHaveLength(1)
  })

  it('carries latestRevision on a conflict and says what to do', async () => {
    const { source } = setup([
      { status: 409, body: { error: 'revision != latestRevision', latestRevision: 4 } },
    ])
    const error = await failure(source.savePage({ name: 'A', text: 't', revision: 3 }))
    expect(error.data?.latestRevision).toBe(4)
    expect(error.message).toMatch(/nothing was saved.*revision 3.*latest is 4.*Read the page again/)
  })

  it('says "already exists" when revision 0 conflicts, and null when the server gives no revision', async () => {
    const { source } = setup([{ status: 409, body: { error: 'revision != latestRevision' } }])
    const error = await failure(source.savePage({ name: 'A', text: 't', revision: 0 }))
    expect(error.data?.latestRevision).toBeNull()
    expect(error.message).toContain('already exists')
  })

  it('quotes the server message of another 400, or says there was none', async () => {
    const { source } = setup([
      { status: 400, body: { error: 'since must be an ISO-8601 local date-time.' } },
      { status: 400, body: 'bad' },
    ])
    expect((await failure(source.recentChanges({ since: 'x' }))).message).toContain(
      'since must be an ISO-8601 local date-time.',
    )
    expect((await failure(source.recentChanges())).message).toContain(
      'HTTP 400 without a JSON message',
    )
  })

  it('redacts the key when the server echoes it', async () => {
    const { source } = setup([{ status: 500, body: { error: `bad key ${KEY}` } }])
    const error = await failure(source.getPage('A'))
    expect(error.message).toContain('[redacted]')
  })

  it('treats a redirect as upstream_error without following it', async () => {
    const { source, requests } = setup([
      { status: 302, headers: { location: 'https://elsewhere.test/' } },
    ])
    const error = await failure(source.getPage('A'))
    expect(error.code).toBe('upstream_error')
    expect(error.message).toContain('redirect')
    expect(requests).toHaveLength(1)
  })
})

describe('createAhaWikiSource: retries and timeouts', () => {
  it.each([429, 502, 503, 504])('retries a GET answered %i, then succeeds', async (status) => {
    const { source, requests } = setup([
      { status, body: 'x' },
      { status, body: 'x' },
      { body: page },
    ])
    expect((await source.getPage('A')).name).toBe('Dev/Api')
    expect(requests).toHaveLength(3)
  })

  it('gives up after `retries` extra attempts', async () => {
    const { source, requests } = setup([
      { status: 503, body: 'x' },
      { status: 503, body: 'x' },
      { status: 503, body: 'x' },
    ])
    const error = await failure(source.getPage('A'))
    expect(error.code).toBe('upstream_error')
    expect(error.message).toContain('after 3 attempts')
    expect(requests).toHaveLength(3)
  })

  it('does not retry a 500 or a POST', async () => {
    const { source, requests } = setup([
      { status: 500, body: 'x' },
      { status: 503, body: 'x' },
    ])
    expect((await failure(source.getPage('A'))).code).toBe('upstream_error')
    const error = await failure(source.savePage({ name: 'A', text: 't', revision: 1 }))
    expect(error.message).toContain('may or may not have happened')
    expect(requests).toHaveLength(2)
  })

  it('waits a short Retry-After and ends the call on a long one', async () => {
    const { source, requests } = setup([
      { status: 429, body: 'x', headers: { 'retry-after': '0' } },
      { body: page },
      { status: 429, body: 'x', headers: { 'retry-after': '60' } },
    ])
    await source.getPage('A')
    const error = await failure(source.getPage('A'))
    expect(error.message).toContain('retry after 60 s')
    expect(requests).toHaveLength(3)
  })

  it('times out a slow answer and does not retry it', async () => {
    const slow: Answer = (_request, signal) =>
      new Promise((_resolve, reject) => {
        signal.addEventListener('abort', () => reject(new Error('aborted')))
      })
    const { source, requests, events } = setup([slow, { body: page }], { timeoutMs: 30 })
    const error = await failure(source.getPage('A'))
    expect(error.code).toBe('upstream_error')
    expect(error.message).toContain('within 30 ms')
    expect(requests).toHaveLength(1)
    expect(events[0]!.status).toBeNull()
  })

  it('does not retry a network failure, and a POST says it may have been saved', async () => {
    const refused = Object.assign(new TypeError('fetch failed'), {
      cause: { code: 'ECONNREFUSED' },
    })
    const { source, requests } = setup([refused, refused])
    const get = await failure(source.getPage('A'))
    expect(get.message).toContain('ECONNREFUSED')
    const post = await failure(source.savePage({ name: 'A', text: 't', revision: 1 }))
    expect(post.message).toContain('may or may not have happened')
    expect(requests).toHaveLength(2)
  })
})

describe('fromKstDateTime', () => {
  it.each([
    ['2026-06-24T10:00', '2026-06-24T01:00:00.000Z'],
    ['2026-06-24T10:00:05', '2026-06-24T01:00:05.000Z'],
    ['2026-06-24T10:01:00.123456789', '2026-06-24T01:01:00.123Z'],
    ['2026-06-24T10:01:00.5', '2026-06-24T01:01:00.500Z'],
    ['2026-01-01T03:00', '2025-12-31T18:00:00.000Z'],
  ])('reads %s as %s', (input, iso) => {
    expect(fromKstDateTime(input).toISOString()).toBe(iso)
  })

  it.each(['2026-06-24', '2026-06-24T10:00Z', '2026-02-30T10:00', '2026-06-24T24:00', 'x'])(
    'rejects %j',
    (input) => {
      expect(() => fromKstDateTime(input)).toThrow(WikiSourceError)
    },
  )
})
