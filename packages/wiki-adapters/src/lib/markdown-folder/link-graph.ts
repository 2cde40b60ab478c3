import { linkResolver } from './link-resolution.js'
import { compareCodeUnits } from './links.js'
import type { PageCatalog } from './page-catalog.js'
import type { LinkGraph } from './types.js'

/** Pages that nothing needs to link to: they are reached by name, so they are never orphans. */
const SERVICE_PAGES = new Set(['index.md', 'log.md', 'sources.md', 'overview.md'])

/**
 * Above this many pages the whole-wiki graph leaves out every page's edges (thousands of entries,
 * most of them empty in a vault of notes) and gives the counts and the problems, paged; the edges
 * of one page come with `slug`.
 */
export const MAX_EDGE_PAGES = 500
/** The default page size of the problem lists when the edges are left out. */
const LEAN_LIMIT = 200

/**
 * The wiki's links resolved to pages: forward and reverse edges, orphans, broken and ambiguous
 * targets with their sources, whole or around one page, every list capped at `limit`; the
 * orphan, broken and ambiguous lists start at `offset`.
 */
export async function linkGraph(
  catalog: PageCatalog,
  options: {
    slug?: string | undefined
    limit?: number | undefined
    offset?: number | undefined
  },
): Promise<LinkGraph> {
  await catalog.refresh()
  const only = options.slug === undefined ? undefined : catalog.resolveSlug(options.slug).slug
  const lean = only === undefined && catalog.size > MAX_EDGE_PAGES
  const limit = options.limit ?? (lean ? LEAN_LIMIT : 1000)
  const offset = options.offset ?? 0
  const pages = catalog.sortedPages()
  const resolve = linkResolver(catalog)
  const forward: Record<string, string[]> = {}
  const reverse = new Map<string, Set<string>>()
  const broken = new Map<string, Set<string>>()
  const ambiguous = new Map<string, { candidates: readonly string[]; sources: Set<string> }>()
  const inbound = new Map<string, number>()
  let linkCount = 0
  for (const page of pages) reverse.set(page.slug, new Set())
  for (const page of pages) {
    const targets: string[] = []
    for (const link of page.links) {
      const resolution = resolve(link, page.slug)
      const target = resolution.status === 'resolved' ? resolution.slug : link.target
      if (targets.includes(target)) continue
      targets.push(target)
      linkCount += 1
      addTo(reverse, target, page.slug)
      if (resolution.status === 'resolved') {
        if (resolution.slug !== page.slug)
          inbound.set(resolution.slug, (inbound.get(resolution.slug) ?? 0) + 1)
      } else if (resolution.status === 'broken') addTo(broken, link.target, page.slug)
      else {
        const entry = ambiguous.get(link.target) ?? {
          candidates: resolution.candidates,
          sources: new Set<string>(),
        }
        entry.sources.add(page.slug)
        ambiguous.set(link.target, entry)
      }
    }
    forward[page.slug] = targets
  }
  const orphans = pages
    .filter((page) => !SERVICE_PAGES.has(page.path) && !inbound.has(page.slug))
    .map((page) => page.slug)
  const reverseObject: Record<string, string[]> = {}
  for (const key of [...reverse.keys()].sort(compareCodeUnits)) {
    reverseObject[key] = [...(reverse.get(key) ?? [])].sort(compareCodeUnits)
  }
  let brokenList = [...broken.entries()]
    .sort(([a], [b]) => compareCodeUnits(a, b))
    .map(([target, sources]) => ({ target, sources: [...sources].sort(compareCodeUnits) }))
  let ambiguousList = [...ambiguous.entries()]
    .sort(([a], [b]) => compareCodeUnits(a, b))
    .map(([target, entry]) => ({
      target,
      candidates: [...entry.candidates],
      sources: [...entry.sources].sort(compareCodeUnits),
    }))
  const counts = {
    pages: pages.length,
    links: linkCount,
    orphans: orphans.length,
    broken: brokenList.length,
    ambiguous: ambiguousList.length,
  }
  let forwardOut = forward
  let reverseOut = reverseObject
  let orphansOut = orphans
  if (only !== undefined) {
    forwardOut = { [only]: forward[only] ?? [] }
    reverseOut = { [only]: reverseObject[only] ?? [] }
    orphansOut = orphans.filter((slug) => slug === only)
    brokenList = brokenList.filter((entry) => entry.sources.includes(only))
    ambiguousList = ambiguousList.filter((entry) => entry.sources.includes(only))
  }
  if (lean) {
    forwardOut = {}
    reverseOut = {}
  }
  let truncated = false
  let more = false
  const capList = <T>(list: T[]): T[] => {
    if (list.length > limit) truncated = true
    return list.slice(0, limit)
  }
  const pageOf = <T>(list: T[]): T[] => {
    if (list.length > offset + limit) more = true
    if (list.length > offset + limit || offset > 0) truncated = true
    return list.slice(offset, offset + limit)
  }
  const capRecord = (record: Record<string, string[]>): Record<string, string[]> => {
    const out: Record<string, string[]> = {}
    for (const key of capList(Object.keys(record))) out[key] = capList(record[key] ?? [])
    return out
  }
  return {
    forward: capRecord(forwardOut),
    reverse: capRecord(reverseOut),
    orphans: pageOf(orphansOut),
    broken: pageOf(brokenList).map((e) => ({ ...e, sources: capList(e.sources) })),
    ambiguous: pageOf(ambiguousList).map((e) => ({
      ...e,
      candidates: capList(e.candidates),
      sources: capList(e.sources),
    })),
    counts,
    truncated,
    ...(lean ? { edgesOmitted: true as const } : {}),
    ...(more ? { nextOffset: offset + limit } : {}),
  }
}

function addTo(map: Map<string, Set<string>>, key: string, value: string): void {
  const set = map.get(key)
  if (set) set.add(value)
  else map.set(key, new Set([value]))
}
