import { createHash } from 'node:crypto'
import { ProvenanceError } from './provenance-error.js'

// With the `u` flag a surrogate range matches only unpaired halves.
const LONE_SURROGATE = /[\uD800-\uDFFF]/u

/**
 * `hash(text)`: lower-case hex SHA-256 of the UTF-8 bytes of `text` normalised to NFC.
 * Whitespace counts. A lone surrogate throws (`internal_error`): UTF-8 encoding would silently
 * replace it with U+FFFD, and the hash would attest text that was never there.
 */
export function hashContent(text: string): string {
  const index = text.search(LONE_SURROGATE)
  if (index !== -1) {
    throw new ProvenanceError(
      'internal_error',
      `Refusing to hash text with a lone surrogate at UTF-16 index ${index}; expected well-formed Unicode.`,
    )
  }
  return createHash('sha256').update(text.normalize('NFC'), 'utf8').digest('hex')
}
