/**
 * Whether MediaWiki accepts a link target or a template name as a page title. A target it refuses
 * leaves the brackets as text; a template name it refuses leaves the braces and all they hold as
 * text on the page.
 *
 * A link target is first read by the link pass, after the HTML cleanup: a `<` that starts no
 * allowed HTML tag has become `&lt;` (and each `>` after it, up to the next `<`, `&gt;`), so such
 * brackets may stand in a fragment (`[[Foo#<bar>]]`), while a real tag, a bare `>`, `[`, `]`, `{`,
 * `}`, `|` or a control character ends the match. Percent escapes are then decoded (`%41` is `A`).
 * Both kinds of names are then parsed as titles: references decoded, spaces collapsed; a leading
 * `:`, then one namespace prefix taken; the fragment cut at the first `#`; and refused when what
 * is left holds a character titles cannot hold, a `%XX` escape or a `&name;` reference, a
 * relative path (`.`, `..`, `./`, `../`, `/./`, `/../`, a final `/.` or `/..`), `~~~`, a
 * leading `:`, more than 255 bytes, a replacement character, or nothing after a namespace; and a
 * talk page of a page with a namespace or interwiki prefix (`Talk:File:x`).
 */
import { decodeReferences } from './anchor.js'
import { isHtmlTagName } from './html-tags.js'
import type { SiteIndex } from './site-index.js'

/**
 * What a name is read as: a `[[…]]` link's target, a template's name (in the Template namespace
 * unless it starts with `:`) or a title given as text, such as a file link's `link=`.
 */
export type TitleUse = 'link' | 'template' | 'page'

// Characters MediaWiki's link pattern stops at, besides `<` and `>`.
// Characters a title may not hold once decoded (`#` is cut before this check).
const illegalInTitle = /[<>[\]{}|\u0000-\u001F\u007F]|%[0-9A-Fa-f]{2}|&[A-Za-z0-9\u0080-\uFFFF]+;/u
// Most titles are letters, digits, spaces and punctuation that decode to nothing else and that no
// rule refuses (no `%`, `&`, `~`, `<`): `plainTitleValid` reads them in place.
const plain = /^[A-Za-z0-9 _\-,'()!?*@$^`+=:#/.;"\u00C0-\u024F]*$/u
const ascii = /^[\u0000-\u007F]*$/u
const whitespace = /[ _\u00A0\u1680\u180E\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]+/gu
const bidiMarks = /[\u200E\u200F\u202A-\u202E]/gu
const prefixed = /^(.+?)_*:_*(.*)$/su
const tagStart = /^<\/?([A-Za-z][A-Za-z0-9]*)([^<>]*)>/u

/**
 * Whether MediaWiki takes `source` (a target or name as written, comments removed, any nested
 * template already replaced by a title character) as a title.
 */
export function validTitle(source: string, site: SiteIndex, use: TitleUse): boolean {
  const kind = classify(source)
  // Plain characters, the common case: no link-pattern, decoding or character rules apply.
  if (kind === PLAIN) return plainTitleValid(source, site, use)
  let value = source
  if (use === 'link') {
    if (kind === STOPS || !linkPatternMatches(value)) return false
    if (value.includes('%')) value = percentDecoded(value)
  }
  if (plain.test(value)) return plainTitleValid(value, site, use)
  const decoded = decodeReferences(value)
  // NFC changes nothing in ASCII, which most titles are.
  return titleValid(ascii.test(decoded) ? decoded : decoded.normalize('NFC'), site, use)
}

const PLAIN = 0
const OTHER = 1
const STOPS = 2

/** One pass over the characters: all plain, one the link pattern stops at, or other. */
function classify(value: string): number {
  let kind = PLAIN
  for (let at = 0; at < value.length; at++) {
    const code = value.charCodeAt(at)
    if (code < 128) {
      const type = asciiTypes[code] as number
      if (type === STOPS) return STOPS
      if (type === OTHER) kind = OTHER
    } else if (code < 0xc0 || code > 0x24f) {
      kind = OTHER
    }
  }
  return kind
}

// Per ASCII code: plain (as `plain` reads it), stopping MediaWiki's link pattern, or other.
const asciiTypes = new Uint8Array(128).fill(OTHER)
for (const char of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 _-,\'()!?*@$^`+=:#/.;"')
  asciiTypes[char.charCodeAt(0)] = PLAIN
for (let code = 0; code < 32; code++) asciiTypes[code] = STOPS
for (const char of '[]{}|\u007F') asciiTypes[char.charCodeAt(0)] = STOPS

/** `_` or a space, which titles trim and collapse. */
function isSpace(code: number): boolean {
  return code === 32 || code === 95
}

/**
 * `titleValid` for the titles most links have (letters, digits, spaces and punctuation that
 * neither decodes nor is refused), without building new strings: the same rules, read in place.
 */
function plainTitleValid(value: string, site: SiteIndex, use: TitleUse): boolean {
  let start = 0
  let end = value.length
  while (start < end && isSpace(value.charCodeAt(start))) start++
  while (end > start && isSpace(value.charCodeAt(end - 1))) end--
  if (start === end) return false
  let main = use !== 'template'
  if (value.charCodeAt(start) === 58) {
    main = true
    start++
    while (start < end && isSpace(value.charCodeAt(start))) start++
    if (start === end) return false
  }
  let interwiki = false
  const colon = value.indexOf(':', start + 1)
  if (colon !== -1 && colon < end) {
    const name = namespaceKey(value, start, colon)
    if (site.namespaces.has(name)) {
      main = false
      if (site.talkNamespaces.has(name)) {
        const inner = value.indexOf(':', colon + 1)
        if (inner !== -1 && inner < end) {
          const innerName = namespaceKey(value, skipSpaces(value, colon + 1, end), inner)
          if (innerName !== '' && (site.namespaces.has(innerName) || site.interwiki.has(innerName)))
            return false
        }
      }
      start = skipSpaces(value, colon + 1, end)
    } else if (site.interwiki.has(name)) {
      interwiki = true
      start = skipSpaces(value, colon + 1, end)
    }
  }
  const hash = value.indexOf('#', start)
  let keyEnd = hash === -1 || hash > end ? end : hash
  while (keyEnd > start && isSpace(value.charCodeAt(keyEnd - 1))) keyEnd--
  if (keyEnd === start) return main || interwiki
  if (value.charCodeAt(start) === 58) return false
  const key = value.slice(start, keyEnd)
  if (key.includes('.') && relative(key)) return false
  return fitsLength(key)
}

function skipSpaces(value: string, from: number, end: number): number {
  let at = from
  while (at < end && isSpace(value.charCodeAt(at))) at++
  return at
}

/** The namespace or interwiki name in [start, end), as the site's lookups key it. */
function namespaceKey(value: string, start: number, end: number): string {
  let last = end
  while (last > start && isSpace(value.charCodeAt(last - 1))) last--
  const name = value.slice(start, last)
  return (name.includes('_') ? name.replace(/_/gu, ' ') : name).toLowerCase()
}

/**
 * The link pass's pattern over the text its HTML cleanup leaves: every `<` that starts no allowed
 * tag, and each `>` after it up to the next `<`, has been escaped.
 */
function linkPatternMatches(value: string): boolean {
  if (!value.includes('<') && !value.includes('>')) return true
  let escaping = false
  for (let at = 0; at < value.length; at++) {
    const code = value.charCodeAt(at)
    if (code === 60) {
      const tag = tagStart.exec(value.slice(at))
      if (tag && isHtmlTagName((tag[1] ?? '').toLowerCase(), tag[2] ?? '')) return false
      escaping = true
    } else if (code === 62 && !escaping) {
      return false
    }
  }
  return true
}

/** `rawurldecode`: each run of `%XX` escapes is bytes, read as UTF-8 with bad ones U+FFFD. */
function percentDecoded(value: string): string {
  return value.replace(/(?:%[0-9A-Fa-f]{2})+/gu, (run) => {
    const bytes: number[] = []
    for (let at = 0; at < run.length; at += 3) bytes.push(parseInt(run.slice(at + 1, at + 3), 16))
    return utf8(bytes)
  })
}

/** Bytes as UTF-8, each byte of a bad sequence one U+FFFD (as a decoder that replaces does). */
function utf8(bytes: readonly number[]): string {
  let text = ''
  for (let at = 0; at < bytes.length;) {
    const lead = bytes[at] as number
    const length =
      lead < 0x80
        ? 1
        : lead >= 0xc2 && lead < 0xe0
          ? 2
          : lead >= 0xe0 && lead < 0xf0
            ? 3
            : lead >= 0xf0 && lead < 0xf5
              ? 4
              : 0
    let code =
      length === 1 ? lead : length === 2 ? lead & 0x1f : length === 3 ? lead & 0x0f : lead & 0x07
    let ok = length > 0 && at + length <= bytes.length
    for (let next = 1; ok && next < length; next++) {
      const byte = bytes[at + next] as number
      if ((byte & 0xc0) !== 0x80) ok = false
      else code = (code << 6) | (byte & 0x3f)
    }
    const shortest = length === 3 ? code >= 0x800 : length === 4 ? code >= 0x10000 : true
    if (ok && shortest && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)) {
      text += String.fromCodePoint(code)
      at += length
    } else {
      text += '\uFFFD'
      at++
    }
  }
  return text
}

/** Whether a title's key is at most 255 bytes of UTF-8. */
function fitsLength(dbkey: string): boolean {
  if (dbkey.length <= 85) return true
  let bytes = 0
  for (const char of dbkey) {
    const code = char.codePointAt(0) as number
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4
  }
  return bytes <= 255
}

/** MediaWiki's title parser on the decoded text. */
function titleValid(decoded: string, site: SiteIndex, use: TitleUse): boolean {
  let dbkey = decoded
    .replace(bidiMarks, '')
    .replace(whitespace, '_')
    .replace(/^_+|_+$/gu, '')
  if (dbkey.includes('\uFFFD') || dbkey === '') return false
  let main = use !== 'template'
  if (dbkey.startsWith(':')) {
    main = true
    dbkey = dbkey.slice(1).replace(/^_+/u, '')
    if (dbkey === '') return false
  }
  let interwiki = false
  const prefix = prefixed.exec(dbkey)
  if (prefix) {
    const name = (prefix[1] ?? '').replace(/_/gu, ' ').toLowerCase()
    const namespace = site.namespaces.get(name)
    if (namespace) {
      main = false
      dbkey = prefix[2] ?? ''
      if (site.talkNamespaces.has(name)) {
        const inner = prefixed.exec(dbkey)
        const innerName = (inner?.[1] ?? '').replace(/_/gu, ' ').toLowerCase()
        if (inner && (site.namespaces.has(innerName) || site.interwiki.has(innerName))) {
          return false
        }
      }
    } else if (site.interwiki.has(name)) {
      interwiki = true
      dbkey = prefix[2] ?? ''
    }
  }
  const hash = dbkey.indexOf('#')
  if (hash !== -1) dbkey = dbkey.slice(0, hash).replace(/_+$/u, '')
  if (illegalInTitle.test(dbkey)) return false
  if (dbkey.includes('.') && relative(dbkey)) return false
  if (dbkey.includes('~~~')) return false
  if (dbkey === '' && !interwiki && !main) return false
  if (!fitsLength(dbkey)) return false
  return !dbkey.startsWith(':')
}

function relative(dbkey: string): boolean {
  return (
    dbkey === '.' ||
    dbkey === '..' ||
    dbkey.startsWith('./') ||
    dbkey.startsWith('../') ||
    dbkey.includes('/./') ||
    dbkey.includes('/../') ||
    dbkey.endsWith('/.') ||
    dbkey.endsWith('/..')
  )
}
