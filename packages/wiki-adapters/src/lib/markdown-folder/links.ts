import path from 'node:path/posix'
import { CodeFences } from './code-fence.js'

/** A link as written: a wikilink target, or a Markdown link already resolved to a wiki path. */
export type RawLink =
  | { readonly kind: 'wiki'; readonly target: string }
  | { readonly kind: 'path'; readonly target: string }

/** Links in a page body, skipping fenced code and inline code spans, de-duplicated in first-seen order. */
export function extractLinks(body: string, pageSlug: string): RawLink[] {
  const links: RawLink[] = []
  const seen = new Set<string>()
  const push = (link: RawLink): void => {
    const key = `${link.kind}\u0000${link.target}`
    if (seen.has(key)) return
    seen.add(key)
    links.push(link)
  }
  const folder = path.dirname(pageSlug)
  const collect = (text: string, pattern: RegExp): void => {
    for (const match of text.matchAll(pattern)) {
      if (match[1] !== undefined) {
        let target = match[1].split(/[#|]/, 1)[0]?.trim() ?? ''
        target = target.replace(/\.md$/i, '').replace(/^\/+/, '')
        if (target.startsWith('./') || target.startsWith('../')) {
          // a relative wikilink counts from the linking page's folder; one leaving the wiki is none
          target = path.normalize(folder === '.' ? target : `${folder}/${target}`)
          if (target === '..' || target.startsWith('../')) target = ''
        }
        if (target !== '') push({ kind: 'wiki', target })
      } else if (match[2] !== undefined) {
        const resolved = resolveMarkdownDestination(match[2], folder)
        if (resolved !== undefined) push({ kind: 'path', target: resolved })
      }
    }
  }
  if (!body.includes('`') && !body.includes('~')) {
    // No fence or code span to skip, and no match can cross a line break: one pass over the whole
    // body finds exactly the line-by-line matches, without splitting it into lines.
    collect(body, LINK_IN_LINES)
    return links
  }
  const fences = new CodeFences()
  for (const line of body.split('\n')) {
    if (fences.isFence(line) || fences.inCode || !line.includes('[')) continue
    collect(line.includes('`') ? stripCodeSpans(line) : line, LINK)
  }
  return links
}

/** Wikilinks `[[target]]` (group 1) and Markdown links `[text](dest "title")` (group 2), in a line. */
const LINK =
  /!?\[\[([^[\]\n]+?)\]\]|\[[^\]\n]*\]\(\s*(<[^>\n]*>|[^)\s]+)(?:\s+(?:"[^"\n]*"|'[^'\n]*'))?\s*\)/g
/** `LINK` with its blanks kept off line breaks, so it matches across a whole body line by line. */
const LINK_IN_LINES =
  /!?\[\[([^[\]\n]+?)\]\]|\[[^\]\n]*\]\([^\S\n]*(<[^>\n]*>|[^)\s]+)(?:[^\S\n]+(?:"[^"\n]*"|'[^'\n]*'))?[^\S\n]*\)/g

function resolveMarkdownDestination(destination: string, folder: string): string | undefined {
  let dest = destination.startsWith('<') ? destination.slice(1, -1) : destination
  try {
    dest = decodeURIComponent(dest)
  } catch {
    // keep the raw text when the escapes are malformed
  }
  dest = dest.replace(/[#?].*$/s, '')
  if (!/\.md$/i.test(dest)) return undefined
  if (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(dest) || dest.startsWith('/')) return undefined
  const joined = path.normalize(folder === '.' ? dest : `${folder}/${dest}`)
  if (joined === '..' || joined.startsWith('../')) return undefined
  return joined.replace(/\.md$/i, '')
}

/** `line` with its inline code spans blanked out, every offset kept. */
export function stripCodeSpans(line: string): string {
  let out = ''
  let i = 0
  while (i < line.length) {
    if (line[i] !== '`') {
      out += line[i]
      i += 1
      continue
    }
    let run = 0
    while (line[i + run] === '`') run += 1
    const closing = findRun(line, i + run, run)
    if (closing === -1) {
      out += line.slice(i, i + run)
      i += run
      continue
    }
    out += ' '.repeat(closing + run - i)
    i = closing + run
  }
  return out
}

function findRun(line: string, from: number, length: number): number {
  let i = from
  while (i < line.length) {
    if (line[i] !== '`') {
      i += 1
      continue
    }
    let run = 0
    while (line[i + run] === '`') run += 1
    if (run === length) return i
    i += run
  }
  return -1
}

/** Outcome of resolving one link against the known slugs. */
export type Resolution =
  | { readonly status: 'resolved'; readonly slug: string }
  | { readonly status: 'broken' }
  | { readonly status: 'ambiguous'; readonly candidates: readonly string[] }

/**
 * Slug lookups built once per graph computation, or patched from another resolver (`changed`).
 * Never changed once made: a resolver handed out stays valid while the catalog moves on.
 */
export class SlugResolver {
  /** Patched entries past which `changed` builds whole lookups again instead of patching. */
  static readonly maxPatched: number = 512

  // The lookups as built…
  #exact: ReadonlySet<string>
  #lower: ReadonlyMap<string, readonly string[]> = new Map()
  #basename: ReadonlyMap<string, readonly string[]> = new Map()
  #alias = new Map<string, string[]>()
  #slugs: readonly string[]
  // …and the slugs gone from them or new since, with the lists those change (small, copied by
  // each `changed`, so that a move patches two entries instead of copying ten thousand).
  #gone: ReadonlySet<string> = new Set()
  #added: ReadonlySet<string> = new Set()
  #lowerPatch: ReadonlyMap<string, readonly string[]> = new Map()
  #basenamePatch: ReadonlyMap<string, readonly string[]> = new Map()
  #patchedSlugs: readonly string[] | undefined

  /** `aliases`: `[alias, slug]` pairs, the other names pages give themselves. */
  constructor(slugs: Iterable<string>, aliases: Iterable<readonly [string, string]> = []) {
    this.#slugs = [...slugs].sort(compareCodeUnits)
    this.#exact = new Set(this.#slugs)
    const lower = new Map<string, string[]>()
    const basename = new Map<string, string[]>()
    for (const slug of this.#slugs) {
      push(lower, slug.toLowerCase(), slug)
      push(basename, basenameKey(slug), slug)
    }
    this.#lower = lower
    this.#basename = basename
    for (const [alias, slug] of aliases) {
      const key = alias.normalize('NFC').toLowerCase()
      if (!this.#alias.get(key)?.includes(slug)) push(this.#alias, key, slug)
    }
  }

  /**
   * The same lookups with the slugs in `removed` gone and those in `added` new (`removed` first),
   * and without any alias when `keepAliases` is false; the caller keeps aliases only when no
   * removed page had one. Building them afresh sorts and folds every slug, most of a move's
   * planning on a large wiki; this shares them and records only the entries that differ.
   */
  changed(removed: Iterable<string>, added: Iterable<string>, keepAliases: boolean): SlugResolver {
    const copy = new SlugResolver([])
    const gone = new Set(this.#gone)
    const fresh = new Set(this.#added)
    const lower = new Map(this.#lowerPatch)
    const basename = new Map(this.#basenamePatch)
    const lists = [
      [lower, (slug: string) => slug.toLowerCase(), (key: string) => this.#lowerList(key)],
      [basename, basenameKey, (key: string) => this.#basenameList(key)],
    ] as const
    for (const slug of removed) {
      if (!this.#has(slug)) continue
      if (!fresh.delete(slug)) gone.add(slug)
      for (const [patch, keyOf, current] of lists) {
        const key = keyOf(slug)
        patch.set(
          key,
          (patch.get(key) ?? current(key)).filter((item) => item !== slug),
        )
      }
    }
    for (const slug of added) {
      if ((this.#exact.has(slug) && !gone.has(slug)) || fresh.has(slug)) continue
      if (!gone.delete(slug)) fresh.add(slug)
      for (const [patch, keyOf, current] of lists) {
        const key = keyOf(slug)
        patch.set(key, insertSorted(patch.get(key) ?? current(key), slug))
      }
    }
    copy.#alias = keepAliases ? this.#alias : new Map<string, string[]>()
    if (gone.size + fresh.size + lower.size + basename.size > SlugResolver.maxPatched) {
      // flattened: the patches would soon cost more than the lookups they spare
      const slugs = [...this.#slugs.filter((slug) => !gone.has(slug)), ...fresh]
      const flat = new SlugResolver(slugs)
      flat.#alias = copy.#alias
      return flat
    }
    copy.#exact = this.#exact
    copy.#lower = this.#lower
    copy.#basename = this.#basename
    copy.#slugs = this.#slugs
    copy.#gone = gone
    copy.#added = fresh
    copy.#lowerPatch = lower
    copy.#basenamePatch = basename
    return copy
  }

  #has(slug: string): boolean {
    return (this.#exact.has(slug) && !this.#gone.has(slug)) || this.#added.has(slug)
  }

  #lowerList(key: string): readonly string[] {
    return this.#lowerPatch.get(key) ?? this.#lower.get(key) ?? []
  }

  #basenameList(key: string): readonly string[] {
    return this.#basenamePatch.get(key) ?? this.#basename.get(key) ?? []
  }

  /** Every slug in code-unit order (made once per patched resolver, when first needed). */
  #sortedSlugs(): readonly string[] {
    if (this.#gone.size === 0 && this.#added.size === 0) return this.#slugs
    this.#patchedSlugs ??= [
      ...this.#slugs.filter((slug) => !this.#gone.has(slug)),
      ...this.#added,
    ].sort(compareCodeUnits)
    return this.#patchedSlugs
  }

  /** The pages that call themselves `name` (case-insensitive), sorted. */
  byAlias(name: string): readonly string[] {
    return [...(this.#alias.get(name.normalize('NFC').toLowerCase()) ?? [])].sort(compareCodeUnits)
  }

  resolve(link: RawLink): Resolution {
    const target = link.target.normalize('NFC')
    if (this.#has(target)) return { status: 'resolved', slug: target }
    const lower = target.toLowerCase()
    const caseInsensitive = this.#lowerList(lower)
    if (link.kind === 'path') return pick(caseInsensitive)
    if (caseInsensitive.length === 1 && caseInsensitive[0] !== undefined) {
      return { status: 'resolved', slug: caseInsensitive[0] }
    }
    if (caseInsensitive.length > 1) return { status: 'ambiguous', candidates: caseInsensitive }
    if (!target.includes('/')) {
      // a page's own name wins over another page's alias
      const byName = pick(this.#basenameList(lower))
      return byName.status === 'broken' ? pick(this.byAlias(target)) : byName
    }
    const suffix = `/${lower}`
    return pick(this.#sortedSlugs().filter((slug) => slug.toLowerCase().endsWith(suffix)))
  }
}

function pick(candidates: readonly string[]): Resolution {
  if (candidates.length === 0) return { status: 'broken' }
  if (candidates.length === 1 && candidates[0] !== undefined)
    return { status: 'resolved', slug: candidates[0] }
  return { status: 'ambiguous', candidates }
}

function basenameKey(slug: string): string {
  return (slug.split('/').at(-1) ?? slug).toLowerCase()
}

/** A new list: `list` with `value` at its place in code-unit order. */
function insertSorted(list: readonly string[], value: string): string[] {
  let low = 0
  let high = list.length
  while (low < high) {
    const mid = (low + high) >> 1
    if (compareCodeUnits(list[mid] ?? '', value) < 0) low = mid + 1
    else high = mid
  }
  return [...list.slice(0, low), value, ...list.slice(low)]
}

function push(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key)
  if (list) list.push(value)
  else map.set(key, [value])
}

export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
