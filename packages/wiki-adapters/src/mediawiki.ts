export { createMediaWikiSource } from './lib/mediawiki/create-mediawiki-source.js'
export type {
  GetPageOptions,
  LinkPrefixes,
  MediaWikiPage,
  MediaWikiRevision,
  MediaWikiSearchHit,
  MediaWikiSearchResults,
  MediaWikiSection,
  MediaWikiSource,
  MediaWikiSourceOptions,
  TemplateAlias,
} from './lib/mediawiki/create-mediawiki-source.js'
export type { MediaWikiRequestEvent } from './lib/mediawiki/api-client.js'
export type {
  HistoryOptions,
  MediaWikiHistory,
  MediaWikiHistoryRevision,
} from './lib/mediawiki/page-history.js'
export type { ResolvedTitle } from './lib/mediawiki/resolve-title.js'
export type {
  Backlink,
  BacklinkKind,
  Backlinks,
  BacklinksOptions,
} from './lib/mediawiki/backlinks.js'
export type {
  CategoryMember,
  CategoryMembers,
  CategoryMembersOptions,
  CategoryMemberType,
} from './lib/mediawiki/category-members.js'
export type { PageCategories, PageCategory } from './lib/mediawiki/page-categories.js'
export type { PrefixSearchHit } from './lib/mediawiki/prefix-search.js'
export type {
  RecentChange,
  RecentChanges,
  RecentChangesOptions,
  RecentChangeType,
} from './lib/mediawiki/recent-changes.js'
export { namespaceOfTitle } from './lib/mediawiki/site-info.js'
export type { SiteInfo, SiteNamespace } from './lib/mediawiki/site-info.js'
export { FALLBACK_LINK_PREFIXES } from './lib/mediawiki/link-prefixes.js'
export { recordingFileName, safeRecordingKey } from './lib/mediawiki/recording-file-name.js'
export { createMemoryRecordingStore } from './lib/mediawiki/recording-store.js'
export type { RecordingStore } from './lib/mediawiki/recording-store.js'
export { recordMediaWiki } from './lib/mediawiki/record-mediawiki.js'
export type {
  RecordMediaWikiOptions,
  RecordMediaWikiResult,
} from './lib/mediawiki/record-mediawiki.js'
export { canonicalTemplateName, selfAttestingType } from './lib/mediawiki/template-name.js'
export type { AdmonitionType } from './lib/mediawiki/template-name.js'
export { WikiSourceError } from './lib/wiki-source-error.js'
export type { WikiSourceErrorCode } from './lib/wiki-source-error.js'
