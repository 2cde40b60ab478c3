import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { FakeAhaWiki } from '../fake/fake-ahawiki.mjs'
import { errorOf, startApp, startFake, stopFake, type RunningApp, type Json } from './harness.js'

let fake: FakeAhaWiki
let app: RunningApp

beforeAll(async () => {
  fake = await startFake({ pages: [{ name: 'Plan', text: 'original' }] })
  app = await startApp(fake, { AHAWIKI_MCP_WRITE: '1' })
})
afterAll(async () => {
  await app.close()
  await stopFake(fake)
})
beforeEach(() => {
  fake.requests.length = 0
})

const valid = { name: 'Plan', text: 'new text', revision: 1, comment: 'why' }

describe('save rules, enforced before any request', () => {
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['revision missing', { name: 'Plan', text: 't', comment: 'c' }, 'revision'],
    ['revision -1', { ...valid, revision: -1 }, 'revision'],
    ['revision 1.5', { ...valid, revision: 1.5 }, 'revision'],
    ['revision "3"', { ...valid, revision: '3' }, 'revision'],
    ['comment missing', { name: 'Plan', text: 't', revision: 1 }, 'comment'],
    ['comment blank', { ...valid, comment: '  \n ' }, 'comment'],
    ['text missing', { name: 'Plan', revision: 1, comment: 'c' }, 'text'],
    ['text not a string', { ...valid, text: 42 }, 'text'],
    ['an extra property', { ...valid, force: true }, 'force'],
    ['name ".."', { ...valid, name: '..' }, 'name'],
    ['name with a trailing space', { ...valid, name: 'Plan ' }, 'name'],
    ['minorEdit not boolean', { ...valid, minorEdit: 'yes' }, 'minorEdit'],
  ]
  it.each(cases)('rejects %s as invalid_arguments', async (_label, args, path) => {
    const error = errorOf(await app.call('ahawiki_save_page', args))
    expect(error.code).toBe('invalid_arguments')
    expect((error.issues as Array<{ path: string }>).map((i) => i.path)).toContain(path)
    expect(fake.requests).toEqual([])
  })

  it('names every violation at once', async () => {
    const error = errorOf(await app.call('ahawiki_save_page', { name: 'Plan', revision: -1 }))
    const paths = (error.issues as Array<{ path: string }>).map((i) => i.path).sort()
    expect(paths).toEqual(['comment', 'revision', 'text'])
    expect(fake.requests).toEqual([])
  })

  it('rejects afterRevision without name on recent changes', async () => {
    const error = errorOf(await app.call('ahawiki_recent_changes', { afterRevision: 0 }))
    expect(error.code).toBe('invalid_arguments')
    expect(error.message).toContain('afterRevision')
    expect(fake.requests).toEqual([])
  })

  it.each(['yesterday', '2026-06-24 10:00', '2026-13-01', '2026-06-24T10:00+9'])(
    'rejects since %j',
    async (since) => {
      const error = errorOf(await app.call('ahawiki_recent_changes', { since }))
      expect(error.code).toBe('invalid_arguments')
      expect(fake.requests).toEqual([])
    },
  )
})

describe('conflict, end to end', () => {
  it('refuses a stale save, then succeeds after re-reading', async () => {
    const first = (await app.call('ahawiki_read_page', { name: 'Plan' })).structuredContent as Json
    const bumped = fake.bumpRevision('Plan', { text: 'their edit' })
    expect(bumped).toBe(first.revision + 1)
    fake.requests.length = 0

    const conflict = errorOf(
      await app.call('ahawiki_save_page', {
        name: 'Plan',
        text: 'my edit',
        revision: first.revision,
        comment: 'mine',
      }),
    )
    expect(conflict.code).toBe('revision_conflict')
    expect(conflict.latestRevision).toBe(first.revision + 1)
    expect(conflict.message).toMatch(/nothing was saved/)
    expect(conflict.message).toMatch(/Read the page again, merge/)
    expect(fake.revisions('Plan').at(-1)!.text).toBe('their edit')
    // Exactly one POST: the server never retries a save by itself.
    expect(fake.requests.filter((r) => r.method === 'POST')).toHaveLength(1)

    const again = (await app.call('ahawiki_read_page', { name: 'Plan' })).structuredContent as Json
    expect(again.content).toBe('their edit')
    const saved = (
      await app.call('ahawiki_save_page', {
        name: 'Plan',
        text: `${again.content}\nmy edit`,
        revision: again.revision,
        comment: 'mine, merged',
      })
    ).structuredContent as Json
    expect(saved).toMatchObject({ revision: again.revision + 1, previousRevision: again.revision })
    expect(fake.revisions('Plan').at(-1)!.text).toBe('their edit\nmy edit')
  })

  it('reports a conflict when someone edits between read and save', async () => {
    const read = (await app.call('ahawiki_read_page', { name: 'Plan' })).structuredContent as Json
    fake.beforeNextSave(() => {
      fake.bumpRevision('Plan')
    })
    const error = errorOf(
      await app.call('ahawiki_save_page', {
        name: 'Plan',
        text: 'x',
        revision: read.revision,
        comment: 'c',
      }),
    )
    expect(error).toMatchObject({ code: 'revision_conflict', latestRevision: read.revision + 1 })
  })

  it('says the page already exists when revision 0 conflicts', async () => {
    const error = errorOf(
      await app.call('ahawiki_save_page', { name: 'Plan', text: 'x', revision: 0, comment: 'c' }),
    )
    expect(error.code).toBe('revision_conflict')
    expect(error.message).toContain('already exists')
  })
})
