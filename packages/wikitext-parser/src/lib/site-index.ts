import type { ExtensionTagMode, Site } from './define-site.js'
import { indexProtocols, type ProtocolIndex } from './protocol-index.js'

/** A site's lists as lookup tables, built once per site object. */
export interface SiteIndex {
  readonly site: Site
  readonly tags: ReadonlyMap<string, ExtensionTagMode>
  /** Variables by name as written; those of case-insensitive magic words in any case. */
  readonly variables: NameLookup
  /** Length of the longest variable: a longer name is none. */
  readonly longestVariable: number
  /** Lower-cased hooks. */
  readonly hooks: ReadonlySet<string>
  /** Lower-cased hooks whose magic word is case-sensitive, to their names as they must be written. */
  readonly caseSensitiveHooks: ReadonlyMap<string, ReadonlySet<string>>
  /** Length of the longest hook: a longer name is none. */
  readonly longestHook: number
  readonly switches: ReadonlySet<string>
  /** Lower-cased protocols, longest first. */
  readonly protocols: readonly string[]
  /** The protocols as the link search looks them up. */
  readonly protocolIndex: ProtocolIndex
  /** Lower-cased namespace name → canonical kind and name. */
  readonly namespaces: ReadonlyMap<
    string,
    { kind: 'file' | 'media' | 'category' | 'page'; name: string }
  >
  readonly interwiki: ReadonlySet<string>
  /** Lower-cased names of the Talk namespace. */
  readonly talkNamespaces: ReadonlySet<string>
  readonly trail: RegExp
  readonly redirects: readonly string[]
}

/** A set of names, some of them matched in any case. */
export interface NameLookup {
  has(name: string): boolean
}

const cache = new WeakMap<Site, SiteIndex>()

/**
 * Whether `name` (a hook as written, `_` as space, trimmed) names a parser function: in any case,
 * unless its magic word is case-sensitive, when it must be written as registered.
 */
export function isHook(site: SiteIndex, name: string): boolean {
  const key = name.toLowerCase()
  if (!site.hooks.has(key)) return false
  const exact = site.caseSensitiveHooks.get(key)
  return exact === undefined || exact.has(name)
}

function variableLookup(site: Site): NameLookup {
  const exact = new Set(site.variables)
  const anyCase = new Set(site.caseInsensitiveVariables.map((name) => name.toLowerCase()))
  if (anyCase.size === 0) return exact
  // Most names are templates: lower-case only those that could be one of these, by length and
  // first letter.
  let shortest = Infinity
  let longest = 0
  const firsts = new Set<number>()
  for (const name of anyCase) {
    shortest = Math.min(shortest, name.length)
    longest = Math.max(longest, name.length)
    firsts.add(name.charCodeAt(0))
    firsts.add(name.toUpperCase().charCodeAt(0))
  }
  return new AnyCaseNames(exact, anyCase, shortest, longest, firsts)
}

/** Names matched as written, and some in any case. */
class AnyCaseNames implements NameLookup {
  readonly #exact: ReadonlySet<string>
  readonly #anyCase: ReadonlySet<string>
  readonly #shortest: number
  readonly #longest: number
  readonly #firsts: ReadonlySet<number>

  constructor(
    exact: ReadonlySet<string>,
    anyCase: ReadonlySet<string>,
    shortest: number,
    longest: number,
    firsts: ReadonlySet<number>,
  ) {
    this.#exact = exact
    this.#anyCase = anyCase
    this.#shortest = shortest
    this.#longest = longest
    this.#firsts = firsts
  }

  has(name: string): boolean {
    if (this.#exact.has(name)) return true
    return (
      name.length >= this.#shortest &&
      name.length <= this.#longest &&
      this.#firsts.has(name.charCodeAt(0)) &&
      this.#anyCase.has(name.toLowerCase())
    )
  }
}

function caseSensitiveHooks(site: Site): Map<string, Set<string>> {
  const hooks = new Map<string, Set<string>>()
  for (const name of site.caseSensitiveFunctionHooks) {
    const key = name.toLowerCase()
    let names = hooks.get(key)
    if (names === undefined) hooks.set(key, (names = new Set()))
    names.add(name)
  }
  return hooks
}

export function indexSite(site: Site): SiteIndex {
  const cached = cache.get(site)
  if (cached) return cached
  const namespaces = new Map<
    string,
    { kind: 'file' | 'media' | 'category' | 'page'; name: string }
  >()
  const add = (names: readonly string[], kind: 'file' | 'media' | 'category' | 'page'): void => {
    const canonical = names[0] ?? ''
    for (const name of names) {
      const key = name.replace(/_/g, ' ').toLowerCase()
      if (!namespaces.has(key))
        namespaces.set(key, { kind, name: kind === 'page' ? name : canonical })
    }
  }
  add(site.fileNamespaces, 'file')
  add(site.mediaNamespaces, 'media')
  add(site.categoryNamespaces, 'category')
  for (const name of site.namespaces) add([name], 'page')
  const protocols = site.urlProtocols
    .map((p) => p.toLowerCase())
    .sort((a, b) => b.length - a.length)
  const index: SiteIndex = {
    site,
    tags: new Map(Object.entries(site.extensionTags)),
    variables: variableLookup(site),
    longestVariable: Math.max(
      0,
      ...site.variables.map((name) => name.length),
      ...site.caseInsensitiveVariables.map((name) => name.length),
    ),
    hooks: new Set(site.functionHooks.map((hook) => hook.toLowerCase())),
    caseSensitiveHooks: caseSensitiveHooks(site),
    longestHook: Math.max(0, ...site.functionHooks.map((hook) => hook.toLowerCase().length)),
    switches: new Set(site.behaviorSwitches.map((name) => name.toUpperCase())),
    protocols,
    protocolIndex: indexProtocols(protocols),
    namespaces,
    interwiki: new Set(site.interwikiPrefixes.map((prefix) => prefix.toLowerCase())),
    talkNamespaces: new Set(
      site.talkNamespaces.map((name) => name.replace(/_/g, ' ').toLowerCase()),
    ),
    trail: new RegExp(`[${site.linkTrail}]+`, 'uy'),
    redirects: site.redirectWords,
  }
  cache.set(site, index)
  return index
}
