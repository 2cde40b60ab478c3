import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { FakeAhaWiki } from '../fake/fake-ahawiki.mjs'
import {
  errorOf,
  KEY,
  startApp,
  startFake,
  stopFake,
  type RunningApp,
  type Json,
} from './harness.js'

let fake: FakeAhaWiki
let app: RunningApp

const HIDDEN = 'Secret/Plans'

beforeAll(async () => {
  fake = await startFake({
    pages: [
      { name: 'Open', text: 'visible page mentioning plans' },
      { name: HIDDEN, text: 'hidden page mentioning plans' },
      { name: 'Locked', text: 'read only' },
    ],
    permissions: [
      { targetType: 'All', actorType: 'Login', action: 255 },
      { targetType: 'StartsWith', target: 'Secret/', actorType: 'Login', action: 0 },
      { targetType: 'Exact', target: 'Locked', actorType: 'Login', action: 1 },
    ],
  })
  app = await startApp(fake, { AHAWIKI_MCP_WRITE: '1', AHAWIKI_TIMEOUT_MS: '1000' })
})
afterAll(async () => {
  await app.close()
  await stopFake(fake)
})
beforeEach(() => {
  fake.requests.length = 0
})

const read = (name = 'Open') => app.call('ahawiki_read_page', { name })
const save = (name: string, revision: number, text = 'changed') =>
  app.call('ahawiki_save_page', { name, text, revision, comment: 'c' })

describe('permissions and hidden pages', () => {
  it('hides unreadable pages from list, search and changes', async () => {
    const list = (await app.call('ahawiki_list_pages', {})).structuredContent as Json
    expect(list.pages.map((p: Json) => p.name)).toEqual(['Locked', 'Open'])
    const search = (await app.call('ahawiki_search', { q: 'plans' })).structuredContent as Json
    expect(search.results.map((r: Json) => r.name)).toEqual(['Open'])
    const changes = (await app.call('ahawiki_recent_changes', {})).structuredContent as Json
    expect(changes.changes.map((c: Json) => c.name)).not.toContain(HIDDEN)
  })

  it('gives permission_denied on read and save of a hidden page', async () => {
    expect(errorOf(await read(HIDDEN))).toMatchObject({
      code: 'permission_denied',
      httpStatus: 403,
    })
    expect(errorOf(await save(HIDDEN, 1)).code).toBe('permission_denied')
  })

  it('prefers permission_denied over revision_conflict on a stale save without Edit', async () => {
    expect(errorOf(await save('Locked', 0)).code).toBe('permission_denied')
  })
})

describe('every status mapped', () => {
  it('maps 404 to page_not_found', async () => {
    const error = errorOf(await read('Nope'))
    expect(error).toMatchObject({ code: 'page_not_found', httpStatus: 404 })
    expect(error.message).toContain('revision 0')
  })

  it('maps an identical save to unchanged', async () => {
    const page = (await read()).structuredContent as Json
    expect(errorOf(await save('Open', page.revision, page.content)).code).toBe('unchanged')
  })

  it('maps another 400 to invalid_request with the server message', async () => {
    fake.inject({ path: '/api/v1/pages', status: 400, body: { error: 'limit is odd.' } })
    const error = errorOf(await app.call('ahawiki_list_pages', {}))
    expect(error.code).toBe('invalid_request')
    expect(error.message).toContain('limit is odd.')
  })

  it('maps 500 to upstream_error without retrying', async () => {
    fake.inject({ status: 500, body: { error: 'boom' } })
    expect(errorOf(await read())).toMatchObject({ code: 'upstream_error', httpStatus: 500 })
    expect(fake.requests).toHaveLength(1)
  })

  it.each([429, 502, 503, 504])('retries a GET answered %i and then succeeds', async (status) => {
    fake.inject({ status, body: 'busy', times: 2, contentType: 'text/plain' })
    expect((await read()).isError).toBeFalsy()
    expect(fake.requests).toHaveLength(3)
  })

  it('gives up after three attempts', async () => {
    fake.inject({ status: 503, body: 'busy', times: 3 })
    expect(errorOf(await read()).code).toBe('upstream_error')
    expect(fake.requests).toHaveLength(3)
  })

  it('never retries a POST', async () => {
    fake.inject({ status: 503, body: 'busy', method: 'POST' })
    const error = errorOf(await save('Open', 1))
    expect(error.code).toBe('upstream_error')
    expect(error.message).toContain('read the page before saving again')
    expect(fake.requests).toHaveLength(1)
  })

  it('times out a slow answer (AHAWIKI_TIMEOUT_MS) without retrying', async () => {
    fake.inject({ delayMs: 1500, body: 'late' })
    const error = errorOf(await read())
    expect(error.code).toBe('upstream_error')
    expect(error.message).toContain('1000 ms')
    expect(fake.requests).toHaveLength(1)
  })

  it('rejects a non-JSON 200', async () => {
    fake.inject({ status: 200, body: '<html>hello</html>', contentType: 'text/html' })
    expect(errorOf(await read()).message).toContain('not JSON')
  })

  it('stops reading an oversize body', async () => {
    fake.inject({ status: 200, body: 'x'.repeat(9 * 1024 * 1024) })
    expect(errorOf(await read()).message).toContain('exceeds')
  })

  it('reports a reset connection', async () => {
    fake.inject({ destroy: true })
    expect(errorOf(await read()).code).toBe('upstream_error')
  })

  it('does not follow a redirect', async () => {
    fake.inject({ status: 302, headers: { location: 'http://127.0.0.1:9/elsewhere' } })
    const error = errorOf(await read())
    expect(error.code).toBe('upstream_error')
    expect(error.message).toContain('redirect')
    expect(fake.requests).toHaveLength(1)
  })

  it('maps a missing search route to search_unavailable', async () => {
    fake.setSearchAvailable(false)
    try {
      const error = errorOf(await app.call('ahawiki_search', { q: 'x' }))
      expect(error.code).toBe('search_unavailable')
    } finally {
      fake.setSearchAvailable(true)
    }
  })

  it('treats an HTML 404 elsewhere as a wrong base URL', async () => {
    fake.inject({ status: 404, body: '<html>Action Not Found</html>', contentType: 'text/html' })
    const error = errorOf(await read())
    expect(error.code).toBe('upstream_error')
    expect(error.message).toContain('AHAWIKI_BASE_URL')
  })

  it('redacts the key if the server echoes it', async () => {
    fake.inject({ status: 500, body: { error: `rejected ${KEY}` } })
    const error = errorOf(await read())
    expect(error.message).toContain('[redacted]')
  })
})

describe('keys', () => {
  it('maps an unknown key to unauthorized', async () => {
    const other = await startApp(fake, { AHAWIKI_API_KEY: 'wrong-key-123' })
    try {
      const error = errorOf(await other.call('ahawiki_read_page', { name: 'Open' }))
      expect(error).toMatchObject({ code: 'unauthorized', httpStatus: 401 })
      expect(error.message).toContain('AHAWIKI_API_KEY')
    } finally {
      await other.client.close()
    }
  })

  it('maps a refused port to upstream_error', async () => {
    const other = await startApp(undefined, {
      AHAWIKI_BASE_URL: 'http://127.0.0.1:9',
      AHAWIKI_API_KEY: KEY,
    })
    try {
      expect(errorOf(await other.call('ahawiki_list_pages', {})).code).toBe('upstream_error')
    } finally {
      await other.close()
    }
  })

  // Last: revoking the suite's key.
  it('maps a revoked key to unauthorized', async () => {
    fake.revokeKey(KEY)
    expect(errorOf(await read()).code).toBe('unauthorized')
    expect(errorOf(await save('Open', 1)).code).toBe('unauthorized')
  })
})
