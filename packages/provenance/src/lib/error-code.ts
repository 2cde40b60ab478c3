/**
 * Every code a citation tool may fail with (arch-wiki.md §4.3). An outage
 * (`upstream_api_error`: retry the wiki) and a refusal (anything else: do not retry) never share
 * a code.
 */
export type EvidenceErrorCode =
  | 'page_not_found'
  | 'section_not_found'
  | 'evidence_unresolvable'
  | 'upstream_api_error'
  | 'malformed_wiki_url'
  | 'internal_error'

/** The codes of {@link EvidenceErrorCode}, in the order the spec lists them. */
export const EVIDENCE_ERROR_CODES: readonly EvidenceErrorCode[] = Object.freeze([
  'page_not_found',
  'section_not_found',
  'evidence_unresolvable',
  'upstream_api_error',
  'malformed_wiki_url',
  'internal_error',
])
