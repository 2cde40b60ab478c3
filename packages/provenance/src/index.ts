export { asAttributed, asPointer } from './lib/evidence.js'
export type {
  Attributed,
  CommandEvidence,
  CommandsResult,
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
  SourcePattern,
  WarningEvidence,
  WarningsResult,
} from './lib/evidence.js'
export type {
  GoneReason,
  RecheckKind,
  RecheckResult,
  RecheckStatus,
  VerifyMatch,
  VerifyResult,
} from './lib/audit.js'
export { EVIDENCE_ERROR_CODES } from './lib/error-code.js'
export type { EvidenceErrorCode } from './lib/error-code.js'
export { hashContent } from './lib/hash-content.js'
export { aliasRevisionUrl, pageUrl, revisionUrl, revisionWikitextUrl } from './lib/page-url.js'
export { parseTitleOrUrl } from './lib/parse-title-or-url.js'
export { percentEncode, percentEncodeAnchor } from './lib/percent-encode.js'
export { MalformedWikiUrl, ProvenanceError } from './lib/provenance-error.js'
export type { ProvenanceErrorCode } from './lib/provenance-error.js'
export { restoreIndentedMarkers } from './lib/restore-indented-markers.js'
export { unifiedDiff } from './lib/unified-diff.js'
export type { UnifiedDiffOptions } from './lib/unified-diff.js'
export { verifySubstring } from './lib/verify-substring.js'
export type { VerifySubstringInput, VerifySubstringResult } from './lib/verify-substring.js'
export { createWikiSite, DEFAULT_WIKI_SITE_OPTIONS, effectivePort } from './lib/wiki-site.js'
export type { WikiSite, WikiSiteOptions } from './lib/wiki-site.js'
