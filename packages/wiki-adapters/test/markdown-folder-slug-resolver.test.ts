import { afterEach, describe, expect, it } from 'vitest'
import {
  createMarkdownFolderSource,
  frontmatterPresets,
  type MarkdownFolderSource,
} from '@wiki/wiki-adapters/markdown-folder'
import { type RawLink, SlugResolver } from '../src/lib/markdown-folder/links.js'
import { makeWiki } from './markdown-folder/helpers.js'

// Slugs that collide in every way a lookup can: case, basename, `/`-suffix, accents.
const SLUGS = [
  'a',
  'A',
  'x/a',
  'y/a',
  'x/b',
  'y/z/b',
  'Note/Rack',
  'note/rack',
  'archive/2026/renamed',
  'caffè',
  'z/caffè',
  'solo',
]
const TARGETS = [
  ...SLUGS,
  ...SLUGS.map((slug) => slug.toUpperCase()),
  'b',
  'z/b',
  'rack',
  'RACK',
  'renamed',
  '2026/renamed',
  'CAFFÈ',
  'cafe\u0300',
  'new',
  'n/new',
  'missing',
]
const ALIASES: [string, string][] = [
  ['Storage', 'solo'],
  ['rack box', 'Note/Rack'],
]

function resolutions(resolver: SlugResolver): unknown[] {
  const links: RawLink[] = TARGETS.flatMap((target) => [
    { kind: 'wiki' as const, target },
    { kind: 'path' as const, target },
  ])
  return [
    ...links.map((link) => resolver.resolve(link)),
    ...['storage', 'RACK BOX', 'none'].map((name) => resolver.byAlias(name)),
  ]
}

describe('SlugResolver.changed', () => {
  it('resolves every link as a resolver built afresh from the same slugs', () => {
    const base = new SlugResolver(SLUGS, ALIASES)
    const steps: [string[], string[]][] = [
      [['a'], ['new']],
      [
        ['x/a', 'y/z/b'],
        ['n/new', 'a'],
      ],
      [
        ['caffè', 'missing'],
        ['x/a', 'caffè'],
      ],
      [[], ['zz/solo', 'B']],
    ]
    let slugs = [...SLUGS]
    let changed = base
    for (const [removed, added] of steps) {
      changed = changed.changed(removed, added, true)
      slugs = slugs.filter((slug) => !removed.includes(slug))
      for (const slug of added) if (!slugs.includes(slug)) slugs.push(slug)
      expect(resolutions(changed)).toEqual(resolutions(new SlugResolver(slugs, ALIASES)))
      expect(resolutions(changed.changed([], [], false))).toEqual(
        resolutions(new SlugResolver(slugs)),
      )
    }
    // hundreds of changes: patched, then flattened, then patched again
    for (let i = 0; i < SlugResolver.maxPatched; i += 1) {
      const removed = i % 3 === 0 ? [`m/p${i - 3}`] : []
      changed = changed.changed(removed, [`m/p${i}`, `P${i % 7}`], true)
      slugs = slugs.filter((slug) => !removed.includes(slug))
      for (const slug of [`m/p${i}`, `P${i % 7}`]) if (!slugs.includes(slug)) slugs.push(slug)
    }
    expect(resolutions(changed)).toEqual(resolutions(new SlugResolver(slugs, ALIASES)))
    const late = (resolver: SlugResolver): unknown[] =>
      ['p3', 'm/p4', 'M/P5', 'P6', 'p', `p${SlugResolver.maxPatched - 1}`].map((target) =>
        resolver.resolve({ kind: 'wiki', target }),
      )
    expect(late(changed)).toEqual(late(new SlugResolver(slugs, ALIASES)))
    // the resolver it was made from still answers as before
    expect(resolutions(base)).toEqual(resolutions(new SlugResolver(SLUGS, ALIASES)))
  })
})

describe('the catalog after moves', () => {
  let source: MarkdownFolderSource | undefined
  let fresh: MarkdownFolderSource | undefined
  let made: Awaited<ReturnType<typeof makeWiki>> | undefined
  afterEach(async () => {
    await source?.close()
    await fresh?.close()
    await made?.cleanup()
  })

  it('resolves links exactly as a server started afresh on the result', async () => {
    made = await makeWiki({
      'a.md': '# A\n\n[[b]] [[c/b]] [[rack]] [[Storage]]\n',
      'b.md': '# B\n\n[[a]] [[rack box]]\n',
      'c/b.md': '# CB\n\n[[b]] [[a]]\n',
      'hw/rack.md': '---\naliases: [rack box]\n---\n# Rack\n\n[[a]]\n',
      'hw/nas.md': '---\naliases: [Storage]\n---\n# NAS\n\n[[rack]] [[b]]\n',
      // links no move rewrites, whose resolution a move still changes: ambiguous, then not;
      // broken, then not
      'p/dup.md': '# P\n',
      'q/dup.md': '# Q\n',
      'f.md': '# F\n\n[[dup]] [[later]]\n',
    })
    const settings = { wikiPath: made.wiki, timeZone: 'UTC', schema: frontmatterPresets.notes }
    source = await createMarkdownFolderSource(settings)
    // the resolver is built before the moves, so each move patches it
    expect((await source.graph()).broken).toEqual([{ target: 'later', sources: ['f'] }])
    await source.movePage({ from: 'a', to: 'x/a.md' })
    await source.movePage({ from: 'c/b', to: 'd/b.md' })
    await source.movePage({ from: 'hw/rack', to: 'rack.md' })
    await source.movePage({ from: 'x/a', to: 'a.md' })
    expect((await source.graph()).ambiguous).toHaveLength(1)
    await source.movePage({ from: 'q/dup', to: 'q/other.md' })
    await source.movePage({ from: 'p/dup', to: 'later.md' })
    await source.writePage({ path: 'e.md', content: '# E\n\n[[a]] [[b]] [[d/b]] [[rack]]\n' })
    fresh = await createMarkdownFolderSource({ ...settings, watch: false })
    expect(await source.graph()).toEqual(await fresh.graph())
    expect((await source.graph()).counts.broken).toBe(0)
  })
})
