/**
 * Pass 1's language-converter markup: `-{` to `}-`, which stays text but hides `|` and `}}` from
 * what encloses it, as MediaWiki's preprocessor pairs it.
 */
import { appendText, LANG, propagateLink, push, type Piece, type Scan } from './scan-state.js'

/** `-` at `at`: opens `-{` (not `-{{`, which is `-` then braces). Returns where to go on. */
export function dash(scan: Scan, at: number): number {
  const { input, to } = scan
  if (
    at + 1 < to &&
    input.charCodeAt(at + 1) === 123 &&
    !(at + 2 < to && input.charCodeAt(at + 2) === 123)
  ) {
    push(scan, LANG, at, 1)
    return at + 2
  }
  // `-{{` is `-` then braces: MediaWiki lets the rightmost opener win.
  if (input.charCodeAt(at + 1) === 123) scan.dashBeforeBraces = at
  appendText(scan, at, at + 1)
  return at + 1
}

/** `}-` at `at` while `-{` is the innermost construct: it closes, as text. Returns where to go on. */
export function closeLanguage(scan: Scan, piece: Piece, at: number): number {
  appendText(scan, at, at + 2)
  propagateLink(scan, piece)
  return at + 2
}

/** `|` at `at` in `-{`: a part with no slot, whose `|` stays text whatever happens. */
export function languagePipe(scan: Scan, piece: Piece, at: number): void {
  ;(piece.parts ??= []).push(-1, at, -1)
  appendText(scan, at, at + 1)
}
