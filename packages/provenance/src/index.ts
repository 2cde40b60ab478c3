export { asAttributed, asPointer } from './lib/evidence.js'
export type {
  Attributed,
  CommandEvidence,
  CommandsResult,
  EvidenceSite,
  EvidenceTier,
  LinkItem,
  LinksResult,
  ListEnvelope,
  PageEvidence,
  Pointer,
  SearchResult,
  SearchResults,
  SectionEvidence,
  SectionInfo,
  SectionsResult,
  WarningEvidence,
  WarningsResult,
} from './lib/evidence.js'
export type { RecheckResult, VerifyMatch, VerifyResult } from './lib/audit.js'
export type { DiffEvidence, HistoryResult, HistoryRevision } from './lib/revision-evidence.js'
export {
  ADMONITION_TYPES,
  BLOCK_TYPES,
  CODE_SOURCE_PATTERNS,
  GONE_REASONS,
  RECHECK_KINDS,
  RECHECK_STATUSES,
  SOURCE_PATTERNS,
  VERIFY_METHODS,
} from './lib/source-patterns.js'
export type {
  AdmonitionType,
  BlockType,
  CodeSourcePattern,
  GoneReason,
  RecheckKind,
  RecheckStatus,
  SourcePattern,
  VerifyMethod,
} from './lib/source-patterns.js'
export { BACKLINK_KINDS, CATEGORY_MEMBER_KINDS, RECENT_CHANGE_KINDS } from './lib/list-pointers.js'
export type {
  BacklinkItem,
  BacklinkKind,
  BacklinksResult,
  CategoriesResult,
  CategoryMemberItem,
  CategoryMemberKind,
  CategoryResult,
  PageCategoryItem,
  RecentChangeItem,
  RecentChangeKind,
  RecentChangesResult,
} from './lib/list-pointers.js'
export { EVIDENCE_ERROR_CODES } from './lib/error-code.js'
export type { EvidenceErrorCode } from './lib/error-code.js'
export { hashContent } from './lib/hash-content.js'
export { aliasRevisionUrl, pageUrl, revisionUrl, revisionWikitextUrl } from './lib/page-url.js'
export { parseTitleOrUrl } from './lib/parse-title-or-url.js'
export { percentEncode, percentEncodeAnchor } from './lib/percent-encode.js'
export { MalformedWikiUrl, ProvenanceError } from './lib/provenance-error.js'
export type { ProvenanceErrorCode } from './lib/provenance-error.js'
export { judgeRecheck, readRecheckClaim } from './lib/recheck-claim.js'
export type {
  RecheckArguments,
  RecheckClaim,
  RecheckItem,
  RecheckObservation,
  RecheckVerdict,
} from './lib/recheck-claim.js'
export { restoreIndentedMarkers } from './lib/restore-indented-markers.js'
export { unifiedDiff } from './lib/unified-diff.js'
export type { UnifiedDiffOptions } from './lib/unified-diff.js'
export { judgeVerifyClaim, readVerifyClaim } from './lib/verify-claim.js'
export type { VerifyArguments, VerifyClaim, VerifyContext, VerifyItem } from './lib/verify-claim.js'
export { verifySubstring } from './lib/verify-substring.js'
export type { VerifySubstringInput, VerifySubstringResult } from './lib/verify-substring.js'
export { createWikiSite, DEFAULT_WIKI_SITE_OPTIONS, effectivePort } from './lib/wiki-site.js'
export type { WikiSite, WikiSiteOptions } from './lib/wiki-site.js'
