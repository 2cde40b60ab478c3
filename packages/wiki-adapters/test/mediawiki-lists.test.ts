import { describe, expect, it } from 'vitest'
import {
  createMediaWikiSource,
  createMemoryRecordingStore,
  type WikiSourceError,
} from '@wiki/wiki-adapters/mediawiki'
import { API, fakeFetch } from './mediawiki/helpers.js'

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure')
    },
    (error: unknown) => error as WikiSourceError,
  )

describe('createMediaWikiSource: lists', () => {
  it('asks for links, redirects and transclusions in one request and tells them apart', async () => {
    const { fetch, seen } = fakeFetch(() => ({
      continue: { blcontinue: '0|7', continue: '-||' },
      query: {
        pages: [{ ns: 0, title: 'New name', pageid: 4 }],
        backlinks: [
          { pageid: 5, ns: 0, title: 'Old name', redirect: true },
          { pageid: 6, ns: 0, title: 'Delta' },
        ],
        embeddedin: [{ pageid: 6, ns: 0, title: 'Delta' }],
      },
    }))
    const source = createMediaWikiSource({ apiUrl: API, fetch })
    const answer = await source.backlinks({ title: 'New name', limit: 2 })
    expect(seen).toHaveLength(1)
    expect(seen[0]?.params).toMatchObject({
      action: 'query',
      list: 'backlinks|embeddedin',
      bltitle: 'New name',
      eititle: 'New name',
      bllimit: '2',
      eilimit: '2',
      formatversion: '2',
    })
    expect(answer).toEqual({
      title: 'New name',
      exists: true,
      backlinks: [
        { title: 'Old name', pageid: 5, ns: 0, kind: 'redirect' },
        { title: 'Delta', pageid: 6, ns: 0, kind: 'link' },
        { title: 'Delta', pageid: 6, ns: 0, kind: 'transclusion' },
      ],
      continue: 'blcontinue=0%7C7&continue=-%7C%7C',
    })
    // The token goes back as the API's own parameters.
    await source.backlinks({ title: 'New name', limit: 2, continue: answer.continue ?? '' })
    expect(seen[1]?.params).toMatchObject({ blcontinue: '0|7', continue: '-||' })
    // One kind: one module, filtered by the wiki.
    await source.backlinks({ title: 'New name', limit: 2, kinds: ['link'] })
    expect(seen[2]?.params).toMatchObject({ list: 'backlinks', blfilterredir: 'nonredirects' })
    expect(seen[2]?.params.eititle).toBeUndefined()
  })

  it('refuses a continue token that would change the request, before any request', async () => {
    const { fetch, seen } = fakeFetch(() => ({ query: {} }))
    const source = createMediaWikiSource({ apiUrl: API, fetch })
    for (const token of [
      'action=edit',
      'cmcontinue=x&titles=Secret',
      'cmcontinue=a&cmcontinue=b',
      '',
      'x'.repeat(2000),
    ]) {
      const error = await failure(
        source.categoryMembers({ category: 'Category:X', limit: 5, continue: token }),
      )
      expect(error.code).toBe('invalid_arguments')
      expect(error.message).toMatch(/^continue /)
    }
    expect(seen).toHaveLength(0)
    expect((await failure(source.recentChanges({ limit: 0 }))).code).toBe('invalid_arguments')
  })

  it('keeps a list for the TTL, then asks again', async () => {
    let clock = 0
    const { fetch, seen } = fakeFetch(() => ({
      query: {
        pages: [
          {
            title: 'Alpha',
            ns: 0,
            pageid: 1,
            categories: [
              { ns: 14, title: 'Category:A', hidden: false },
              { ns: 14, title: 'Category:H', hidden: true },
            ],
          },
        ],
      },
    }))
    const source = createMediaWikiSource({ apiUrl: API, fetch, cacheTtl: 1000, now: () => clock })
    const first = await source.pageCategories('Alpha')
    expect(first.categories).toEqual([
      { title: 'Category:A', hidden: false },
      { title: 'Category:H', hidden: true },
    ])
    await source.pageCategories('Alpha')
    expect(seen).toHaveLength(1)
    clock = 1000
    await source.pageCategories('Alpha')
    expect(seen).toHaveLength(2)
    expect(seen[0]?.params).toMatchObject({ prop: 'categories', clprop: 'hidden', redirects: '1' })
  })

  it('reports a missing page for categories, and a missing category as empty', async () => {
    const { fetch } = fakeFetch((request) =>
      request.params.prop === 'categories'
        ? { query: { pages: [{ ns: 0, title: 'Nope', missing: true }] } }
        : {
            batchcomplete: true,
            query: {
              pages: [{ ns: 14, title: 'Category:Nope', missing: true }],
              categorymembers: [],
            },
          },
    )
    const source = createMediaWikiSource({ apiUrl: API, fetch })
    expect((await failure(source.pageCategories('Nope'))).code).toBe('page_not_found')
    expect(await source.categoryMembers({ category: 'Category:Nope', limit: 5 })).toEqual({
      title: 'Category:Nope',
      exists: false,
      counts: null,
      members: [],
      continue: null,
    })
  })

  it('recent changes: hidden users and comments are null, log sizes null, the prefix filters', async () => {
    const { fetch, seen } = fakeFetch(() => ({
      query: {
        recentchanges: [
          {
            type: 'edit',
            ns: 0,
            title: 'GRUB',
            pageid: 1,
            revid: 9,
            old_revid: 8,
            timestamp: 't2',
            userhidden: true,
            commenthidden: true,
            oldlen: 10,
            newlen: 12,
            minor: true,
          },
          {
            type: 'log',
            ns: 0,
            title: 'Grub',
            pageid: 0,
            revid: 0,
            old_revid: 0,
            timestamp: 't1',
            user: 'A',
            comment: 'c',
            oldlen: 0,
            newlen: 0,
            logtype: 'delete',
            logaction: 'delete',
          },
        ],
      },
    }))
    const source = createMediaWikiSource({ apiUrl: API, fetch })
    const answer = await source.recentChanges({
      limit: 2,
      titlePrefix: 'GR',
      since: '2026-01-01T00:00:00Z',
      until: '2026-02-01T00:00:00Z',
    })
    expect(seen[0]?.params).toMatchObject({
      rcend: '2026-01-01T00:00:00Z',
      rcstart: '2026-02-01T00:00:00Z',
      rcdir: 'older',
    })
    expect(answer.scanned).toBe(2)
    expect(answer.changes).toEqual([
      expect.objectContaining({
        title: 'GRUB',
        user: null,
        comment: null,
        minor: true,
        oldSize: 10,
        newSize: 12,
      }),
    ])
    const all = await source.recentChanges({ limit: 3 })
    expect(all.changes[1]).toMatchObject({
      type: 'log',
      oldSize: null,
      newSize: null,
      logType: 'delete',
    })
  })

  it('site info: namespaces in the wiki’s language, aliases and title case', async () => {
    const { fetch } = fakeFetch(() => ({
      query: {
        general: {
          sitename: 'Wiki',
          lang: 'de',
          case: 'first-letter',
          articlepath: '/wiki/$1',
          server: '//de.example.org',
          scriptpath: '/w',
        },
        namespaces: {
          0: { id: 0, name: '', case: 'first-letter' },
          14: { id: 14, name: 'Kategorie', canonical: 'Category', case: 'first-letter' },
        },
        namespacealiases: [{ id: 14, alias: 'Kat' }],
      },
    }))
    const { namespaceOfTitle } = await import('@wiki/wiki-adapters/mediawiki')
    const info = await createMediaWikiSource({ apiUrl: API, fetch }).siteInfo()
    expect(info).toMatchObject({
      siteName: 'Wiki',
      language: 'de',
      case: 'first-letter',
      articlePath: '/wiki/$1',
      server: '//de.example.org',
      scriptPath: '/w',
    })
    for (const title of ['Kategorie:X', 'category:X', 'Kat:X', 'KATEGORIE:X']) {
      expect(namespaceOfTitle(info, title)?.id).toBe(14)
    }
    expect(namespaceOfTitle(info, 'Foo:Bar')).toBeUndefined()
    expect(namespaceOfTitle(info, 'Plain')).toBeUndefined()
    // A wiki that sends no paths says nothing about them, rather than an empty path.
    const bare = fakeFetch(() => ({ query: { general: { sitename: 'W' }, namespaces: {} } }))
    const none = await createMediaWikiSource({ apiUrl: API, fetch: bare.fetch }).siteInfo()
    expect(none).toMatchObject({ articlePath: null, server: null, scriptPath: null })
  })

  it('records list answers and replays them offline, each under its own key', async () => {
    const { fetch } = fakeFetch((request) =>
      request.params.list === 'recentchanges'
        ? {
            continue: { rccontinue: '2026|9', continue: '-||' },
            query: {
              recentchanges: [
                {
                  type: 'new',
                  ns: 0,
                  title: 'A',
                  pageid: 1,
                  revid: 2,
                  old_revid: 0,
                  timestamp: 't',
                  user: 'U',
                  comment: '',
                  oldlen: 0,
                  newlen: 3,
                },
              ],
            },
          }
        : {
            query: {
              pages: [{ ns: 0, title: 'A', pageid: 1, embeddedin: [] }],
              backlinks: [{ ns: 0, title: 'B', pageid: 2 }],
            },
          },
    )
    const store = createMemoryRecordingStore()
    const live = createMediaWikiSource({ apiUrl: API, fetch, record: { store } })
    const changes = await live.recentChanges({ limit: 1, user: 'U' })
    const links = await live.backlinks({ title: 'A', limit: 5 })
    const names = [...(await store.list())].sort()
    expect(names).toHaveLength(2)
    expect(names.every((name) => /^query_(recentchanges|backlinks)_/.test(name))).toBe(true)
    const offline = createMediaWikiSource({ apiUrl: API, offline: store })
    expect(await offline.recentChanges({ limit: 1, user: 'U' })).toEqual(changes)
    expect(await offline.backlinks({ title: 'A', limit: 5 })).toEqual(links)
    // Another page of the list was never recorded: loud, never an empty answer.
    const missing = await failure(
      offline.recentChanges({ limit: 1, user: 'U', continue: changes.continue ?? '' }),
    )
    expect(missing.code).toBe('offline_recording_missing')
  })
})
