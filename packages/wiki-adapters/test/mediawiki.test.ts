import { describe, expect, it } from 'vitest'
import {
  canonicalTemplateName,
  createMediaWikiSource,
  createMemoryRecordingStore,
  FALLBACK_LINK_PREFIXES,
  recordingFileName,
  recordMediaWiki,
  safeRecordingKey,
  selfAttestingType,
  WikiSourceError,
  type MediaWikiSourceOptions,
} from '@wiki/wiki-adapters/mediawiki'
import { API, fakeFetch, parseBody } from './mediawiki/helpers.js'

async function failure(promise: Promise<unknown>): Promise<WikiSourceError> {
  try {
    await promise
  } catch (error) {
    if (error instanceof WikiSourceError) return error
    throw error
  }
  throw new Error('expected a WikiSourceError')
}

const noSleep = (): Promise<void> => Promise.resolve()

function source(
  fetch: typeof globalThis.fetch,
  extra?: Partial<MediaWikiSourceOptions>,
): ReturnType<typeof createMediaWikiSource> {
  return createMediaWikiSource({ apiUrl: API, fetch, sleep: noSleep, ...extra })
}

describe('safeRecordingKey and recordingFileName', () => {
  it.each([
    ['Installation guide (Français)', 'Installation_guide__Français_'],
    ['Installation_guide', 'Installation_guide'],
    ['C++', 'C__'],
    ['Iwd (简体中文)', 'Iwd__简体中文_'],
    ['𝔸b', '𝔸b'],
    ['a😀b', 'a_b'],
    ['oldid_858930', 'oldid_858930'],
  ])('%s → %s', (key, safe) => {
    expect(safeRecordingKey(key)).toBe(safe)
  })

  it('names files by action and key', () => {
    expect(recordingFileName('parse', 'Installation guide (Français)')).toBe(
      'parse_Installation_guide__Français_.json',
    )
    expect(recordingFileName('query', 'nearmatch_C++')).toBe('query_nearmatch_C__.json')
  })
})

describe('template names', () => {
  it.each([
    ['Note', 'NOTE'],
    ['note', 'NOTE'],
    ['WARNING', 'WARNING'],
    ['Note (Español)', 'NOTE'],
    [' Tip  (Français) ', 'TIP'],
    ['Caution(x)', 'CAUTION'],
    ['Attention', null],
    ['Notes', null],
    ['Note (a) (b)', null],
  ])('selfAttestingType(%j) is %s', (name, type) => {
    expect(selfAttestingType(name)).toBe(type)
  })

  it.each([
    ['translationStatus (Français)', 'TranslationStatus (Français)'],
    ['attention', 'Attention'],
    ['  Some__odd _ name ', 'Some odd name'],
    ['élan', 'Élan'],
    ['=', null],
    ['!', null],
    ['DISPLAYTITLE:x', null],
    ['#if', null],
    ['a[b', null],
    ['', null],
  ])('canonicalTemplateName(%j) is %j', (name, canonical) => {
    expect(canonicalTemplateName(name)).toBe(canonical)
  })
})

describe('createMediaWikiSource: requests', () => {
  it('parses a page by title with the documented parameters, User-Agent and format=json', async () => {
    const { fetch, seen } = fakeFetch(() => parseBody('GRUB', 10, '== A ==\ntext'))
    const wiki = source(fetch, { userAgent: 'arch-wiki-mcp/9 (+https://example.org)' })
    const page = await wiki.getPage('GRUB')
    expect(seen).toHaveLength(1)
    const request = seen[0]!
    expect(`${request.url.origin}${request.url.pathname}`).toBe(API)
    expect(request.order).toEqual(['action', 'page', 'prop', 'redirects', 'format'])
    expect(request.params).toEqual({
      action: 'parse',
      page: 'GRUB',
      prop: 'wikitext|sections|revid',
      redirects: '1',
      format: 'json',
    })
    expect(request.params.formatversion).toBeUndefined()
    expect(request.headers.get('user-agent')).toBe('arch-wiki-mcp/9 (+https://example.org)')
    expect(page).toMatchObject({ title: 'GRUB', pageid: 7, revid: 10, wikitext: '== A ==\ntext' })
    expect(page.redirectedFrom).toBeNull()
    // Unknown section keys are dropped.
    expect(page.sections[0]).toEqual({
      toclevel: 1,
      level: '2',
      line: 'A',
      number: '1',
      index: '1',
      fromtitle: 'GRUB',
      byteoffset: 0,
      anchor: 'A',
      linkAnchor: 'A',
    })
  })

  it('reports redirected_from and serves the target title', async () => {
    const { fetch } = fakeFetch(() =>
      parseBody('GRUB', 10, 'x', { redirects: [{ from: 'Grub', to: 'GRUB', tofragment: 'Y' }] }),
    )
    const page = await source(fetch).getPage('Grub')
    expect(page.title).toBe('GRUB')
    expect(page.redirectedFrom).toBe('Grub')
  })

  it('accepts formatversion=2 shapes', async () => {
    const { fetch } = fakeFetch(() => ({
      parse: { title: 'T', pageid: 1, revid: 5, wikitext: 'plain', sections: [] },
    }))
    expect((await source(fetch).getPage('T')).wikitext).toBe('plain')
  })

  it('parses by revid without redirects', async () => {
    const { fetch, seen } = fakeFetch(() => parseBody('GRUB', 42, 'old'))
    const revision = await source(fetch).getRevision(42)
    expect(revision.revid).toBe(42)
    expect(seen[0]!.order).toEqual(['action', 'oldid', 'prop', 'format'])
    expect(seen[0]!.params).toMatchObject({ oldid: '42', prop: 'wikitext|sections|revid' })
  })

  it('fetches a revision wikitext with exactly the revision_wikitext_url request', async () => {
    const { fetch, seen } = fakeFetch(() => ({
      parse: { title: 'GRUB', pageid: 1, wikitext: { '*': 'w' } },
    }))
    const wiki = source(fetch)
    expect(await wiki.getRevisionWikitext(42)).toEqual({ title: 'GRUB', revid: 42, wikitext: 'w' })
    expect(seen[0]!.url.toString()).toBe(`${API}?action=parse&oldid=42&prop=wikitext&format=json`)
  })

  it('searches nearmatch then text, in that order, and keeps the wiki order', async () => {
    const { fetch, seen } = fakeFetch((request) => ({
      query: {
        search:
          request.params.srwhat === 'nearmatch'
            ? [{ ns: 0, title: 'GRUB', pageid: 1, snippet: '' }]
            : [
                { ns: 0, title: 'Grub', pageid: 2, snippet: 'a', size: 9 },
                { ns: 0, title: 'GRUB', pageid: 1, snippet: 'b' },
              ],
      },
    }))
    const results = await source(fetch).search('GRUB', 5)
    expect(seen.map((r) => [r.params.srwhat, r.params.srlimit])).toEqual([
      ['nearmatch', '1'],
      ['text', '5'],
    ])
    expect(seen[0]!.params).toMatchObject({ action: 'query', list: 'search', srsearch: 'GRUB' })
    expect(results.nearmatch.map((hit) => hit.title)).toEqual(['GRUB'])
    expect(results.text).toEqual([
      { ns: 0, title: 'Grub', pageid: 2, snippet: 'a' },
      { ns: 0, title: 'GRUB', pageid: 1, snippet: 'b' },
    ])
  })

  it('treats a search answer without query.search as an upstream error', async () => {
    const { fetch } = fakeFetch(() => ({ batchcomplete: '' }))
    expect((await failure(source(fetch).search('x', 1))).code).toBe('upstream_api_error')
  })

  it('refuses a bad limit and a bad revid before any request', async () => {
    const { fetch, seen } = fakeFetch(() => ({}))
    const wiki = source(fetch)
    expect((await failure(wiki.search('x', 0))).code).toBe('invalid_arguments')
    expect((await failure(wiki.getRevision(-1))).code).toBe('invalid_arguments')
    expect(seen).toHaveLength(0)
  })

  it('refuses an apiUrl that is not http(s)', () => {
    expect(() => createMediaWikiSource({ apiUrl: 'file:///etc/api.php' })).toThrow(WikiSourceError)
  })
})

describe('createMediaWikiSource: error classification', () => {
  it.each(['missingtitle', 'invalidtitle', 'nosuchrevid'])('%s → page_not_found', async (code) => {
    const { fetch } = fakeFetch(() => ({ error: { code, info: 'nope' } }))
    const error = await failure(source(fetch).getPage('Nonexistent page xyz'))
    expect(error.code).toBe('page_not_found')
    expect(error.message).toBe('Page not found: "Nonexistent page xyz"')
  })

  it.each(['ratelimited', 'readonly', 'internal_api_error_DBQueryError'])(
    '%s → upstream_api_error naming the code',
    async (code) => {
      const { fetch } = fakeFetch(() => ({ error: { code, info: 'busy' } }))
      const error = await failure(source(fetch).getPage('GRUB'))
      expect(error.code).toBe('upstream_api_error')
      expect(error.message).toContain(code)
      expect(error.message).toMatch(/^The wiki did not answer: /)
    },
  )

  it('treats an HTML page under HTTP 200 as an upstream error', async () => {
    const { fetch } = fakeFetch(
      () =>
        new Response('<!doctype html><title>Just a moment…</title>', {
          status: 200,
          headers: { 'content-type': 'text/html' },
        }),
    )
    const error = await failure(source(fetch).getPage('GRUB'))
    expect(error.code).toBe('upstream_api_error')
    expect(error.message).toContain('not JSON (text/html)')
  })

  it.each([
    [{ batchcomplete: '' }, 'no "parse"'],
    [{ parse: { title: 'GRUB', wikitext: { '*': 'x' } } }, 'lacks "revid"'],
    [[1, 2], 'not a JSON object'],
  ])('treats the envelope %j as upstream', async (body, message) => {
    const { fetch } = fakeFetch(() => Response.json(body))
    const error = await failure(source(fetch).getPage('GRUB'))
    expect(error.code).toBe('upstream_api_error')
    expect(error.message).toContain(message)
  })

  it('treats a non-2xx status and a network failure as upstream, without retrying them', async () => {
    const status = fakeFetch(() => new Response('no', { status: 500 }))
    expect((await failure(source(status.fetch).getPage('GRUB'))).message).toContain('HTTP 500')
    expect(status.seen).toHaveLength(1)
    const network = fakeFetch(() => () => Promise.reject(new TypeError('fetch failed')))
    const error = await failure(source(network.fetch).getPage('GRUB'))
    expect(error.code).toBe('upstream_api_error')
    expect(error.message).toContain('fetch failed')
    expect(network.seen).toHaveLength(1)
  })

  it('times out every request', async () => {
    const { fetch } = fakeFetch(() => () => new Promise<Response>(() => undefined))
    const hanging: typeof globalThis.fetch = (input, init) =>
      new Promise((resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error))
        void fetch(input, init).then(resolve)
      })
    const error = await failure(source(hanging, { timeout: 50 }).getPage('GRUB'))
    expect(error.code).toBe('upstream_api_error')
    expect(error.message).toContain('no answer within 50 ms')
  })

  it('refuses a body larger than maxResponseBytes, declared or streamed', async () => {
    const big = JSON.stringify(parseBody('GRUB', 1, 'x'.repeat(5000)))
    const declared = fakeFetch(() => new Response(big, { headers: { 'content-length': '5100' } }))
    const error = await failure(source(declared.fetch, { maxResponseBytes: 1000 }).getPage('GRUB'))
    expect(error.code).toBe('upstream_api_error')
    expect(error.message).toContain('larger than 1000 bytes')
    const streamed = fakeFetch(() => new Response(new Blob([big]).stream()))
    const error2 = await failure(source(streamed.fetch, { maxResponseBytes: 1000 }).getPage('GRUB'))
    expect(error2.message).toContain('larger than 1000 bytes')
    const fits = fakeFetch(() => new Response(big))
    expect((await source(fits.fetch, { maxResponseBytes: 10_000 }).getPage('GRUB')).revid).toBe(1)
  })

  it('times out even when the injected fetch ignores the abort signal', async () => {
    const { fetch } = fakeFetch(() => () => new Promise<Response>(() => undefined))
    const error = await failure(source(fetch, { timeout: 30 }).getPage('GRUB'))
    expect(error.message).toContain('no answer within 30 ms')
  })

  it('retries 429, 503 and maxlag with backoff, honouring Retry-After', async () => {
    const answers = [
      new Response('', { status: 429, headers: { 'retry-after': '2' } }),
      new Response('', { status: 503 }),
      Response.json({ error: { code: 'maxlag', info: 'lagged' } }),
      Response.json(parseBody('GRUB', 1, 'x')),
    ]
    const { fetch, seen } = fakeFetch(() => answers.shift()!)
    const sleeps: number[] = []
    const wiki = source(fetch, {
      retries: 3,
      retryDelay: 100,
      sleep: (ms) => {
        sleeps.push(ms)
        return Promise.resolve()
      },
    })
    expect((await wiki.getPage('GRUB')).revid).toBe(1)
    expect(seen).toHaveLength(4)
    expect(sleeps).toEqual([2000, 200, 400])
  })

  it('gives up after the allowed retries with the last status', async () => {
    const { fetch, seen } = fakeFetch(() => new Response('', { status: 503 }))
    const error = await failure(source(fetch, { retries: 2 }).getPage('GRUB'))
    expect(error.message).toContain('HTTP 503')
    expect(seen).toHaveLength(3)
  })

  it('reports API warnings without failing', async () => {
    const warnings: string[] = []
    const { fetch } = fakeFetch(() => parseBody('GRUB', 1, 'x', {}))
    const withWarnings: typeof globalThis.fetch = async (input, init) => {
      const response = await fetch(input, init)
      const body = (await response.json()) as Record<string, unknown>
      return Response.json({ ...body, warnings: { main: { '*': 'Unrecognized parameter' } } })
    }
    const page = await source(withWarnings, { onWarning: (m) => warnings.push(m) }).getPage('GRUB')
    expect(page.revid).toBe(1)
    expect(warnings[0]).toContain('Unrecognized parameter')
  })
})

describe('createMediaWikiSource: caching and single-flight', () => {
  it('answers a title within the TTL and any cached revid without a request', async () => {
    let clock = 0
    const { fetch, seen } = fakeFetch((request) =>
      parseBody('GRUB', request.params.oldid ? Number(request.params.oldid) : 10, 'x'),
    )
    const wiki = source(fetch, { now: () => clock, cacheTtl: 1000 })
    await wiki.getPage('GRUB')
    await wiki.getPage('GRUB')
    await wiki.getRevision(10)
    await wiki.getRevisionWikitext(10)
    expect(seen).toHaveLength(1)
    await wiki.getPage('GRUB', { fresh: true })
    expect(seen).toHaveLength(2)
    clock = 1000
    await wiki.getPage('GRUB')
    expect(seen).toHaveLength(3)
  })

  it('does not cache titles when the TTL is 0, but still caches revisions', async () => {
    const { fetch, seen } = fakeFetch(() => parseBody('GRUB', 10, 'x'))
    const wiki = source(fetch, { cacheTtl: 0 })
    await wiki.getPage('GRUB')
    await wiki.getPage('GRUB')
    await wiki.getRevision(10)
    expect(seen).toHaveLength(2)
  })

  it('answers a repeated search within the TTL, a new query or limit with requests', async () => {
    let clock = 0
    const { fetch, seen } = fakeFetch((request) => ({
      query: { search: [{ ns: 0, title: String(request.params.srsearch), pageid: 1 }] },
    }))
    const wiki = source(fetch, { now: () => clock, cacheTtl: 1000 })
    const first = await wiki.search('GRUB', 5)
    expect(await wiki.search('GRUB', 5)).toEqual(first)
    expect(seen).toHaveLength(2)
    await wiki.search('GRUB', 6)
    await wiki.search('iwd', 5)
    expect(seen).toHaveLength(6)
    clock = 1000
    await wiki.search('GRUB', 5)
    expect(seen).toHaveLength(8)
    const uncached = source(fetch, { cacheTtl: 0 })
    await uncached.search('GRUB', 5)
    await uncached.search('GRUB', 5)
    expect(seen).toHaveLength(12)
  })

  it('evicts revisions beyond the byte bound', async () => {
    const { fetch, seen } = fakeFetch((request) =>
      parseBody('P', Number(request.params.oldid), 'x'.repeat(100)),
    )
    const wiki = source(fetch, { cacheMaxBytes: 300 })
    await wiki.getRevision(1)
    await wiki.getRevision(2)
    await wiki.getRevision(1)
    expect(seen).toHaveLength(3)
  })

  it('coalesces identical requests in flight', async () => {
    let release: () => void = () => undefined
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    const { fetch, seen } = fakeFetch(() => async () => {
      await gate
      return Response.json(parseBody('GRUB', 10, 'x'))
    })
    const wiki = source(fetch)
    const both = Promise.all([wiki.getPage('GRUB'), wiki.getPage('GRUB')])
    release()
    const [a, b] = await both
    expect(a.revid).toBe(b.revid)
    expect(seen).toHaveLength(1)
  })
})

describe('createMediaWikiSource: link prefixes', () => {
  const siteinfo = {
    query: {
      namespaces: {
        '0': { id: 0, case: 'first-letter', '*': '' },
        '6': { id: 6, canonical: 'File', '*': 'Fichier' },
        '4': { id: 4, canonical: 'Project', '*': 'Local_Wiki' },
      },
      namespacealiases: [{ id: 6, '*': 'Image' }],
      interwikimap: [{ prefix: 'de' }, { prefix: 'Wikipedia' }],
    },
  }

  it('derives lower-cased prefixes and caches them on success', async () => {
    const { fetch, seen } = fakeFetch(() => siteinfo)
    const wiki = source(fetch)
    const result = await wiki.linkPrefixes()
    expect(result.from).toBe('siteinfo')
    expect([...result.prefixes].sort()).toEqual(
      ['de', 'fichier', 'file', 'image', 'local wiki', 'project', 'wikipedia'].sort(),
    )
    expect(seen[0]!.params).toMatchObject({
      action: 'query',
      meta: 'siteinfo',
      siprop: 'namespaces|namespacealiases|interwikimap',
    })
    await wiki.linkPrefixes()
    expect(seen).toHaveLength(1)
  })

  it('falls back on an outage or an empty answer, never caching the fallback', async () => {
    const warnings: string[] = []
    const outage = fakeFetch(() => new Response('', { status: 500 }))
    const wiki = source(outage.fetch, { onWarning: (m) => warnings.push(m) })
    const result = await wiki.linkPrefixes()
    expect(result.from).toBe('fallback')
    expect([...result.prefixes]).toEqual([...FALLBACK_LINK_PREFIXES])
    await wiki.linkPrefixes()
    expect(outage.seen).toHaveLength(2)
    expect(warnings[0]).toContain('fallback')
    const empty = fakeFetch(() => ({ query: {} }))
    expect((await source(empty.fetch).linkPrefixes()).from).toBe('fallback')
  })

  it('keeps a missing recording loud', async () => {
    const wiki = createMediaWikiSource({ apiUrl: API, offline: createMemoryRecordingStore() })
    expect((await failure(wiki.linkPrefixes())).code).toBe('offline_recording_missing')
  })
})

describe('createMediaWikiSource: template aliases', () => {
  const aliasAnswer = {
    query: {
      normalized: [{ from: 'Template:Attention', to: 'Template:Attention' }],
      redirects: [
        { from: 'Template:Attention', to: 'Template:Warning (Français)' },
        { from: 'Template:Two', to: 'Template:Middle' },
        { from: 'Template:Middle', to: 'Template:Note' },
        { from: 'Template:Elsewhere', to: 'Template:Something' },
      ],
      pages: { '1': { title: 'Template:Warning (Français)' } },
    },
  }
  const revsAnswer = {
    query: {
      pages: { '9': { title: 'Template:Attention', revisions: [{ revid: 675792, parentid: 1 }] } },
    },
  }

  it('resolves one-hop aliases, reads the redirect revision, and refuses multi-hop', async () => {
    const { fetch, seen } = fakeFetch((request) =>
      request.params.prop === 'revisions' ? revsAnswer : aliasAnswer,
    )
    const wiki = source(fetch)
    const result = await wiki.resolveTemplateAliases('Installation guide (Français)', [
      'attention',
      'Note',
      'Warning (Français)',
      'Two',
      'elsewhere',
      'Bc',
      '=',
      'DISPLAYTITLE:x',
      'Attention',
    ])
    expect(seen).toHaveLength(2)
    expect(seen[0]!.params).toEqual({
      action: 'query',
      titles: 'Template:Attention|Template:Bc|Template:Elsewhere|Template:Two',
      redirects: '1',
      format: 'json',
    })
    // The revision query names the redirect pages, sorted, and must not follow redirects.
    expect(seen[1]!.params).toEqual({
      action: 'query',
      titles: 'Template:Attention',
      prop: 'revisions',
      rvprop: 'ids',
      format: 'json',
    })
    expect(result.get('Attention')).toEqual({
      kind: 'admonition',
      type: 'WARNING',
      alias: 'Attention',
      aliasTarget: 'Template:Warning (Français)',
      aliasRevid: 675792,
    })
    expect(result.get('Bc')).toEqual({ kind: 'none' })
    expect(result.get('Elsewhere')).toEqual({ kind: 'none' })
    expect(result.get('Two')).toMatchObject({ kind: 'unresolvable' })
    expect(result.has('Note')).toBe(false)

    // Cached on success: a second call sends nothing for the same names.
    await wiki.resolveTemplateAliases('Other', ['Attention', 'Bc'])
    expect(seen).toHaveLength(2)
  })

  it('sends only the first query for English pages', async () => {
    const { fetch, seen } = fakeFetch(() => ({ query: { pages: {} } }))
    const result = await source(fetch).resolveTemplateAliases('GRUB', ['Bc', 'Note', 'ic'])
    expect(seen).toHaveLength(1)
    expect([...result.keys()]).toEqual(['Bc', 'Ic'])
  })

  it('sends nothing when every name attests itself', async () => {
    const { fetch, seen } = fakeFetch(() => ({}))
    expect((await source(fetch).resolveTemplateAliases('GRUB', ['Note'])).size).toBe(0)
    expect(seen).toHaveLength(0)
  })

  it("follows redirects to the site's own admonition names, given by admonitionType", async () => {
    // A wiki whose warning template is Achtung and whose Note is an ordinary template.
    const own = (name: string) => (name.trim() === 'Achtung' ? 'WARNING' : null)
    const { fetch, seen } = fakeFetch((request) =>
      request.params.prop === 'revisions'
        ? { query: { pages: { '7': { title: 'Template:Warn', revisions: [{ revid: 41 }] } } } }
        : {
            query: {
              redirects: [
                { from: 'Template:Warn', to: 'Template:Achtung' },
                { from: 'Template:Attention', to: 'Template:Warning (Français)' },
              ],
            },
          },
    )
    const result = await source(fetch, { admonitionType: own }).resolveTemplateAliases('P', [
      'Achtung',
      'Warn',
      'Attention',
      'Note',
    ])
    // Achtung types itself and is not sent; Note is not this wiki's, so it is looked up.
    expect(seen[0]!.params.titles).toBe('Template:Attention|Template:Note|Template:Warn')
    expect(seen[1]!.params.titles).toBe('Template:Warn')
    expect(result.get('Warn')).toEqual({
      kind: 'admonition',
      type: 'WARNING',
      alias: 'Warn',
      aliasTarget: 'Template:Achtung',
      aliasRevid: 41,
    })
    // A redirect to an Arch name is no admonition on this wiki.
    expect(result.get('Attention')).toEqual({ kind: 'none' })
    expect(result.get('Note')).toEqual({ kind: 'none' })
  })

  it('batches 50 titles per request, sorted by code point', async () => {
    const names = Array.from({ length: 120 }, (_, i) => `T${String(i).padStart(3, '0')}`)
    names.push('Ωmega', '𝔸stral')
    const { fetch, seen } = fakeFetch(() => ({ query: {} }))
    await source(fetch).resolveTemplateAliases('Big', names)
    expect(seen.map((r) => r.params.titles!.split('|').length)).toEqual([50, 50, 22])
    const sent = seen.flatMap((r) => r.params.titles!.split('|'))
    expect(sent.at(-2)).toBe('Template:Ωmega')
    expect(sent.at(-1)).toBe('Template:𝔸stral')
  })

  it('marks an unreadable redirect revision unresolvable and does not cache it', async () => {
    const { fetch, seen } = fakeFetch((request) =>
      request.params.prop === 'revisions' ? { query: { pages: {} } } : aliasAnswer,
    )
    const wiki = source(fetch)
    const result = await wiki.resolveTemplateAliases('P', ['Attention'])
    expect(result.get('Attention')).toEqual({
      kind: 'unresolvable',
      reason:
        "No revision for redirect 'Template:Attention': cannot attest that it denotes WARNING.",
    })
    await wiki.resolveTemplateAliases('P', ['Attention'])
    expect(seen).toHaveLength(4)
  })

  it('raises the original error when the alias query fails, caching nothing', async () => {
    let fail = true
    const { fetch, seen } = fakeFetch(() =>
      fail ? new Response('', { status: 502 }) : { query: {} },
    )
    const wiki = source(fetch)
    expect((await failure(wiki.resolveTemplateAliases('P', ['Bc']))).code).toBe(
      'upstream_api_error',
    )
    fail = false
    await wiki.resolveTemplateAliases('P', ['Bc'])
    await wiki.resolveTemplateAliases('P', ['Bc'])
    expect(seen).toHaveLength(2)
  })
})

describe('offline replay from a store', () => {
  it('reads by key, counts each read, and falls back to the revid index', async () => {
    const store = createMemoryRecordingStore([
      ['parse_Some_page.json', JSON.stringify(parseBody('Some page', 77, 'text'))],
      ['parse_Broken.json', '{not json'],
    ])
    const events: string[] = []
    const wiki = createMediaWikiSource({
      apiUrl: API,
      offline: store,
      cacheTtl: 0,
      onRequest: (event) => events.push(`${event.mode}:${event.target}`),
    })
    expect((await wiki.getPage('Some_page')).revid).toBe(77)
    expect((await wiki.getPage('Some page')).revid).toBe(77)
    expect(events).toEqual(['offline:parse_Some_page.json', 'offline:parse_Some_page.json'])
    const other = createMediaWikiSource({ apiUrl: API, offline: store })
    expect((await other.getRevision(77)).title).toBe('Some page')
    expect((await failure(other.getRevision(78))).code).toBe('offline_recording_missing')
    expect((await failure(other.getPage('Broken'))).code).toBe('internal_error')
  })

  it('names the missing file in the error', async () => {
    const wiki = createMediaWikiSource({ apiUrl: API, offline: createMemoryRecordingStore() })
    const error = await failure(wiki.search('wifi not working', 10))
    expect(error.code).toBe('offline_recording_missing')
    expect(error.message).toContain('query_nearmatch_wifi_not_working.json')
  })
})

describe('recordMediaWiki', () => {
  it('writes every answer re-indented, keeping existing files unless forced', async () => {
    const { fetch, seen } = fakeFetch((request) => {
      if (request.params.action === 'parse') return parseBody('GRUB', 5, '{{Attention|x}}')
      if (request.params.list === 'search') return { query: { search: [] } }
      if (request.params.meta === 'siteinfo') return { query: { interwikimap: [{ prefix: 'de' }] } }
      if (request.params.prop === 'revisions') {
        return {
          query: { pages: { '1': { title: 'Template:Attention', revisions: [{ revid: 3 }] } } },
        }
      }
      return { query: { redirects: [{ from: 'Template:Attention', to: 'Template:Warning' }] } }
    })
    const store = createMemoryRecordingStore([['query_siteinfo.json', 'old']])
    const result = await recordMediaWiki({
      apiUrl: API,
      fetch,
      store,
      titles: ['Grub'],
      searches: ['wifi'],
      siteinfo: true,
      oldids: [5],
      templateNames: () => ['Attention'],
    })
    expect(result.files).toEqual([
      'parse_Grub.json',
      'query_aliases_GRUB.json',
      'query_aliasrevs_GRUB.json',
      'query_nearmatch_wifi.json',
      'query_wifi.json',
      'query_siteinfo.json',
      'parse_oldid_5.json',
    ])
    expect(store.files.get('query_siteinfo.json')).toBe('old')
    expect(store.files.get('parse_Grub.json')).toBe(
      `${JSON.stringify(parseBody('GRUB', 5, '{{Attention|x}}'), null, 2)}\n`,
    )
    expect(seen).toHaveLength(7)

    await recordMediaWiki({ apiUrl: API, fetch, store, siteinfo: true, force: true })
    expect(store.files.get('query_siteinfo.json')).toContain('"prefix": "de"')
  })
})
