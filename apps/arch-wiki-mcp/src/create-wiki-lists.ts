// The list half of the Backend, over the MediaWiki adapter.
import { namespaceOfTitle, type MediaWikiSource } from '@wiki/wiki-adapters/mediawiki'
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
    recentChanges: (options) => source.recentChanges(options),
    prefixSearch: (prefix, limit) => source.prefixSearch(prefix, limit),
  }
}
