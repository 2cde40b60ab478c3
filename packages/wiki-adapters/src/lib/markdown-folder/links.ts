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

/** Slug lookups built once per graph computation. */
export class SlugResolver {
  // Never changed after construction (a copy made by `changed` replaces what it alters), so a
  // resolver handed out stays valid while the catalog moves on.
  #exact: Set<string>
  #lower = new Map<string, string[]>()
  #basename = new Map<string, string[]>()
  #alias = new Map<string, string[]>()
  #slugs: readonly string[]

  /** `aliases`: `[alias, slug]` pairs, the other names pages give themselves. */
  constructor(slugs: Iterable<string>, aliases: Iterable<readonly [string, string]> = []) {
    this.#slugs = [...slugs].sort(compareCodeUnits)
    this.#exact = new Set(this.#slugs)
    for (const slug of this.#slugs) {
      push(this.#lower, slug.toLowerCase(), slug)
      push(this.#basename, basenameKey(slug), slug)
    }
    for (const [alias, slug] of aliases) {
      const key = alias.normalize('NFC').toLowerCase()
      if (!this.#alias.get(key)?.includes(slug)) push(this.#alias, key, slug)
    }
  }

  /**
   * The same lookups with the slugs in `removed` gone and those in `added` new (`removed` first),
   * and without any alias when `keepAliases` is false; the caller keeps aliases only when no
   * removed page had one. It copies the lookups and patches the few entries that differ: building
   * them afresh sorts and folds every slug, most of a move's planning on a large wiki.
   */
  changed(removed: Iterable<string>, added: Iterable<string>, keepAliases: boolean): SlugResolver {
    const copy = new SlugResolver([])
    const exact = new Set(this.#exact)
    const lower = new Map(this.#lower)
    const basename = new Map(this.#basename)
    const gone = new Set<string>()
    for (const slug of removed) {
      if (!exact.delete(slug)) continue
      gone.add(slug)
      drop(lower, slug.toLowerCase(), slug)
      drop(basename, basenameKey(slug), slug)
    }
    let slugs = gone.size === 0 ? this.#slugs : this.#slugs.filter((slug) => !gone.has(slug))
    for (const slug of added) {
      if (exact.has(slug)) continue
      exact.add(slug)
      slugs = insertSorted(slugs, slug)
      lower.set(slug.toLowerCase(), insertSorted(lower.get(slug.toLowerCase()) ?? [], slug))
      basename.set(basenameKey(slug), insertSorted(basename.get(basenameKey(slug)) ?? [], slug))
    }
    copy.#exact = exact
    copy.#lower = lower
    copy.#basename = basename
    copy.#slugs = slugs
    copy.#alias = keepAliases ? this.#alias : new Map<string, string[]>()
    return copy
  }

  /** The pages that call themselves `name` (case-insensitive), sorted. */
  byAlias(name: string): readonly string[] {
    return [...(this.#alias.get(name.normalize('NFC').toLowerCase()) ?? [])].sort(compareCodeUnits)
  }

  resolve(link: RawLink): Resolution {
    const target = link.target.normalize('NFC')
    if (this.#exact.has(target)) return { status: 'resolved', slug: target }
    const lower = target.toLowerCase()
    const caseInsensitive = this.#lower.get(lower) ?? []
    if (link.kind === 'path') return pick(caseInsensitive)
    if (caseInsensitive.length === 1 && caseInsensitive[0] !== undefined) {
      return { status: 'resolved', slug: caseInsensitive[0] }
    }
    if (caseInsensitive.length > 1) return { status: 'ambiguous', candidates: caseInsensitive }
    if (!target.includes('/')) {
      // a page's own name wins over another page's alias
      const byName = pick(this.#basename.get(lower) ?? [])
      return byName.status === 'broken' ? pick(this.byAlias(target)) : byName
    }
    const suffix = `/${lower}`
    return pick(this.#slugs.filter((slug) => slug.toLowerCase().endsWith(suffix)))
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

/** Replaces the list under `key` with one without `value` (lists are shared between copies). */
function drop(map: Map<string, string[]>, key: string, value: string): void {
  const rest = (map.get(key) ?? []).filter((item) => item !== value)
  if (rest.length === 0) map.delete(key)
  else map.set(key, rest)
}

function push(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key)
  if (list) list.push(value)
  else map.set(key, [value])
}

export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
