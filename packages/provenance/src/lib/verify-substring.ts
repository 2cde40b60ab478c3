import { hashContent } from './hash-content.js'
import { restoreIndentedMarkers } from './restore-indented-markers.js'
import type { SourcePattern } from './source-patterns.js'

export interface VerifySubstringInput {
  /** The revision's whole wikitext, as fetched. */
  readonly wikitext: string
  /** The quoted verbatim text (`content_raw`, `message_raw` or `wikitext`). */
  readonly contentRaw: string
  /** The hash the evidence claims, if any: it must equal the recomputed one. */
  readonly contentHash?: string | null | undefined
  /** `page` compares with the whole page; `indented_block` restores the marker spaces first. */
  readonly sourcePattern?: SourcePattern | null | undefined
}

export interface VerifySubstringResult {
  /** Found in the revision and, when a hash was claimed, the hash matches. */
  readonly reproduced: boolean
  /** hash(contentRaw). */
  readonly computed_hash: string
  /** Code-point offset of the first occurrence in the NFC wikitext, or `null`. */
  readonly found_at: number | null
  /** How many times the needle occurs (overlapping occurrences count). */
  readonly occurrences: number
  /** Why not reproduced, or `null`. */
  readonly reason: string | null
}

/**
 * Step 2 of `verify`: is `contentRaw` a verbatim part of the revision, and
 * does it hash to the claimed value? Both sides are compared in NFC, as the hash is.
 */
export function verifySubstring(input: Readonly<VerifySubstringInput>): VerifySubstringResult {
  const computed = hashContent(input.contentRaw)
  const haystack = input.wikitext.normalize('NFC')
  const needle = (
    input.sourcePattern === 'indented_block'
      ? restoreIndentedMarkers(input.contentRaw)
      : input.contentRaw
  ).normalize('NFC')

  let first = -1
  let occurrences = 0
  if (input.sourcePattern === 'page') {
    if (haystack === needle) {
      first = 0
      occurrences = 1
    }
  } else if (needle !== '') {
    for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) {
      if (first === -1) first = at
      occurrences++
    }
  }

  const claimed = input.contentHash ?? null
  const hashOk = claimed === null || claimed.toLowerCase() === computed
  let reason: string | null = null
  if (first === -1) {
    reason =
      input.sourcePattern === 'page'
        ? 'The text is not the whole wikitext of this revision.'
        : needle === ''
          ? 'The text is empty; there is nothing to find.'
          : 'The text does not occur in the wikitext of this revision.'
  } else if (!hashOk) {
    reason = `The text occurs in the revision, but its hash is ${computed}, not the claimed ${claimed ?? ''}.`
  }
  return {
    reproduced: first !== -1 && hashOk,
    computed_hash: computed,
    found_at: first === -1 ? null : codePointLength(haystack, first),
    occurrences,
    reason,
  }
}

/** The number of code points in `text.slice(0, end)`. */
function codePointLength(text: string, end: number): number {
  let count = 0
  for (let i = 0; i < end; i++) {
    const unit = text.charCodeAt(i)
    // A high surrogate followed by a low one is one code point.
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < end) {
      const next = text.charCodeAt(i + 1)
      if (next >= 0xdc00 && next <= 0xdfff) i++
    }
    count++
  }
  return count
}
