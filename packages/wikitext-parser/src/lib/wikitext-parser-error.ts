/**
 * Why an option, a profile or an input was rejected. Text is never rejected for what it holds,
 * only for its size, and only when the caller sets a limit (`maxInputBytes`).
 */
export type WikitextParserErrorCode = 'invalid_option' | 'invalid_profile' | 'input_too_large'

/**
 * The size an `input_too_large` error measured, so a caller can say it in its own words without
 * reading it back out of the message. `atLeast` is set when the input was refused on its length
 * in UTF-16 units alone, without counting its UTF-8 bytes (a lower bound, cheaper to know).
 */
export interface InputSize {
  readonly bytes: number
  readonly atLeast: boolean
  readonly limit: number
}

/** The one error class of this package: bad options, or input over the caller's size limit. */
export class WikitextParserError extends Error {
  override readonly name = 'WikitextParserError'
  readonly code: WikitextParserErrorCode
  /** Set on `input_too_large` only. */
  readonly inputSize: InputSize | undefined
  constructor(
    code: WikitextParserErrorCode,
    message: string,
    options?: ErrorOptions & { inputSize?: InputSize },
  ) {
    super(message, options)
    this.code = code
    this.inputSize = options?.inputSize
  }
}
