/**
 * Every code a citation tool may fail with, in the order a reader meets them. An outage
 * (`upstream_api_error`: retry the wiki) and a refusal (anything else: do not retry) never share
 * a code. Apps derive their failure types and code sets from this list.
 */
export const EVIDENCE_ERROR_CODES = [
  'page_not_found',
  'section_not_found',
  'evidence_unresolvable',
  'upstream_api_error',
  'malformed_wiki_url',
  'invalid_arguments',
  'internal_error',
] as const

export type EvidenceErrorCode = (typeof EVIDENCE_ERROR_CODES)[number]
