// The lists the wiki keeps about pages (categories, members, backlinks, recent changes, prefix
// search): what the list tools need from the adapter, as part of the Backend seam. The shapes are
// the adapter's own: the tools only add URLs and rename keys.
import type {
  Backlinks,
  BacklinksOptions,
  CategoryMembers,
  CategoryMembersOptions,
  PageCategories,
  PrefixSearchHit,
  RecentChanges,
  RecentChangesOptions,
} from '@wiki/wiki-adapters/mediawiki'

export type {
  BacklinkKind,
  CategoryMemberType,
  RecentChangeType,
} from '@wiki/wiki-adapters/mediawiki'

export interface WikiLists {
  pageCategories(title: string): Promise<PageCategories>
  /** `name` with the wiki's category namespace, unless it already names it (in any spelling). */
  categoryTitle(name: string): Promise<string>
  categoryMembers(options: CategoryMembersOptions): Promise<CategoryMembers>
  backlinks(options: BacklinksOptions): Promise<Backlinks>
  recentChanges(options: RecentChangesOptions): Promise<RecentChanges>
  prefixSearch(prefix: string, limit: number): Promise<readonly PrefixSearchHit[]>
}
