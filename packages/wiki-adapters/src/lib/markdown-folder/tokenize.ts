const MARKS = /\p{M}/gu
// Marks are part of a run so that text already in NFD folds like its NFC form: stripping the marks
// afterwards joins the letters exactly as "NFD, strip marks, then match letters and digits" would.
const WORD = /[\p{L}\p{N}\p{M}]+/gu
const ASCII = /^[\x00-\x7f]*$/
const foldedWords = new Map<string, string>()

/** Accent folding and lower case: `Entità` → `entita`. */
export function foldText(text: string): string {
  if (ASCII.test(text)) return text.toLowerCase()
  return text.normalize('NFD').replace(MARKS, '').toLowerCase()
}

function foldWord(word: string): string {
  if (ASCII.test(word)) return word.toLowerCase()
  let folded = foldedWords.get(word)
  if (folded === undefined) {
    folded = foldText(word)
    // a bounded memo: accented words repeat a lot within one wiki
    if (foldedWords.size > 100_000) foldedWords.clear()
    foldedWords.set(word, folded)
  }
  return folded
}

/** Folded word tokens without one-character words and stop words (stop words given folded). */
export function tokenize(text: string, stopWords: ReadonlySet<string>): string[] {
  const tokens: string[] = []
  for (const match of text.matchAll(WORD)) {
    const token = foldWord(match[0])
    if (token === '') continue
    if (token.length === 1 || (token.length === 2 && [...token].length === 1)) continue
    if (stopWords.has(token)) continue
    tokens.push(token)
  }
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
    const piece = code < 0x80 ? char.toLowerCase() : foldWord(char)
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
