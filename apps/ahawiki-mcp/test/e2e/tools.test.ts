import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { FakeAhaWiki } from '../fake/fake-ahawiki.mjs'
import { KEY, startApp, startFake, stopFake, type RunningApp, type Json } from './harness.js'

const NAMES = ['C++', 'a b', 'Dev/Api', '위키', '100%']
const manyHits = Array.from({ length: 30 }, (_, i) => `needle line ${i + 1}`).join('\n')

let fake: FakeAhaWiki
let app: RunningApp

beforeAll(async () => {
  fake = await startFake({
    now: () => Date.UTC(2026, 5, 24, 3, 0, 0, 250),
    pages: [
      ...NAMES.map((name) => ({
        name,
        revisions: [{ text: `Body of ${name}`, dateTime: '2026-06-20T09:00' }],
      })),
      { name: 'needle', revisions: [{ text: 'exact name', dateTime: '2020-01-01T00:00' }] },
      { name: 'Many', revisions: [{ text: manyHits, dateTime: '2026-06-23T08:00:05' }] },
      { name: 'a_x', revisions: [{ text: 'wildcard twin', dateTime: '2026-06-19T00:00' }] },
      {
        name: 'Log',
        revisions: [
          { text: 'v1', dateTime: '2026-06-24T08:00', comment: 'first' },
          { text: 'v2', dateTime: '2026-06-24T09:30', comment: 'minor', minorEdit: true },
          {
            text: 'v3',
            dateTime: '2026-06-24T10:00:05',
            comment: 'bot',
            viaApi: true,
            keyName: 'bot',
          },
        ],
      },
    ],
  })
  app = await startApp(fake, { AHAWIKI_MCP_WRITE: '1' })
})
afterAll(async () => {
  await app.close()
  await stopFake(fake)
})
beforeEach(() => {
  fake.requests.length = 0
})

describe('ahawiki_search', () => {
  it('puts the exact name first, then newest, with snippets and counts', async () => {
    const result = await app.call('ahawiki_search', { q: ' needle ', limit: 5 })
    const s = result.structuredContent as Json
    expect(s.query).toBe('needle')
    expect(s.results.map((r: Json) => r.name)).toEqual(['needle', 'Many'])
    expect(s.results[0]).toMatchObject({ matchedName: true, snippet: '' })
    expect(s.results[1].hitLinesNotShown).toBe(10)
    expect(s.results[1].snippet.split('\n')[0]).toBe('needle line 1')
    expect(s.moreThanShown).toBe(false)
    expect(s.note).toBeUndefined()
    expect(JSON.parse(result.content[0]!.text!)).toEqual(s)
    expect(fake.requests[0]!.query).toEqual({ q: 'needle', limit: '5' })
  })

  it('adds a note when more pages match than shown', async () => {
    const s = (await app.call('ahawiki_search', { q: 'Body', limit: 2 })).structuredContent as Json
    expect(s.results).toHaveLength(2)
    expect(s.moreThanShown).toBe(true)
    expect(s.note).toMatch(/refine q or raise limit/)
  })
})

describe('ahawiki_read_page', () => {
  it('sends the bearer key, a JSON Accept and its User-Agent, with no Content-Type on a GET', async () => {
    await app.call('ahawiki_read_page', { name: 'C++' })
    const { headers } = fake.requests[0]!
    expect(headers.authorization).toBe(`Bearer ${KEY}`)
    expect(headers.accept).toBe('application/json')
    expect(headers['user-agent']).toMatch(/^ahawiki-mcp\/\d+\.\d+\.\d+/)
    expect(headers['content-type']).toBeUndefined()
  })

  it.each(NAMES)('round-trips the name %j', async (name) => {
    const s = (await app.call('ahawiki_read_page', { name })).structuredContent as Json
    expect(Object.keys(s).sort()).toEqual(
      [
        'content',
        'contentHash',
        'dateTime',
        'isMinorEdit',
        'name',
        'revision',
        'userApiKeyName',
        'viaApi',
      ].sort(),
    )
    expect(s).toMatchObject({
      name,
      revision: 1,
      content: `Body of ${name}`,
      dateTime: '2026-06-20T09:00',
    })
    expect(s.contentHash).toMatch(/^sha256:[0-9a-f]{64}$/)
    expect(fake.requests[0]!.name).toBe(name)
  })
})

describe('ahawiki_list_pages', () => {
  it('keeps names that literally start with the prefix', async () => {
    const s = (await app.call('ahawiki_list_pages', { prefix: 'a_' })).structuredContent as Json
    // The wiki's LIKE also matches "a b"; the tool drops it.
    expect(s.pages.map((p: Json) => p.name)).toEqual(['a_x'])
    expect(s).toMatchObject({ prefix: 'a_', truncated: false })
    expect(fake.requests[0]!.query).toEqual({ prefix: 'a_', limit: '201' })
  })

  it('says truncated, with a note, when more than limit came back', async () => {
    const s = (await app.call('ahawiki_list_pages', { limit: 3 })).structuredContent as Json
    expect(s.pages).toHaveLength(3)
    expect(s.truncated).toBe(true)
    expect(s.note).toMatch(/no pagination/)
    expect(fake.requests[0]!.query.limit).toBe('4')
  })
})

describe('ahawiki_recent_changes', () => {
  const rows = async (args: Record<string, unknown>) =>
    ((await app.call('ahawiki_recent_changes', args)).structuredContent as Json).changes.map(
      (c: Json) => `${c.name}#${c.revision}`,
    )

  it('filters by name, afterRevision, minor and API edits', async () => {
    expect(await rows({ name: 'Log' })).toEqual(['Log#3', 'Log#2', 'Log#1'])
    expect(await rows({ name: 'Log', afterRevision: 2 })).toEqual(['Log#3'])
    expect(await rows({ name: 'Log', includeMinorEdit: false })).toEqual(['Log#3', 'Log#1'])
    expect(await rows({ name: 'Log', includeViaApi: false })).toEqual(['Log#2', 'Log#1'])
    expect(fake.requests[2]!.query).toMatchObject({ includeMinorEdit: '0', includeViaApi: '1' })
  })

  it('converts since with Z to KST and sends it without an offset', async () => {
    expect(await rows({ since: '2026-06-24T00:30Z' })).toEqual(['Log#3', 'Log#2'])
    expect(fake.requests[0]!.query.since).toBe('2026-06-24T09:30')
    expect(await rows({ since: '2026-06-24' })).toEqual(['Log#3', 'Log#2', 'Log#1'])
    expect(fake.requests[1]!.query.since).toBe('2026-06-24T00:00')
    expect(await rows({ since: '2026-06-24T10:00:00.5+09:00' })).toEqual(['Log#3'])
    expect(fake.requests[2]!.query.since).toBe('2026-06-24T10:00:00.5')
  })

  it('reports truncation with a note', async () => {
    const s = (await app.call('ahawiki_recent_changes', { limit: 2 })).structuredContent as Json
    expect(s.changes).toHaveLength(2)
    expect(s.truncated).toBe(true)
    expect(s.note).toMatch(/no pagination/)
  })
})

describe('ahawiki_save_page', () => {
  it('creates a page with revision 0, minor by default', async () => {
    const s = (
      await app.call('ahawiki_save_page', {
        name: 'New + page/한글',
        text: 'fresh\r\ntext',
        revision: 0,
        comment: '  create it  ',
      })
    ).structuredContent as Json
    expect(s).toEqual({
      name: 'New + page/한글',
      revision: 1,
      previousRevision: 0,
      dateTime: '2026-06-24T12:00:00.250',
      minorEdit: true,
    })
    expect(JSON.parse(fake.requests[0]!.body)).toEqual({
      revision: 0,
      text: 'fresh\r\ntext',
      comment: 'create it',
      minorEdit: true,
    })
    expect(fake.revisions('New + page/한글')).toEqual([
      expect.objectContaining({
        text: 'fresh\r\ntext',
        minorEdit: true,
        viaApi: true,
        keyName: 'e2e-agent',
      }),
    ])
  })

  it('saves an existing page as a major edit on request', async () => {
    const read = (await app.call('ahawiki_read_page', { name: 'Dev/Api' }))
      .structuredContent as Json
    const s = (
      await app.call('ahawiki_save_page', {
        name: 'Dev/Api',
        text: `${read.content}\nmore`,
        revision: read.revision,
        comment: 'extend',
        minorEdit: false,
      })
    ).structuredContent as Json
    expect(s).toMatchObject({ revision: 2, previousRevision: 1, minorEdit: false })
    expect(fake.revisions('Dev/Api').at(-1)).toMatchObject({ minorEdit: false, comment: 'extend' })
  })
})
