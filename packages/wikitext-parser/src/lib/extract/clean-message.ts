import { fromWikitext } from '../from-wikitext.js'
import { requireProfile, requireString } from '../check-arguments.js'
import type { Profile } from '../profile/define-profile.js'
import { finishPieces, renderPlain } from './render-plain.js'

/**
 * Cleans an admonition body into plain prose: the code cleaning of `cleanCode`
 * with emphasis read as plain text, links as their text, list markers rendered per line (`- `,
 * `1. `, two spaces per extra level) and the indent lists invented removed. Other templates stay
 * as written. Never throws on input.
 */
export function cleanMessage(value: string, profile: Profile): string {
  requireString(value, 'value')
  requireProfile(profile, 'profile')
  const body = value.replace(/^[ \t]+/, '')
  const tree = fromWikitext(body)
  const { pieces } = renderPlain(body, tree.children, 0, body.length, profile, 'prose')
  const text = renderListMarkers(finishPieces(pieces))
  return text.replace(/^\n+/, '').replace(/\s+$/u, '')
}

const markerRun = /^[*#:;]+/

function renderListMarkers(value: string): string {
  const lines = value.split('\n')
  // Indent each list line was given, or null for lines that are not list lines.
  const indents: (number | null)[] = []
  const rendered = lines.map((line, i) => {
    const marker = markerRun.exec(line)?.[0]
    indents[i] = null
    if (marker === undefined) return line
    const content = line.slice(marker.length).replace(/^[ \t]+/, '')
    const levels = marker.replace(/[:;]/g, '')
    if (levels === '') return content
    const depth = levels.length
    const last = marker.at(-1)
    const continuation = last === ':' || last === ';'
    if (content === '') return ''
    const indent = continuation ? 2 * depth : 2 * (depth - 1)
    indents[i] = indent
    const bullet = continuation ? '' : levels.at(-1) === '#' ? '1. ' : '- '
    return ' '.repeat(indent) + bullet + content
  })
  const listIndents = indents.filter((indent): indent is number => indent !== null)
  if (listIndents.length === 0) return rendered.join('\n')
  const common = Math.min(...listIndents)
  return rendered
    .map((line, i) => (indents[i] === null || common === 0 ? line : line.slice(common)))
    .join('\n')
}
