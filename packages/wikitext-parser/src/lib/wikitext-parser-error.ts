/** Why an option or profile was rejected. Input text never causes an error. */
export type WikitextParserErrorCode = 'invalid_option' | 'invalid_profile'

/** The one error class of this package: bad options, never bad wikitext. */
export class WikitextParserError extends Error {
  override readonly name = 'WikitextParserError'
  readonly code: WikitextParserErrorCode
  constructor(code: WikitextParserErrorCode, message: string, options?: ErrorOptions) {
    super(message, options)
    this.code = code
  }
}
