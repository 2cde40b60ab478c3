// The list half of the Backend, over the MediaWiki adapter.
import {
  namespaceOfTitle,
  type MediaWikiSource,
  type SiteInfo,
} from '@wiki/wiki-adapters/mediawiki'
import type { WikiLists } from './wiki-lists.js'

/** MediaWiki's fixed id of the category namespace, the same on every wiki. */
const CATEGORY_NAMESPACE = 14

export function createWikiLists(source: MediaWikiSource): WikiLists {
  return {
    pageCategories: (title) => source.pageCategories(title),
    async categoryTitle(name) {
      // MediaWiki accepts the canonical `Category:` on every wiki, in any language, and the
      // answer names the category in the wiki's own spelling: a bare name or one written with
      // the canonical prefix needs no siteinfo, so the call is one request.
      if (!name.includes(':')) return `Category:${name}`
      if (/^\s*category\s*:/i.test(name)) return name
      // Another prefix may be the namespace's local name or an alias (`Kategorie:`, `Kat:` on a
      // German wiki), which only siteinfo tells (cached for the TTL).
      const info = await source.siteInfo()
      if (namespaceOfTitle(info, name)?.id === CATEGORY_NAMESPACE) return name
      const local = info.namespaces.find((ns) => ns.id === CATEGORY_NAMESPACE)?.name || 'Category'
      return `${local}:${name}`
    },
    categoryMembers: (options) => source.categoryMembers(options),
    backlinks: (options) => source.backlinks(options),
    async recentChanges(options) {
      if (options.titlePrefix === undefined) return source.recentChanges(options)
      // The prefix is compared with titles as the wiki writes them, so write it the same way:
      // the namespace in its local spelling, and the first letter upper-cased where the wiki
      // does so itself (siteinfo, cached).
      const info = await source.siteInfo()
      return source.recentChanges({
        ...options,
        titlePrefix: wikiSpelling(info, options.titlePrefix),
      })
    },
    prefixSearch: (prefix, limit) => source.prefixSearch(prefix, limit),
  }
}

/**
 * A title prefix as the wiki would write the title: spaces for underscores, a namespace prefix in
 * its local name (`talk:` → `Talk:`, `Category:` → `Kategorie:`), and the first letter of the
 * rest upper-cased unless the namespace is case-sensitive.
 */
export function wikiSpelling(info: SiteInfo, prefix: string): string {
  const spaced = prefix.replaceAll('_', ' ')
  const namespace = namespaceOfTitle(info, spaced)
  const head = namespace === undefined ? '' : `${namespace.name}:`
  const rest = namespace === undefined ? spaced : spaced.slice(spaced.indexOf(':') + 1).trimStart()
  const main = info.namespaces.find((ns) => ns.id === 0)
  const caseSensitive = (namespace ?? main)?.caseSensitive ?? info.case === 'case-sensitive'
  if (caseSensitive || rest === '') return `${head}${rest}`
  const first = String.fromCodePoint(rest.codePointAt(0)!)
  return `${head}${first.toUpperCase()}${rest.slice(first.length)}`
}
