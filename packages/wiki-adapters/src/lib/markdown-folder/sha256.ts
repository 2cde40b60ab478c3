import { createHash } from 'node:crypto'

/** The sha256 of bytes (or of a string's UTF-8), as 64 lowercase hex characters. */
export function sha256Hex(bytes: Uint8Array | string): string {
  return createHash('sha256').update(bytes).digest('hex')
}
