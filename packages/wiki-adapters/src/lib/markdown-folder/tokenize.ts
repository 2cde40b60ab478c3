import { FNV_OFFSET, FNV_PRIME, lower } from './term-dictionary.js'
const MARKS = /\p{M}/gu
// Marks count as word characters so that text already in NFD folds like its NFC form: stripping the
// marks afterwards joins the letters exactly as "NFD, strip marks, then match letters and digits" would.
const WORD_CHAR = /^[\p{L}\p{N}\p{M}]$/u
const ASCII = /^[\x00-\x7f]*$/
const foldedWords = new Map<string, string>()

/**
 * Word-character class of each UTF-16 unit below U+10000: 0 not yet known, 1 word, 2 other. Filled
 * lazily from `WORD_CHAR`, so the tokenizer runs one regex test per distinct character instead of
 * a regex match per word (the tokenizer sees every byte of the wiki at start-up).
 */
const unitClass = new Uint8Array(0x10000)
for (let code = 0; code < 0x80; code += 1) {
  const word =
    (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122)
  unitClass[code] = word ? 1 : 2
}

/** Width in UTF-16 units of the word character at `i` (a surrogate pair counts 2), 0 if none. */
function wordCharWidth(text: string, i: number, code: number): number {
  if (code >= 0xd800 && code <= 0xdbff) {
    const low = text.charCodeAt(i + 1)
    if (low >= 0xdc00 && low <= 0xdfff) return WORD_CHAR.test(text.slice(i, i + 2)) ? 2 : 0
    return 0
  }
  let known = unitClass[code] as number
  if (known === 0) {
    // a lone surrogate is no letter; anything else is classified once
    known = WORD_CHAR.test(String.fromCharCode(code)) ? 1 : 2
    unitClass[code] = known
  }
  return known === 1 ? 1 : 0
}

/** Accent folding and lower case: `Entità` → `entita`. */
export function foldText(text: string): string {
  if (ASCII.test(text)) return text.toLowerCase()
  return text.normalize('NFD').replace(MARKS, '').toLowerCase()
}

function foldNonAscii(word: string): string {
  let folded = foldedWords.get(word)
  if (folded === undefined) {
    folded = foldText(word)
    // a bounded memo: accented words repeat a lot within one wiki
    if (foldedWords.size > 100_000) foldedWords.clear()
    foldedWords.set(word, folded)
  }
  return folded
}

/**
 * Calls `word` for each maximal run of letters, digits and marks in `text`, found by a hand-written
 * scan; `ascii` tells whether the run is plain ASCII (most of any wiki), `upper` whether it then
 * holds an upper-case letter. The search index consumes runs directly, without token strings.
 */
export function scanWords(
  text: string,
  word: (start: number, end: number, ascii: boolean, upper: boolean) => void,
): void {
  const length = text.length
  let i = 0
  while (i < length) {
    const first = text.charCodeAt(i)
    // separators are mostly ASCII: classify those inline
    const firstWidth =
      first < 0x80 ? (unitClass[first] === 1 ? 1 : 0) : wordCharWidth(text, i, first)
    if (firstWidth === 0) {
      i += 1
      continue
    }
    const start = i
    let ascii = first < 0x80
    let upper = first >= 65 && first <= 90
    i += firstWidth
    while (i < length) {
      const code = text.charCodeAt(i)
      const width = code < 0x80 ? (unitClass[code] === 1 ? 1 : 0) : wordCharWidth(text, i, code)
      if (width === 0) break
      if (code >= 0x80) ascii = false
      else if (code >= 65 && code <= 90) upper = true
      i += width
    }
    word(start, i, ascii, upper)
  }
}

/**
 * `scanWords` that also hands over, for each run, the FNV-1a hash of its lower-cased UTF-16 units as
 * `TermDictionary.idOfAsciiRun` computes it (meaningful when `ascii`), so the search index does not
 * read every ASCII word a second time to hash it.
 */
export function scanWordsHashed(
  text: string,
  word: (start: number, end: number, ascii: boolean, hash: number) => void,
): void {
  const length = text.length
  let i = 0
  while (i < length) {
    const first = text.charCodeAt(i)
    const firstWidth =
      first < 0x80 ? (unitClass[first] === 1 ? 1 : 0) : wordCharWidth(text, i, first)
    if (firstWidth === 0) {
      i += 1
      continue
    }
    const start = i
    let ascii = first < 0x80
    let hash = Math.imul(FNV_OFFSET ^ lower(first), FNV_PRIME)
    if (firstWidth === 2) hash = Math.imul(hash ^ text.charCodeAt(i + 1), FNV_PRIME)
    i += firstWidth
    while (i < length) {
      const code = text.charCodeAt(i)
      const width = code < 0x80 ? (unitClass[code] === 1 ? 1 : 0) : wordCharWidth(text, i, code)
      if (width === 0) break
      if (code >= 0x80) ascii = false
      hash = Math.imul(hash ^ lower(code), FNV_PRIME)
      if (width === 2) hash = Math.imul(hash ^ text.charCodeAt(i + 1), FNV_PRIME)
      i += width
    }
    word(start, i, ascii, hash)
  }
}

/**
 * The folded token of a run that holds a non-ASCII character, or undefined when folding leaves
 * one character or less. (An ASCII run is a token when longer than one character.)
 */
export function foldRun(text: string, start: number, end: number): string | undefined {
  const token = foldNonAscii(text.slice(start, end))
  if (token.length <= 1 || (token.length === 2 && [...token].length === 1)) return undefined
  return token
}

/** Folded word tokens without one-character words and stop words (stop words given folded). */
export function tokenize(text: string, stopWords: ReadonlySet<string>): string[] {
  const tokens: string[] = []
  scanWords(text, (start, end, ascii, upper) => {
    let token: string | undefined
    if (ascii) {
      if (end - start === 1) return
      token = text.slice(start, end)
      if (upper) token = token.toLowerCase()
    } else token = foldRun(text, start, end)
    if (token !== undefined && !stopWords.has(token)) tokens.push(token)
  })
  return tokens
}

export function foldStopWords(words: readonly string[]): Set<string> {
  return new Set(words.map(foldText))
}

/**
 * The folded text with, for each of its UTF-16 units, the index of the original unit it came from,
 * so a match in folded text can be cut from the original (`undefined` when offsets are unchanged).
 */
export function foldWithOffsets(text: string): { folded: string; origin: number[] | undefined } {
  // lower-casing ASCII keeps every offset: no table needed
  if (ASCII.test(text)) return { folded: text.toLowerCase(), origin: undefined }
  const pieces: string[] = []
  const origin: number[] = []
  let i = 0
  for (const char of text) {
    const code = char.charCodeAt(0)
    const piece = code < 0x80 ? char.toLowerCase() : foldNonAscii(char)
    for (let k = 0; k < piece.length; k += 1) origin.push(i)
    pieces.push(piece)
    i += char.length
  }
  origin.push(text.length)
  return { folded: pieces.join(''), origin }
}

/** Cuts `text` around [start, end) with `radius` units each side, keeping surrogate pairs whole. */
export function snippetAround(text: string, start: number, end: number, radius: number): string {
  let from = Math.max(0, start - radius)
  let to = Math.min(text.length, end + radius)
  if (from > 0 && isLowSurrogate(text.charCodeAt(from))) from -= 1
  if (to < text.length && isLowSurrogate(text.charCodeAt(to))) to += 1
  const body = text.slice(from, to).replace(/\s+/g, ' ').trim()
  return `${from > 0 ? '…' : ''}${body}${to < text.length ? '…' : ''}`
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff
}

/** Cuts to at most `max` UTF-16 units without splitting a surrogate pair. */
export function cutString(text: string, max: number): string {
  if (text.length <= max) return text
  let end = max
  if (end > 0 && isLowSurrogate(text.charCodeAt(end))) end -= 1
  return text.slice(0, end)
}
