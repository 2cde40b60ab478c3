import { fromWikitext } from '../from-wikitext.js'
import { requireProfile, requireString } from '../check-arguments.js'
import type { Profile } from '../profile/define-profile.js'
import { finishPieces, renderPlain } from './render-plain.js'

/** Cleaned code: runnable once its placeholders are substituted. */
export interface CleanCode {
  /** The code with templates resolved, bold dropped and italics marked `<placeholder>`. */
  text: string
  /** The italic tokens, deduplicated in order of first appearance; `null` when none. */
  placeholders: string[] | null
}

/**
 * Cleans a code payload: nowiki payloads stay literal, comments go, the
 * profile's templates resolve (at most 4 deep; `{{ic}}` without a pipe stays raw), bold is
 * dropped, italics become `<token>` placeholders, character references are decoded, and leading
 * and trailing newlines are trimmed. Never throws on input.
 */
export function cleanCode(value: string, profile: Profile): CleanCode {
  requireString(value, 'value')
  requireProfile(profile, 'profile')
  const tree = fromWikitext(value)
  const { pieces, placeholders } = renderPlain(
    value,
    tree.children,
    0,
    value.length,
    profile,
    'code',
  )
  const text = trimNewlines(finishPieces(pieces))
  const unique = [...new Set(placeholders)]
  return { text, placeholders: unique.length > 0 ? unique : null }
}

/** Trims `\n` (only) at both ends. */
export function trimNewlines(value: string): string {
  let from = 0
  let to = value.length
  while (from < to && value.charCodeAt(from) === 10) from++
  while (to > from && value.charCodeAt(to - 1) === 10) to--
  return value.slice(from, to)
}
