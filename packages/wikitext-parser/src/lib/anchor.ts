import { namedEntity } from './html-entities.js'

/** MediaWiki's aliases of `&rlm;` and `&lrm;` (Hebrew and Arabic spellings). */
const aliases: Readonly<Record<string, string>> = {
  רלמ: '\u200F',
  رلم: '\u200F',
}

const reference = /&(?:#(\d+)|#[xX]([0-9a-fA-F]+)|([A-Za-z0-9\u0590-\u06FF]+));/gu

/** Whether a numeric reference's code point is one MediaWiki keeps (else U+FFFD). */
function allowed(code: number): boolean {
  return (
    code === 0x09 ||
    code === 0x0a ||
    (code >= 0x20 && code <= 0x7e) ||
    (code >= 0xa0 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    (code >= 0x10000 && code <= 0x10ffff)
  )
}

/** Decodes character references as MediaWiki's Sanitizer does; unknown names stay as written. */
export function decodeReferences(value: string): string {
  if (!value.includes('&')) return value
  return value.replace(
    reference,
    (whole, decimal: string | undefined, hex: string | undefined, name: string | undefined) => {
      if (name !== undefined) return namedEntity(name) ?? aliases[name] ?? whole
      const code = decimal !== undefined ? Number(decimal) : parseInt(hex ?? '', 16)
      return Number.isSafeInteger(code) && allowed(code) ? String.fromCodePoint(code) : '\uFFFD'
    },
  )
}

const bidi = /[\u200E\u200F\u202A-\u202E]/gu
const spaces = /[ _\u00A0\u1680\u180E\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]+/gu

/**
 * A heading's rendered text (references still encoded, nowiki characters escaped as `&amp;`) to
 * the text anchors are made from, with the steps of MediaWiki `version` in its order.
 */
export function headlineOf(rendered: string, version: '1.39' | '1.43'): string {
  const collapse = (value: string): string =>
    value.replace(/[ _]+/gu, ' ').replace(/^[ \t\n\r\0\v]+|[ \t\n\r\0\v]+$/gu, '')
  let value =
    version === '1.39' ? decodeReferences(collapse(rendered)) : collapse(decodeReferences(rendered))
  if (!value.includes('\uFFFD')) {
    value = value.replace(bidi, '').replace(spaces, '_').replace(/_+$/u, '').replace(/_/gu, ' ')
  }
  // Keep the first 1024 code points.
  if (value.length > 1024) value = [...value].slice(0, 1024).join('')
  return value
}

/** `anchor` and `linkAnchor` of a headline (step 5). */
export function anchorsOf(headline: string): { anchor: string; linkAnchor: string } {
  const anchor = headline.replace(/[ \t\n\f\r]/gu, '_')
  return { anchor, linkAnchor: anchor.replace(/%([0-9A-Fa-f]{2})/gu, '%25$1') }
}

/** Bytes the legacy encoding keeps as they are: `A-Z a-z 0-9 _ . - :`. */
const legacyKept = new Uint8Array(256)
for (const char of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-:') {
  legacyKept[char.charCodeAt(0)] = 1
}

/** MediaWiki's legacy fragment encoding (`.C3.A9` for `é`). */
export function legacyAnchorOf(headline: string): string {
  let result = ''
  for (const byte of utf8(headline.replace(/ /gu, '_'))) {
    result +=
      legacyKept[byte] === 1
        ? String.fromCharCode(byte)
        : '.' + byte.toString(16).toUpperCase().padStart(2, '0')
  }
  return result
}

/** Lower-cases ASCII letters only, as PHP's `strtolower` does. */
export function asciiLower(value: string): string {
  // An all-ASCII value lower-cases alike with the built-in; other letters (`É`, `İ`) must stay.
  return /^[\x00-\x7F]*$/u.test(value)
    ? value.toLowerCase()
    : value.replace(/[A-Z]+/gu, (letters) => letters.toLowerCase())
}

/** UTF-8 bytes of a string; a lone surrogate encodes as U+FFFD, as encoders do. */
function utf8(value: string): number[] {
  const bytes: number[] = []
  for (const char of value) {
    let code = char.codePointAt(0) ?? 0
    if (code >= 0xd800 && code <= 0xdfff) code = 0xfffd
    if (code < 0x80) bytes.push(code)
    else if (code < 0x800) bytes.push(0xc0 | (code >> 6), 0x80 | (code & 63))
    else if (code < 0x10000)
      bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63))
    else
      bytes.push(
        0xf0 | (code >> 18),
        0x80 | ((code >> 12) & 63),
        0x80 | ((code >> 6) & 63),
        0x80 | (code & 63),
      )
  }
  return bytes
}
