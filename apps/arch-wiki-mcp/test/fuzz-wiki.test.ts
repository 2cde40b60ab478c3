// Every tool over the real backend while the wiki answers with random JSON: valid answers with a
// few fields replaced by random shapes and values, or random JSON from the root. Whatever the
// wiki sends, a client sees an answer or a coded failure, never internal_error.
import { mutateJson, seededRandom } from '@wiki/test-utils'
import { describe, expect, it } from 'vitest'
import { createBackend, siteFrom } from '../src/create-backend.js'
import { toToolError } from '../src/errors.js'
import { archWikiTools } from '../src/server.js'
import { DEFAULTS } from '../src/settings.js'
import { callTool } from './call-tool.js'

const WIKITEXT =
  "Intro.\n== Install ==\n{{bc|# pacman -S ''pkg''}}\n{{Note|Read.}}\n {{Attention|x}}\n== Usage ==\nSee [[GRUB#A|b]].\n"
const SECTION = (line: string, offset: number) => ({
  toclevel: 1,
  level: '2',
  line,
  number: '1',
  index: '1',
  fromtitle: 'GRUB',
  byteoffset: offset,
  anchor: line,
  linkAnchor: line,
})

function validAnswer(params: URLSearchParams): unknown {
  if (params.get('action') === 'parse') {
    return {
      parse: {
        title: 'GRUB',
        pageid: 7,
        revid: Number(params.get('oldid') ?? 10),
        wikitext: { '*': WIKITEXT },
        sections: [SECTION('Install', 7), SECTION('Usage', 80)],
      },
    }
  }
  if (params.get('prop') === 'revisions' && params.has('rvlimit')) {
    return {
      query: {
        pages: [
          {
            pageid: 7,
            title: 'GRUB',
            revisions: [
              {
                revid: 10,
                parentid: 9,
                user: 'A',
                timestamp: 't',
                size: 3,
                comment: 'c',
                tags: [],
              },
            ],
          },
        ],
      },
    }
  }
  if (params.get('list') === 'search') {
    return { query: { search: [{ ns: 0, title: 'GRUB', pageid: 7, snippet: 's' }] } }
  }
  if (params.get('meta') === 'siteinfo') {
    return { query: { namespaces: { '14': { id: 14, name: 'Category' } } } }
  }
  if (params.get('prop') === 'revisions') {
    return { query: { pages: { '5': { title: 'Template:Attention', revisions: [{ revid: 3 }] } } } }
  }
  if (params.has('titles') && params.get('titles')?.startsWith('Template:')) {
    return { query: { redirects: [{ from: 'Template:Attention', to: 'Template:Warning' }] } }
  }
  return { query: { pages: [{ pageid: 7, title: 'GRUB' }] } }
}

const VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  2 ** 60,
  '',
  'x',
  'a\ud800',
  '😀',
  [],
  {},
  [[[]]],
  { '*': 5 },
  -0,
]

const CALLS: [string, Record<string, unknown>][] = [
  ['page', { title_or_url: 'GRUB' }],
  ['sections', { title_or_url: 'GRUB' }],
  ['section', { title_or_url: 'GRUB', anchor: 'Install' }],
  ['commands', { title_or_url: 'GRUB', anchor: 'Install' }],
  ['warnings', { title_or_url: 'GRUB' }],
  ['links', { title_or_url: 'GRUB' }],
  ['search', { query: 'GRUB' }],
  ['history', { title_or_url: 'GRUB' }],
  ['page', { title_or_url: 'GRUB', revid: 10 }],
  ['diff', { title_or_url: 'GRUB', from: 9, anchor: 'Usage' }],
  ['verify', { revid: 10, content_raw: "# pacman -S ''pkg''", source_pattern: 'template_bc' }],
]

describe('fuzz: random wiki answers never reach a client as internal_error', () => {
  it.each(CALLS.map((call, index) => [index, ...call] as const))(
    '%i %s: 150 answers',
    async (_index, name, args) => {
      const codes = new Map<string, number>()
      for (let seed = 1; seed <= 150; seed++) {
        const next = seededRandom(seed * 104_729 + name.length)
        const fetch = (input: string | URL | Request) => {
          const params = new URL(input instanceof Request ? input.url : input.toString())
            .searchParams
          // Some answers valid (a call may send two requests), most mutated, some random.
          const roll = next()
          const valid = validAnswer(params)
          const body =
            roll < 0.3
              ? valid
              : roll < 0.9
                ? mutateJson(valid, next, () =>
                    structuredClone(VALUES[Math.floor(next() * VALUES.length)]),
                  )
                : VALUES[seed % VALUES.length]
          return Promise.resolve(
            new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }),
          )
        }
        const backend = createBackend({
          site: siteFrom(DEFAULTS),
          source: { fetch, cacheTtl: 0, retries: 0, onWarning: () => undefined },
        })
        const tools = Object.fromEntries(archWikiTools(backend).map((t) => [t.name, t]))
        let code = 'resolved'
        try {
          await callTool(tools[name]!, args)
        } catch (error) {
          code = toToolError(error)?.code ?? `internal_error: ${String(error)}`
        }
        if (code.startsWith('internal_error')) {
          throw new Error(`seed ${seed}: ${name} ${JSON.stringify(args)} gave ${code}`)
        }
        codes.set(code, (codes.get(code) ?? 0) + 1)
      }
      expect(codes.get('resolved') ?? 0).toBeGreaterThan(0)
      expect([...codes.keys()].length).toBeGreaterThan(1)
    },
  )
})
