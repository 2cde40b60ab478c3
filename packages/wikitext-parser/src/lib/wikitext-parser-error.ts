/**
 * Why an option, a profile or an input was rejected. Text is never rejected for what it holds,
 * only for its size, and only when the caller sets a limit (`maxInputBytes`).
 */
export type WikitextParserErrorCode = 'invalid_option' | 'invalid_profile' | 'input_too_large'

/** The one error class of this package: bad options, or input over the caller's size limit. */
export class WikitextParserError extends Error {
  override readonly name = 'WikitextParserError'
  readonly code: WikitextParserErrorCode
  constructor(code: WikitextParserErrorCode, message: string, options?: ErrorOptions) {
    super(message, options)
    this.code = code
  }
}
