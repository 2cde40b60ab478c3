import { fromWikitext } from '../from-wikitext.js'
import { requireProfile, requireString } from '../check-arguments.js'
import type { Profile } from '../profile/define-profile.js'
import { decodeReferences } from '../anchor.js'
import { finishPieces, renderPlain } from './render-plain.js'

/**
 * Cleans a search snippet into one line of plain text: the wiki's
 * `<span>` highlight markup goes, references are decoded, markup resolves as in prose (no list
 * rendering), and whitespace collapses to single spaces. Markup the wiki's truncation cut stays
 * as written. Never throws on input.
 */
export function cleanSnippet(value: string, profile: Profile): string {
  requireString(value, 'value')
  requireProfile(profile, 'profile')
  const text = decodeReferences(value.replace(/<\/?span\b[^>]*>/gi, ''))
  const tree = fromWikitext(text)
  const { pieces } = renderPlain(text, tree.children, 0, text.length, profile, 'prose')
  return finishPieces(pieces).replace(/\s+/gu, ' ').trim()
}
