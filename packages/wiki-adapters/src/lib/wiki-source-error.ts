/**
 * Every failure an adapter reports, by code. Apps pass `code` through to tool results unchanged,
 * so a code is part of the public contract: add one only with a changeset.
 */
export type WikiSourceErrorCode =
  // shared
  | 'invalid_arguments'
  | 'page_not_found'
  | 'not_found'
  | 'unauthorized'
  | 'permission_denied'
  | 'invalid_request'
  | 'upstream_error'
  | 'internal_error'
  // MediaWiki
  | 'upstream_api_error'
  | 'malformed_wiki_url'
  | 'offline_recording_missing'
  // AhaWiki
  | 'revision_conflict'
  | 'search_unavailable'
  | 'unchanged'
  // Markdown folder
  | 'invalid_path'
  | 'invalid_frontmatter'
  | 'checksum_mismatch'
  | 'lock_timeout'
  | 'dependency_missing'
  | 'unsupported_file'
  | 'too_large'
  | 'conflict'
  | 'ambiguous'
  // Markdown folder editing
  | 'match_count_mismatch'
  | 'has_backlinks'
  | 'storage_error'

/** The one error class of `@wiki/wiki-adapters`. Its message never holds a secret or a stack. */
export class WikiSourceError extends Error {
  override readonly name = 'WikiSourceError'
  readonly code: WikiSourceErrorCode
  /** Extra, JSON-safe facts for the caller (e.g. `latestRevision`, `suggestions`). */
  readonly data: Readonly<Record<string, unknown>> | undefined

  constructor(
    code: WikiSourceErrorCode,
    message: string,
    options?: ErrorOptions & { data?: Readonly<Record<string, unknown>> },
  ) {
    super(message, options)
    this.code = code
    this.data = options?.data
  }
}
