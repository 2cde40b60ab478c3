import { afterEach, describe, expect, it } from 'vitest'
import {
  DEMO_KEY,
  kstDateTime,
  permitted,
  searchSnippet,
  startFakeAhaWiki,
  type FakeAhaWiki,
  type FakeAhaWikiOptions,
  type FakePermission,
} from './fake/fake-ahawiki.mjs'

let fake: FakeAhaWiki | undefined
afterEach(async () => {
  await fake?.close()
  fake = undefined
})

async function start(options: FakeAhaWikiOptions = {}): Promise<FakeAhaWiki> {
  fake = await startFakeAhaWiki(options)
  return fake
}

async function call(
  path: string,
  init: { method?: string; key?: string | null; body?: string } = {},
  // The fake's answers are read loosely here; their exact shapes are what the tests assert.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
): Promise<{ status: number; json: any; text: string; type: string }> {
  const headers: Record<string, string> = {}
  if (init.key !== null) headers.authorization = `Bearer ${init.key ?? DEMO_KEY}`
  const response = await fetch(fake!.url + path, {
    method: init.method ?? 'GET',
    headers,
    ...(init.body === undefined ? {} : { body: init.body }),
  })
  const text = await response.text()
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    json = undefined
  }
  return { status: response.status, json, text, type: response.headers.get('content-type') ?? '' }
}

const save = (name: string, body: unknown, key?: string) =>
  call(`/api/v1/page/${encodeURIComponent(name)}`, {
    method: 'POST',
    body: JSON.stringify(body),
    ...(key === undefined ? {} : { key }),
  })

describe('fake AhaWiki: auth and routes', () => {
  it('answers unknown routes and wrong methods with HTML 404 before auth', async () => {
    await start()
    for (const [path, method] of [
      ['/api/v1/nope', 'GET'],
      ['/api/v1/page/A', 'DELETE'],
      ['/api/v1/pages', 'POST'],
    ] as const) {
      const answer = await call(path, { method, key: null })
      expect(answer.status).toBe(404)
      expect(answer.type).toContain('text/html')
      expect(answer.json).toBeUndefined()
    }
  })

  it('gives 401 for a missing, unknown or revoked key, before the body is checked', async () => {
    await start({ keys: [{ key: 'k1', userEmail: 'a@x.test', name: 'one' }] })
    expect((await call('/api/v1/pages', { key: null })).status).toBe(401)
    expect((await call('/api/v1/pages', { key: 'other' })).json).toEqual({
      error: 'API key is required or invalid.',
    })
    expect((await call('/api/v1/pages', { key: 'k1' })).status).toBe(200)
    fake!.revokeKey('k1')
    expect((await call('/api/v1/page/A', { method: 'POST', key: 'k1', body: 'x' })).status).toBe(
      401,
    )
  })

  it('shows another Host name an empty wiki', async () => {
    await start({ pages: [{ name: 'A', text: 'a' }], siteHost: 'localhost' })
    expect((await call('/api/v1/page/A')).status).toBe(404)
    expect((await call('/api/v1/pages')).json).toEqual({ pages: [] })
    const local = await fetch(`${fake!.url.replace('127.0.0.1', 'localhost')}/api/v1/page/A`, {
      headers: { authorization: `Bearer ${DEMO_KEY}` },
    })
    expect(local.status).toBe(200)
  })

  it('prints bodies pretty with " : "', async () => {
    await start({ pages: [{ name: 'A', text: 'a' }] })
    expect((await call('/api/v1/page/A')).text).toContain('"name" : "A"')
  })

  it.each([
    ['C++', '/api/v1/page/C++'],
    ['a b', '/api/v1/page/a%20b'],
    ['Dev/Api', '/api/v1/page/Dev/Api'],
    ['Dev/Api', '/api/v1/page/Dev%2FApi'],
    ['위키', `/api/v1/page/${encodeURIComponent('위키')}`],
    ['100%', '/api/v1/page/100%25'],
  ])('decodes %j from %s', async (name, path) => {
    await start({ pages: [{ name, text: 't' }] })
    const answer = await call(path)
    expect(answer.json.name).toBe(name)
    expect(fake!.requests[0]!.name).toBe(name)
  })
})

describe('fake AhaWiki: save check order', () => {
  it('checks body, revision, text, permission, conflict, unchanged in that order', async () => {
    await start({ pages: [{ name: 'A', text: 'one' }] })
    expect((await call('/api/v1/page/A', { method: 'POST', body: 'nope' })).json.error).toBe(
      'JSON body is required.',
    )
    expect((await save('A', { revision: '1', text: 'x' })).json.error).toBe('revision is required.')
    expect((await save('A', { revision: 1.5, text: 'x' })).json.error).toBe('revision is required.')
    expect((await save('A', { revision: 1 })).json.error).toBe('text is required.')
    fake!.setPermissions([{ targetType: 'All', actorType: 'Login', action: 1 }])
    // 403 beats 409: a stale revision without Edit is still a permission error.
    expect((await save('A', { revision: 0, text: 'x' })).status).toBe(403)
    fake!.setPermissions([{ targetType: 'All', actorType: 'Login', action: 255 }])
    const conflict = await save('A', { revision: 0, text: 'x' })
    expect(conflict.status).toBe(409)
    expect(conflict.json).toEqual({ error: 'revision != latestRevision', latestRevision: 1 })
    expect((await save('A', { revision: 1, text: 'one' })).json.error).toBe('text == latestText')
    expect((await save('New', { revision: 0, text: '' })).json.error).toBe('text == latestText')
    expect((await save('A', { revision: 1, text: 'two' })).json.revision).toBe(2)
  })

  it('needs Create (4) for a new page and Edit (2) for an existing one', async () => {
    await start({
      pages: [{ name: 'A', text: 'one' }],
      permissions: [{ targetType: 'All', actorType: 'Login', action: 2 }],
    })
    expect((await save('B', { revision: 0, text: 'x' })).status).toBe(403)
    expect((await save('A', { revision: 1, text: 'x' })).status).toBe(200)
  })

  it('records viaApi, the key name, minorEdit false by default, and KST times', async () => {
    const at = Date.UTC(2026, 5, 24, 1, 1, 0, 123)
    await start({ now: () => at, keys: [{ key: DEMO_KEY, userEmail: 'a@x.test', name: 'bot' }] })
    const saved = await save('A', { revision: 0, text: 'x', comment: 'c' })
    expect(saved.json).toEqual({ name: 'A', revision: 1, dateTime: '2026-06-24T10:01:00.123' })
    expect(fake!.revisions('A')).toEqual([
      {
        revision: 1,
        text: 'x',
        dateTime: '2026-06-24T10:01',
        comment: 'c',
        minorEdit: false,
        viaApi: true,
        keyName: 'bot',
      },
    ])
  })

  it('lets a test change the page between read and save', async () => {
    await start({ pages: [{ name: 'A', text: 'one' }] })
    fake!.beforeNextSave(() => {
      fake!.bumpRevision('A', { text: 'theirs' })
    })
    expect((await save('A', { revision: 1, text: 'mine' })).json.latestRevision).toBe(2)
    expect(fake!.revisions('A').at(-1)!.text).toBe('theirs')
    expect((await save('A', { revision: 2, text: 'mine' })).status).toBe(200)
  })
})

describe('fake AhaWiki: lists, changes and search', () => {
  it('treats % and _ as LIKE wildcards and applies the limit before dropping hidden pages', async () => {
    await start({
      pages: ['a1', 'a_b', 'axb', 'b', 'a%z'].map((name) => ({ name, text: name })),
      permissions: [
        { targetType: 'All', actorType: 'Login', action: 255 },
        { targetType: 'Exact', target: 'a1', actorType: 'All', action: 0 },
      ],
    })
    const names = async (q: string) =>
      (await call(`/api/v1/pages${q}`)).json.pages.map((p: { name: string }) => p.name)
    expect(await names('?prefix=a_')).toEqual(['a%z', 'a_b', 'axb'])
    expect(await names('?prefix=a%25')).toEqual(['a%z', 'a_b', 'axb'])
    expect(await names('?limit=2')).toEqual(['a%z'])
    // Out-of-range limits are clamped, not rejected.
    expect(await names('?limit=0')).toEqual(['a%z'])
  })

  it('orders changes by time, revision, name and validates since and afterRevision', async () => {
    await start({
      pages: [
        {
          name: 'A',
          revisions: [
            { text: '1', dateTime: '2026-06-24T10:00' },
            { text: '2', dateTime: '2026-06-24T11:00', minorEdit: true },
          ],
        },
        { name: 'B', revisions: [{ text: '1', dateTime: '2026-06-24T11:00', viaApi: true }] },
      ],
    })
    const rows = async (q: string) =>
      (await call(`/api/v1/changes${q}`)).json.changes.map(
        (c: { name: string; revision: number }) => `${c.name}${c.revision}`,
      )
    expect(await rows('')).toEqual(['A2', 'B1', 'A1'])
    expect(await rows('?since=2026-06-24T10:30')).toEqual(['A2', 'B1'])
    expect(await rows('?includeMinorEdit=0')).toEqual(['B1', 'A1'])
    expect(await rows('?includeViaApi=0')).toEqual(['A2', 'A1'])
    expect(await rows('?name=A&afterRevision=1')).toEqual(['A2'])
    expect((await call('/api/v1/changes?since=2026-06-24T10:00Z')).json.error).toBe(
      'since must be an ISO-8601 local date-time.',
    )
    expect((await call('/api/v1/changes?afterRevision=1')).status).toBe(400)
  })

  it('searches case-insensitively and literally, exact name first', async () => {
    await start({
      pages: [
        { name: 'abc', text: 'a.c is not here' },
        { name: 'Zed', revisions: [{ text: 'mentions ABC', dateTime: '2026-06-25T00:00' }] },
        { name: 'Old', revisions: [{ text: 'abc old', dateTime: '2020-01-01T00:00' }] },
      ],
    })
    const answer = await call('/api/v1/search?q=abc')
    expect(answer.json.results.map((r: { name: string }) => r.name)).toEqual(['abc', 'Zed', 'Old'])
    expect(answer.json.results[0].matchedName).toBe(true)
    expect((await call('/api/v1/search?q=x.c')).json.results).toEqual([])
    expect((await call('/api/v1/search?q=abc&limit=1')).json.moreThanShown).toBe(true)
    expect((await call('/api/v1/search?q=%20')).json.error).toBe('q is required.')
  })

  it('answers HTML 404 for search when switched off', async () => {
    await start({ search: false })
    const answer = await call('/api/v1/search?q=x')
    expect(answer.status).toBe(404)
    expect(answer.type).toContain('text/html')
  })

  it('injects failures for the next matching requests', async () => {
    await start({ pages: [{ name: 'A', text: 'a' }] })
    fake!.inject({ path: '/api/v1/page/', status: 503, body: 'busy', times: 2 })
    expect((await call('/api/v1/page/A')).status).toBe(503)
    expect((await call('/api/v1/page/A')).status).toBe(503)
    expect((await call('/api/v1/page/A')).status).toBe(200)
  })
})

describe('fake AhaWiki: pure helpers', () => {
  it('renders KST in the narrowest width', () => {
    expect(kstDateTime(Date.UTC(2026, 5, 24, 1, 0, 0))).toBe('2026-06-24T10:00')
    expect(kstDateTime(Date.UTC(2026, 5, 24, 1, 0, 5))).toBe('2026-06-24T10:00:05')
    expect(kstDateTime(Date.UTC(2026, 5, 24, 1, 0, 5, 120), true)).toBe('2026-06-24T10:00:05.120')
    expect(kstDateTime(Date.UTC(2026, 5, 24, 1, 0, 0, 0), true)).toBe('2026-06-24T10:00')
  })

  it('builds snippets with 3 lines of context and merged blocks', () => {
    const twenty = Array.from({ length: 20 }, (_, i) => `L${i + 1}`).join('\n')
    expect(searchSnippet(twenty, 'L10').snippet).toBe('L7\nL8\nL9\nL10\nL11\nL12\nL13')
    expect(searchSnippet('a\r\n\nx\nb\nc\nd\ne\nf\ng\nh\nx', 'x').snippet).toBe(
      'a\nx\nb\nc\nd\n…\nf\ng\nh\nx',
    )
    const many = Array.from({ length: 27 }, () => 'hit').join('\n')
    expect(searchSnippet(many, 'hit').hitLinesNotShown).toBe(7)
  })

  it('lets the most specific permission row win, and denies without a match', () => {
    const rows: FakePermission[] = [
      { targetType: 'All', actorType: 'Login', action: 255 },
      { targetType: 'StartsWith', target: 'Sec', actorType: 'All', action: 0 },
      {
        targetType: 'StartsWith',
        target: 'Secret/',
        actorType: 'Domain',
        actor: '@ok.test',
        action: 1,
      },
      {
        targetType: 'Exact',
        target: 'Secret/x',
        actorType: 'Exact',
        actor: 'b@no.test',
        action: 2,
      },
    ]
    expect(permitted(rows, 'Page', 'a@no.test', 2)).toBe(true)
    expect(permitted(rows, 'Secret/y', 'a@no.test', 1)).toBe(false)
    expect(permitted(rows, 'Secret/y', 'a@ok.test', 1)).toBe(true)
    expect(permitted(rows, 'Secret/y', 'a@ok.test', 2)).toBe(false)
    expect(permitted(rows, 'Secret/x', 'b@no.test', 2)).toBe(true)
    expect(permitted([], 'Page', 'a@x.test', 1)).toBe(false)
  })
})
