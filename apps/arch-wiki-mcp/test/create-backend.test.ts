import { describe, expect, it } from 'vitest'
import type { ApiSection, Revision } from '../src/backend.js'
import { defineProfile } from '@wiki/wikitext-parser'
import { createBackend, siteFrom, templateNames } from '../src/create-backend.js'
import { parsePage } from '../src/parse-page.js'
import { DEFAULTS } from '../src/settings.js'

// The parts of the real backend that only adapt parser results: no wiki is contacted.
const backend = createBackend({ site: siteFrom(DEFAULTS) })

const section = (anchor: string, level: number, byteoffset: number | null): ApiSection => ({
  line: anchor,
  anchor,
  level: String(level),
  toclevel: level - 1,
  number: '1',
  index: '1',
  byteoffset,
  fromtitle: 'P',
})

function revision(wikitext: string, sections: ApiSection[]): Revision {
  return { title: 'P', pageid: 1, revid: 2, wikitext, sections, redirectedFrom: null }
}

// 🐧 is one code point (MediaWiki's byteoffset unit) but two UTF-16 units.
const page = revision('🐧\n== A ==\nx\n=== B ===\n{{Shared}}\n== C ==\ny\n', [
  section('A', 2, 2),
  section('B', 3, 12),
  section('Shared', 2, null),
  section('C', 2, 33),
])

describe('sectionSlice', () => {
  it('slices from the code-point offset to the next non-null one', () => {
    const slices = page.sections
      .filter((s) => s.byteoffset !== null)
      .map((s) => {
        const { start, end } = backend.sectionSlice(page, s)
        return page.wikitext.slice(start, end)
      })
    expect(slices).toEqual(['== A ==\nx\n', '=== B ===\n{{Shared}}\n', '== C ==\ny\n'])
  })

  it('refuses an offset off its heading, naming where it landed and what was expected', () => {
    const moved = revision(page.wikitext, [section('A', 2, 10), section('C', 2, 33)])
    expect(() => backend.sectionSlice(moved, moved.sections[0]!)).toThrow(
      expect.objectContaining({
        code: 'evidence_unresolvable',
        message:
          "Section 'A' in page 'P' did not resolve to a heading (offset 10 landed on \"x\"; expected a level-2 heading, next section at 33)",
      }),
    )
  })

  it('refuses a level mismatch, a heading in a comment and an offset past the end', () => {
    const cases: [string, ApiSection[], RegExp][] = [
      ['== A ==\n', [section('A', 3, 0)], /landed on "== A =="; expected a level-3 heading\)$/],
      ['<!--\n== A ==\n-->\n', [section('A', 2, 5)], /landed on "== A =="/],
      ['== A ==\n', [section('A', 2, 9)], /offset 9 is past the end of the page, 8 code points\)$/],
      ['== A ==\n', [section('A', 2, -1)], /section entry was refused: options\.codePointOffset/],
      ['== A ==\n', [section('A', Number.NaN, 0)], /section entry was refused: options\.level/],
    ]
    for (const [wikitext, sections, message] of cases) {
      const bad = revision(wikitext, sections)
      expect(() => backend.sectionSlice(bad, sections[0]!)).toThrow(
        expect.objectContaining({
          code: 'evidence_unresolvable',
          message: expect.stringMatching(message),
        }),
      )
    }
  })
})

describe('template names', () => {
  const wikitext =
    '{{Note| a }}{{Box|1={{Attention|b}}}}{{Expansion}}{{Tip|}}<!-- {{Hidden|c}} -->{{bc|{{Inner|d}}}}'

  it('sends every template name of the page for alias resolution, bodiless and code ones too (one-hop redirects)', () => {
    expect(templateNames(wikitext)).toEqual([
      'Note',
      'Box',
      'Attention',
      'Expansion',
      'Tip',
      'bc',
      'Inner',
    ])
    expect(templateNames('{{subst:Foo|x}}{{PAGENAME}}{{#if:a|{{Bar}}}}')).toEqual([
      'PAGENAME',
      'Bar',
    ])
  })
})

describe('pages too large to parse in one request', () => {
  it('are evidence_unresolvable at once, naming the size and the limit', () => {
    // `{{` nests were quadratic before the parser was made linear; over the limit nothing is read.
    const huge = '{{a|'.repeat(600_000)
    const started = performance.now()
    let failure: unknown
    try {
      backend.codeBlocks(huge)
    } catch (error) {
      failure = error
    }
    expect(performance.now() - started).toBeLessThan(1000)
    expect(failure).toMatchObject({ code: 'evidence_unresolvable' })
    expect(String((failure as Error).message)).toMatch(
      /wikitext is at least 2400000 bytes, over the 2097152 bytes this server parses/,
    )
  })

  it('parse up to the limit', () => {
    expect(parsePage('x'.repeat(10), 10).type).toBe('root')
    expect(() => parsePage('é'.repeat(6), 10)).toThrow(/is 12 bytes, over the 10 bytes/)
  })
})

describe('template aliases follow the site profile', () => {
  // A wiki answering the two alias queries: Warn and Attention are redirects.
  function wiki() {
    const sent: string[] = []
    const fetch = ((input: string | URL | Request) => {
      const url = new URL(input instanceof Request ? input.url : String(input))
      const params = url.searchParams
      sent.push(params.get('titles') ?? '')
      const body =
        params.get('prop') === 'revisions'
          ? {
              query: {
                pages: [
                  { title: 'Template:Warn', revisions: [{ revid: 41 }] },
                  { title: 'Template:Attention', revisions: [{ revid: 42 }] },
                ],
              },
            }
          : {
              query: {
                redirects: [
                  { from: 'Template:Warn', to: 'Template:Achtung' },
                  { from: 'Template:Attention', to: 'Template:Warning' },
                ],
              },
            }
      return Promise.resolve(
        new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }),
      )
    }) as typeof globalThis.fetch
    return { sent, fetch }
  }
  const text = '{{Achtung|A.}}\n{{Warn|B.}}\n{{Attention|C.}}\n{{Warning|D.}}\n'

  it("a defined profile's own names type redirects; Arch's do not", async () => {
    const { sent, fetch } = wiki()
    const own = createBackend({
      site: siteFrom(DEFAULTS),
      profile: defineProfile({
        name: 'own',
        templates: { Achtung: { kind: 'admonition', type: 'WARNING' } },
      }),
      source: { fetch, retries: 0 },
    })
    const aliases = await own.templateAliases(revision(text, []))
    expect(sent[0]).toBe('Template:Attention|Template:Warn|Template:Warning')
    expect(aliases.get('Warn')).toMatchObject({ type: 'WARNING', aliasTarget: 'Template:Achtung' })
    expect(aliases.has('Attention')).toBe(false)
    const list = own.admonitions(text, aliases)
    expect(list.map((a) => [a.name, a.type])).toEqual([
      ['Achtung', 'WARNING'],
      ['Warn', 'WARNING'],
    ])
  })

  it('archwiki keeps the Arch names: Warning is not sent, Attention is its alias', async () => {
    const { sent, fetch } = wiki()
    const arch = createBackend({ site: siteFrom(DEFAULTS), source: { fetch, retries: 0 } })
    const aliases = await arch.templateAliases(revision(text, []))
    expect(sent[0]).toBe('Template:Achtung|Template:Attention|Template:Warn')
    expect(aliases.get('Attention')).toMatchObject({ type: 'WARNING', aliasRevid: 42 })
    expect(aliases.has('Warn')).toBe(false)
  })
})
