import type { ExtensionTagMode, Site } from './define-site.js'
import { indexProtocols, type ProtocolIndex } from './protocol-index.js'

/** A site's lists as lookup tables, built once per site object. */
export interface SiteIndex {
  readonly site: Site
  readonly tags: ReadonlyMap<string, ExtensionTagMode>
  readonly variables: ReadonlySet<string>
  /** Length of the longest variable: a longer name is none. */
  readonly longestVariable: number
  readonly hooks: ReadonlySet<string>
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
  readonly trail: RegExp
  readonly redirects: readonly string[]
}

const cache = new WeakMap<Site, SiteIndex>()

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
    variables: new Set(site.variables),
    longestVariable: Math.max(0, ...site.variables.map((name) => name.length)),
    hooks: new Set(site.functionHooks.map((hook) => hook.toLowerCase())),
    longestHook: Math.max(0, ...site.functionHooks.map((hook) => hook.toLowerCase().length)),
    switches: new Set(site.behaviorSwitches.map((name) => name.toUpperCase())),
    protocols,
    protocolIndex: indexProtocols(protocols),
    namespaces,
    interwiki: new Set(site.interwikiPrefixes.map((prefix) => prefix.toLowerCase())),
    trail: new RegExp(`[${site.linkTrail}]+`, 'uy'),
    redirects: site.redirectWords,
  }
  cache.set(site, index)
  return index
}
