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
      // The namespace's local name and aliases come from siteinfo (`Kategorie:` on a German
      // wiki); the read is cached, so a category costs one request after the first.
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
