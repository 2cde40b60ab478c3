export { createAhaWikiSource } from './lib/ahawiki/create-ahawiki-source.js'
export type {
  AhaWikiChange,
  AhaWikiListPagesOptions,
  AhaWikiPage,
  AhaWikiPageSummary,
  AhaWikiRecentChangesOptions,
  AhaWikiSaveOptions,
  AhaWikiSaveResult,
  AhaWikiSearchHit,
  AhaWikiSearchOptions,
  AhaWikiSearchResult,
  AhaWikiSource,
  AhaWikiSourceOptions,
} from './lib/ahawiki/create-ahawiki-source.js'
export type { AhaWikiRequestEvent } from './lib/ahawiki/ahawiki-request-event.js'
export { fromKstDateTime } from './lib/ahawiki/kst-date-time.js'
export { WikiSourceError } from './lib/wiki-source-error.js'
export type { WikiSourceErrorCode } from './lib/wiki-source-error.js'
