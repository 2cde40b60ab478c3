import { isObject } from './api-client.js'

/** The static excluded-prefix set used when siteinfo cannot be read. */
export const FALLBACK_LINK_PREFIXES: readonly string[] = Object.freeze([
  ...'category file image media mediawiki module template help special talk user project'.split(
    ' ',
  ),
  ...'ar az bg bs ca cs da de el en es fa fi fr he hr hu id it ja ko lt nl no pl pt ro ru sk sl sr sv th tr uk vi zh-hans zh-hant zh-cn zh-tw'.split(
    ' ',
  ),
  ...'wikipedia w wiktionary commons debian gentoo ubuntu freebsd kernel man arxiv rfc'.split(' '),
])

/**
 * Link prefixes from a siteinfo `query`: every non-main namespace's local name, canonical name
 * and aliases, plus every interwiki prefix, lower-cased. Accepts both format versions.
 */
export function linkPrefixesFromSiteInfo(query: Record<string, unknown>): Set<string> {
  const prefixes = new Set<string>()
  const add = (value: unknown): void => {
    if (typeof value === 'string' && value.trim() !== '') {
      prefixes.add(value.trim().replaceAll('_', ' ').toLowerCase())
    }
  }
  const namespaces = query.namespaces
  const list = Array.isArray(namespaces)
    ? namespaces
    : isObject(namespaces)
      ? Object.values(namespaces)
      : []
  for (const ns of list) {
    if (!isObject(ns) || ns.id === 0) continue
    add(ns['*'])
    add(ns.name)
    add(ns.canonical)
  }
  if (Array.isArray(query.namespacealiases)) {
    for (const alias of query.namespacealiases) {
      if (!isObject(alias) || alias.id === 0) continue
      add(alias['*'])
      add(alias.alias)
    }
  }
  if (Array.isArray(query.interwikimap)) {
    for (const entry of query.interwikimap) if (isObject(entry)) add(entry.prefix)
  }
  return prefixes
}
