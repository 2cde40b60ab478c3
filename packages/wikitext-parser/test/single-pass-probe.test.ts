// The benchmark's single-pass probe is the ceiling of a one-pass rewrite only while it does the
// common-path work `fromWikitext` does: these tests pin what docs/parser-single-pass.md says of it.
import { describe, expect, it } from 'vitest'
import { SHARED_MISSING_REASON } from '@wiki/test-utils'
import { defaultSite, fromWikitext, type Content, type Root } from '@wiki/wikitext-parser'
import { syntheticCorpus } from '../bench/corpora.mjs'
import { probeParse } from '../bench/single-pass-probe.mjs'
import { indexSite } from '../src/lib/site-index.js'
import { recordedPages } from './helpers/arch-corpus.js'

const site = indexSite(defaultSite)

/** The node kinds whose counts the probe must share with the parser. */
const sharedKinds = [
  'template',
  'templateName',
  'templateParameter',
  'parameterName',
  'magicWord',
  'internalLink',
  'linkTarget',
  'linkParameter',
  'heading',
  'bold',
  'italic',
  'externalLink',
] as const

function countsOf(tree: Root): { kinds: Record<string, number>; total: number } {
  const kinds: Record<string, number> = {}
  let total = 0
  const stack: (Root | Content)[] = [tree]
  for (let node = stack.pop(); node; node = stack.pop()) {
    kinds[node.type] = (kinds[node.type] ?? 0) + 1
    total++
    if ('children' in node) stack.push(...(node.children as Content[]))
  }
  return { kinds, total }
}

/** The shared kinds' counts over `pages`, and the nodes in all, by the parser and by the probe. */
function work(pages: readonly string[]): Record<'ours' | 'probe', Record<string, number>> {
  const tally = (parse: (page: string) => Root): Record<string, number> => {
    const totals: Record<string, number> = { all: 0 }
    for (const page of pages) {
      const { kinds, total } = countsOf(parse(page))
      totals.all = (totals.all ?? 0) + total
      for (const kind of sharedKinds) totals[kind] = (totals[kind] ?? 0) + (kinds[kind] ?? 0)
    }
    return totals
  }
  return {
    ours: tally((page) => fromWikitext(page)),
    probe: tally((page) => probeParse(page, site)),
  }
}

/** The probe's texts whose value is not the source their position covers. */
function misplacedTexts(page: string): string[] {
  const misplaced: string[] = []
  const stack: (Root | Content)[] = [probeParse(page, site)]
  for (let node = stack.pop(); node; node = stack.pop()) {
    const { start, end } = node.position
    if (node.type === 'text' && node.value !== page.slice(start.offset, end.offset)) {
      misplaced.push(node.value)
    }
    if ('children' in node) stack.push(...(node.children as Content[]))
  }
  return misplaced
}

/** The same kinds' counts, and about as many nodes: it merges fewer texts, so a few more. */
function expectSameWork({ ours, probe }: ReturnType<typeof work>): void {
  const { all: oursAll = 0, ...oursKinds } = ours
  const { all: probeAll = 0, ...probeKinds } = probe
  expect(probeKinds).toEqual(oursKinds)
  expect(probeAll / oursAll).toBeGreaterThanOrEqual(1)
  expect(probeAll / oursAll).toBeLessThan(1.25)
}

describe('single-pass probe on the synthetic corpus', () => {
  const pages = syntheticCorpus(256 * 1024)

  it('makes the parser’s templates, links, headings, apostrophe and external-link nodes', () => {
    const counts = work(pages)
    expect(counts.ours.template).toBeGreaterThan(1000)
    expectSameWork(counts)
  })

  it('gives every text the source its position covers', () => {
    expect(pages.slice(0, 3).flatMap(misplacedTexts)).toEqual([])
  })
})

const recorded = recordedPages()

describe.skipIf(recorded.length === 0)(
  `single-pass probe on the recorded Arch pages (${SHARED_MISSING_REASON})`,
  () => {
    it('makes the parser’s templates, links, headings, apostrophe and external-link nodes', () => {
      const counts = work(recorded.map((page) => page.wikitext))
      expect(counts.ours.heading).toBeGreaterThan(400)
      expectSameWork(counts)
    })

    it('gives every text the source its position covers', () => {
      expect(recorded.flatMap((page) => misplacedTexts(page.wikitext))).toEqual([])
    })
  },
)
