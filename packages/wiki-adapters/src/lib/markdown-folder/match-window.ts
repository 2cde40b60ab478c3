import { cutString, foldRun, scanWords, snippetAround } from './tokenize.js'

/**
 * Characters from the start of a page searched for matched words: each word found is folded and
 * looked up, so a many-megabyte page would otherwise cost seconds per hit.
 */
export const MATCH_WINDOW_CHARS = 100_000

/** The shortest stretch of a page that holds the most distinct query words. */
export interface MatchWindow {
  /** How many distinct query words the stretch holds. */
  readonly covered: number
  /** Its length in words, from its first matched word to its last. */
  readonly words: number
  /** UTF-16 offsets in the page text: start of its first matched word, end of its last. */
  readonly start: number
  readonly end: number
}

/**
 * Finds the match window of `text`, where `groupOf` tells which query word (0, 1, …) a folded word
 * answers, or -1. Undefined when no word matches.
 */
export function matchWindow(
  text: string,
  groupOf: (token: string) => number,
): MatchWindow | undefined {
  const scanned = cutString(text, MATCH_WINDOW_CHARS)
  const hits: { word: number; group: number; start: number; end: number }[] = []
  let index = 0
  scanWords(scanned, (start, end, ascii, upper) => {
    index += 1
    let token: string | undefined
    if (ascii) {
      if (end - start === 1) return
      token = scanned.slice(start, end)
      if (upper) token = token.toLowerCase()
    } else token = foldRun(scanned, start, end)
    if (token === undefined) return
    const group = groupOf(token)
    if (group >= 0) hits.push({ word: index, group, start, end })
  })
  if (hits.length === 0) return undefined
  // two pointers over the matched words: the shortest run holding the most distinct groups
  const counts = new Map<number, number>()
  let best: MatchWindow | undefined
  let left = 0
  for (let right = 0; right < hits.length; right += 1) {
    const entering = hits[right] as (typeof hits)[number]
    counts.set(entering.group, (counts.get(entering.group) ?? 0) + 1)
    // drop words from the left while the run keeps every group it holds
    for (;;) {
      const leaving = hits[left] as (typeof hits)[number]
      const count = counts.get(leaving.group) ?? 0
      if (left >= right || count <= 1) break
      counts.set(leaving.group, count - 1)
      left += 1
    }
    const first = hits[left] as (typeof hits)[number]
    const window = {
      covered: counts.size,
      words: entering.word - first.word + 1,
      start: first.start,
      end: entering.end,
    }
    if (
      !best ||
      window.covered > best.covered ||
      (window.covered === best.covered && window.words < best.words)
    )
      best = window
  }
  return best
}

/**
 * A snippet around a match window: the window itself when short, else its first word, with 60
 * characters each side.
 */
export function windowSnippet(text: string, window: MatchWindow): string {
  const end = window.end - window.start > 120 ? window.start + 1 : window.end
  return snippetAround(text, window.start, end, 60)
}
