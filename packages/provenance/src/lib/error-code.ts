/**
 * Every code a citation tool may fail with. An outage
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

/** The codes of {@link EvidenceErrorCode}, in the order arch-wiki-mcp's README lists them. */
export const EVIDENCE_ERROR_CODES: readonly EvidenceErrorCode[] = Object.freeze([
  'page_not_found',
  'section_not_found',
  'evidence_unresolvable',
  'upstream_api_error',
  'malformed_wiki_url',
  'internal_error',
])
