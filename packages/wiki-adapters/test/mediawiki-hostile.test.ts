// A wiki (or whatever answers in its place) that sends what no MediaWiki would: redirects to
// other hosts, absurd nesting, text no hash can attest, ids that are not ids. Each is an
// `upstream_api_error`, never a crash or an `internal_error`; the fuzz suite at the end sends
// random JSON shapes and values in every field of every answer the adapter reads.
import {
  createMediaWikiSource,
  WikiSourceError,
  type MediaWikiSourceOptions,
} from '@wiki/wiki-adapters/mediawiki'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mutateJson, seededRandom } from '@wiki/test-utils'
import { describe, expect, it } from 'vitest'
import { API, fakeFetch, parseBody } from './mediawiki/helpers.js'

const noSleep = (): Promise<void> => Promise.resolve()

function source(fetch: typeof globalThis.fetch, extra?: Partial<MediaWikiSourceOptions>) {
  return createMediaWikiSource({ apiUrl: API, fetch, sleep: noSleep, cacheTtl: 0, ...extra })
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise
  } catch (error) {
    if (error instanceof WikiSourceError) return error.code
    throw error
  }
  return 'resolved'
}

const json = (text: string) =>
  new Response(text, { headers: { 'content-type': 'application/json' } })

function listen(handler: Parameters<typeof createServer>[1]): Promise<Server> {
  const server = createServer(handler)
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)))
}

describe('redirects', () => {
  it('with the platform fetch, a redirect to another host is refused, not followed', async () => {
    // Two real servers: the configured wiki on 127.0.0.1 redirects to "localhost", the same
    // machine under another host name, which answers with a parse of its own.
    let otherHits = 0
    const other = await listen((_request, response) => {
      otherHits++
      response.setHeader('content-type', 'application/json')
      response.end(JSON.stringify(parseBody('GRUB', 666, 'the other host’s text')))
    })
    const otherPort = (other.address() as AddressInfo).port
    const wiki = await listen((request, response) => {
      response.statusCode = 302
      response.setHeader('location', `http://localhost:${otherPort}${request.url ?? '/'}`)
      response.end()
    })
    const wikiPort = (wiki.address() as AddressInfo).port
    try {
      const mediawiki = createMediaWikiSource({
        apiUrl: `http://127.0.0.1:${wikiPort}/api.php`,
        sleep: noSleep,
      })
      const error = await mediawiki.getPage('GRUB').catch((e: unknown) => e)
      expect(error).toMatchObject({ code: 'upstream_api_error' })
      expect((error as Error).message).toContain(`"localhost:${otherPort}"`)
      expect(otherHits).toBe(0)
    } finally {
      await Promise.all(
        [wiki, other].map((s) => new Promise((resolve) => s.close(() => resolve(undefined)))),
      )
    }
  })

  it('refuses a redirect to another host and never fetches it', async () => {
    const { fetch, seen } = fakeFetch((request) =>
      request.url.hostname === 'wiki.example.org'
        ? new Response(null, {
            status: 302,
            headers: { location: 'https://evil.example.net/api.php?action=parse' },
          })
        : parseBody('GRUB', 1, 'the other host’s text'),
    )
    const error = await source(fetch)
      .getPage('GRUB')
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(WikiSourceError)
    expect(error).toMatchObject({ code: 'upstream_api_error' })
    expect((error as Error).message).toContain('"evil.example.net"')
    expect(seen.map((r) => r.url.hostname)).toEqual(['wiki.example.org'])
  })

  it('refuses a redirect to another port, scheme downgrade or a userinfo trick', async () => {
    for (const location of [
      'https://wiki.example.org:8443/api.php',
      'http://wiki.example.org/api.php',
      'https://wiki.example.org@evil.example.net/api.php',
      '//evil.example.net/api.php',
    ]) {
      const { fetch, seen } = fakeFetch((request) =>
        seen.length === 1
          ? new Response(null, { status: 301, headers: { location } })
          : parseBody('GRUB', 1, `reached ${request.url.host}`),
      )
      expect(await codeOf(source(fetch).getPage('GRUB'))).toBe('upstream_api_error')
      expect(seen).toHaveLength(1)
    }
  })

  it('follows a redirect on the same host, at most three times', async () => {
    const { fetch, seen } = fakeFetch((request) =>
      request.url.pathname === '/api.php'
        ? new Response(null, {
            status: 308,
            headers: { location: `/w/api.php${request.url.search}` },
          })
        : parseBody('GRUB', 5, 'moved'),
    )
    const page = await source(fetch).getPage('GRUB')
    expect(page.revid).toBe(5)
    expect(seen.map((r) => r.url.pathname)).toEqual(['/api.php', '/w/api.php'])

    const loop = fakeFetch(
      () => new Response(null, { status: 302, headers: { location: '/api.php?again' } }),
    )
    expect(await codeOf(source(loop.fetch).getPage('GRUB'))).toBe('upstream_api_error')
    expect(loop.seen).toHaveLength(4)
  })

  it('asks fetch not to follow redirects itself', async () => {
    let mode: RequestInit['redirect']
    const fetch = (_input: string | URL | Request, init?: RequestInit) => {
      mode = init?.redirect
      return Promise.resolve(Response.json(parseBody('GRUB', 1, 'x')))
    }
    await source(fetch).getPage('GRUB')
    expect(mode).toBe('manual')
  })
})

describe('answers no MediaWiki sends', () => {
  it('a revid that is not a positive integer is upstream_api_error', async () => {
    for (const revid of [1.5, -3, 0, 2 ** 60, '42', null]) {
      const { fetch } = fakeFetch(() => parseBody('GRUB', revid as number, 'x'))
      expect(await codeOf(source(fetch).getPage('GRUB'))).toBe('upstream_api_error')
      expect(await codeOf(source(fetch).getRevision(7))).toBe('upstream_api_error')
    }
  })

  it('a lone surrogate anywhere in an answer is upstream_api_error', async () => {
    const texts = [
      '{"parse":{"title":"GRUB","pageid":1,"revid":1,"wikitext":{"*":"a\\ud800b"}}}',
      '{"parse":{"title":"GR\\udfffUB","pageid":1,"revid":1,"wikitext":{"*":"ok"}}}',
      '{"parse":{"title":"GRUB","pageid":1,"revid":1,"wikitext":{"*":"ok"}},"\\ud83d":1}',
    ]
    for (const text of texts) {
      const { fetch } = fakeFetch(() => json(text))
      expect(await codeOf(source(fetch).getPage('GRUB'))).toBe('upstream_api_error')
    }
    // A well-formed pair is text like any other.
    const pair = '{"parse":{"title":"GRUB","pageid":1,"revid":1,"wikitext":{"*":"\\ud83d\\ude00"}}}'
    const { fetch } = fakeFetch(() => json(pair))
    expect((await source(fetch).getPage('GRUB')).wikitext).toBe('😀')
  })

  it('200,000-deep JSON is upstream_api_error, in any field, also when recording', async () => {
    const deep = `${'['.repeat(200_000)}${']'.repeat(200_000)}`
    const texts = [
      deep,
      `{"parse":{"title":"GRUB","pageid":1,"revid":1,"wikitext":{"*":"x"},"sections":${deep}}}`,
      `{"warnings":${deep},"parse":{"title":"GRUB","pageid":1,"revid":1,"wikitext":{"*":"x"}}}`,
    ]
    for (const text of texts) {
      const { fetch } = fakeFetch(() => json(text))
      const written: string[] = []
      const store = {
        read: () => Promise.resolve(undefined),
        list: () => Promise.resolve([]),
        write: (name: string) => {
          written.push(name)
          return Promise.resolve()
        },
      }
      const warnings: string[] = []
      const wiki = source(fetch, {
        record: { store },
        onWarning: (message) => warnings.push(message),
      })
      expect(await codeOf(wiki.getPage('GRUB'))).toBe('upstream_api_error')
      expect(written).toEqual([])
    }
  })

  it('a section whose toclevel is not a depth is upstream_api_error, not NaN in the answer', async () => {
    for (const toclevel of [{}, 'deep', 1.5, -1]) {
      const body = parseBody('GRUB', 3, 'x')
      ;(body.parse as { sections: Record<string, unknown>[] }).sections[0]!.toclevel = toclevel
      const { fetch } = fakeFetch(() => body)
      expect(await codeOf(source(fetch).getPage('GRUB'))).toBe('upstream_api_error')
    }
    const body = parseBody('GRUB', 3, 'x')
    ;(body.parse as { sections: Record<string, unknown>[] }).sections[0]!.toclevel = '2'
    const { fetch } = fakeFetch(() => body)
    expect((await source(fetch).getPage('GRUB')).sections[0]?.toclevel).toBe(2)
  })

  it('a revision whose text the wiki hid is permission_denied, not an outage', async () => {
    const { fetch } = fakeFetch(() => ({
      error: {
        code: 'permissiondenied',
        info: "You don't have permission to view deleted revision text.",
      },
    }))
    expect(await codeOf(source(fetch).getRevision(9))).toBe('permission_denied')
    expect(await codeOf(source(fetch).getRevisionWikitext(9))).toBe('permission_denied')
  })
})

// ── Fuzz ───────────────────────────────────────────────────────────────────────────────────────

/** A small seeded generator, so a failing case can be replayed from its seed. */
const STRINGS = ['', 'GRUB', '0', '-1', '1.5', 'a\ud800b', '\udc00', '😀', ' ', 'null', '[]', '{}']
const NUMBERS = [0, -1, 1, 1.5, 2 ** 53, -(2 ** 60), 1e308, Number.MIN_VALUE, 42]

function value(next: () => number, depth: number): unknown {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T
  const kind = Math.floor(next() * (depth > 3 ? 5 : 8))
  switch (kind) {
    case 0:
      return null
    case 1:
      return next() < 0.5
    case 2:
      return pick(NUMBERS)
    case 3:
      return pick(STRINGS)
    case 4:
      return `${pick(STRINGS)}${Math.floor(next() * 1000)}`
    case 5:
      return Array.from({ length: Math.floor(next() * 3) }, () => value(next, depth + 1))
    case 6: {
      const out: Record<string, unknown> = {}
      for (let i = Math.floor(next() * 3); i > 0; i--) out[pick(KEYS)] = value(next, depth + 1)
      return out
    }
    default:
      return `${'['.repeat(70)}${']'.repeat(70)}`
  }
}

const KEYS = [
  'parse',
  'query',
  'title',
  'pageid',
  'revid',
  'wikitext',
  '*',
  'sections',
  'redirects',
  'from',
  'to',
  'pages',
  'revisions',
  'search',
  'error',
  'code',
  'info',
  'warnings',
  'continue',
  'rvcontinue',
  'missing',
  'invalid',
  'normalized',
  'namespaces',
  'namespacealiases',
  'interwikimap',
  'byteoffset',
  'anchor',
  'level',
  'user',
  'userhidden',
  'comment',
  'size',
  'timestamp',
  'parentid',
  'tags',
  'minor',
  'snippet',
  'ns',
  'prefix',
  'name',
  'canonical',
]

const VALID: Record<string, unknown> = {
  parse: parseBody('GRUB', 10, '== A ==\ntext'),
  history: {
    continue: { rvcontinue: '20260101000000|9', continue: '||' },
    query: {
      redirects: [{ from: 'Grub', to: 'GRUB' }],
      pages: [
        {
          pageid: 7,
          ns: 0,
          title: 'GRUB',
          revisions: [
            {
              revid: 10,
              parentid: 9,
              minor: true,
              user: 'A',
              timestamp: '2026-01-01T00:00:00Z',
              size: 3,
              comment: 'c',
              tags: ['t'],
            },
            {
              revid: 9,
              parentid: 0,
              minor: false,
              userhidden: true,
              commenthidden: true,
              timestamp: '2026-01-01T00:00:00Z',
              size: 2,
              tags: [],
            },
          ],
        },
      ],
    },
  },
  resolve: { query: { pages: [{ pageid: 7, ns: 0, title: 'GRUB' }] } },
  search: { query: { search: [{ ns: 0, title: 'GRUB', pageid: 7, snippet: 's' }] } },
  siteinfo: {
    query: {
      namespaces: { '14': { id: 14, name: 'Category', canonical: 'Category' } },
      namespacealiases: [{ id: 6, '*': 'Image' }],
      interwikimap: [{ prefix: 'wikipedia' }],
    },
  },
  aliases: {
    query: {
      normalized: [{ from: 'Template:attention', to: 'Template:Attention' }],
      redirects: [{ from: 'Template:Attention', to: 'Template:Warning' }],
      pages: { '5': { pageid: 5, title: 'Template:Attention', revisions: [{ revid: 3 }] } },
    },
  },
}

const CALLS: Record<string, (wiki: ReturnType<typeof source>) => Promise<unknown>> = {
  parse: (wiki) => wiki.getPage('GRUB'),
  revision: (wiki) => wiki.getRevision(10),
  wikitext: (wiki) => wiki.getRevisionWikitext(10),
  history: (wiki) => wiki.history('GRUB', { limit: 2 }),
  resolve: (wiki) => wiki.resolveTitle('GRUB'),
  search: (wiki) => wiki.search('GRUB', 5),
  siteinfo: (wiki) => wiki.linkPrefixes(),
  aliases: (wiki) => wiki.resolveTemplateAliases('GRUB', ['attention']),
}

const ALLOWED = new Set(['resolved', 'upstream_api_error', 'page_not_found', 'permission_denied'])

describe('fuzz: random answers never crash the adapter', () => {
  it.each(Object.keys(CALLS))('%s: 400 mutated answers', async (name) => {
    const call = CALLS[name] as (wiki: ReturnType<typeof source>) => Promise<unknown>
    const base = name === 'revision' || name === 'wikitext' ? VALID.parse : VALID[name]
    const seen = new Map<string, number>()
    for (let seed = 1; seed <= 400; seed++) {
      const next = seededRandom(seed * 7919 + name.length)
      // Most answers are a valid one with a few fields changed; some are random from the root.
      const body = next() < 0.85 ? mutateJson(base, next, () => value(next, 0)) : value(next, 0)
      // Every request of the call (the alias lookup sends two) gets the same random answer.
      const { fetch } = fakeFetch(() => json(JSON.stringify(body)))
      let code: string
      try {
        code = await codeOf(call(source(fetch, { onWarning: () => undefined })))
      } catch (error) {
        throw new Error(`seed ${seed}: ${name} threw ${String(error)} for ${JSON.stringify(body)}`)
      }
      if (!ALLOWED.has(code)) {
        throw new Error(`seed ${seed}: ${name} failed with ${code} for ${JSON.stringify(body)}`)
      }
      seen.set(code, (seen.get(code) ?? 0) + 1)
    }
    // The generator reaches both outcomes: the test would notice an adapter that refuses all.
    // (siteinfo never refuses: a bad answer degrades to the fallback prefixes.)
    const refusals = seen.get('upstream_api_error') ?? 0
    expect(name === 'siteinfo' || refusals > 0).toBe(true)
    expect(seen.get('resolved') ?? 0).toBeGreaterThan(0)
  })
})
