const encoder = new TextEncoder()

// A–Z a–z 0–9 _ . - ~ : /  stay as they are.
function keeps(byte: number, keepHash: boolean): boolean {
  return (
    (byte >= 0x41 && byte <= 0x5a) ||
    (byte >= 0x61 && byte <= 0x7a) ||
    (byte >= 0x30 && byte <= 0x39) ||
    byte === 0x5f ||
    byte === 0x2e ||
    byte === 0x2d ||
    byte === 0x7e ||
    byte === 0x3a ||
    byte === 0x2f ||
    (keepHash && byte === 0x23)
  )
}

function encode(text: string, keepHash: boolean): string {
  let out = ''
  for (const byte of encoder.encode(text)) {
    out += keeps(byte, keepHash)
      ? String.fromCharCode(byte)
      : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`
  }
  return out
}

/**
 * Percent-encodes a title (or any path text) as UTF-8, leaving only `A–Z a–z 0–9 _ . - ~ : /`
 * unescaped. Unlike `encodeURIComponent`, it escapes `! ' ( ) *` and keeps `:` and `/`.
 */
export function percentEncode(text: string): string {
  return encode(text, false)
}

/** Like {@link percentEncode}, but `#` inside an anchor also stays as it is. */
export function percentEncodeAnchor(anchor: string): string {
  return encode(anchor, true)
}
