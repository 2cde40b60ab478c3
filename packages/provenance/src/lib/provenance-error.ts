/**
 * The codes of `@wiki/provenance`'s own failures. `malformed_wiki_url`, `invalid_arguments` and
 * `evidence_unresolvable` are also tool error codes that apps pass through as is.
 */
export type ProvenanceErrorCode =
  | 'malformed_wiki_url'
  | 'invalid_arguments'
  | 'evidence_unresolvable'
  | 'invalid_wiki_site'
  | 'internal_error'

/** The one error class of `@wiki/provenance`. Messages name the value and what was expected. */
export class ProvenanceError extends Error {
  override readonly name: string = 'ProvenanceError'
  readonly code: ProvenanceErrorCode

  constructor(code: ProvenanceErrorCode, message: string, options?: ErrorOptions) {
    super(message, options)
    this.code = code
  }
}

/** A `title_or_url` that names no page of the configured wiki. */
export class MalformedWikiUrl extends ProvenanceError {
  override readonly name: string = 'MalformedWikiUrl'
  declare readonly code: 'malformed_wiki_url'

  constructor(message: string, options?: ErrorOptions) {
    super('malformed_wiki_url', message, options)
  }
}
