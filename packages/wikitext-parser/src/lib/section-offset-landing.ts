import { createLocator } from './create-locator.js'

/**
 * Says where a section's code-point offset landed when {@link sectionSliceAt} found no heading
 * there, for the message of a refused section: how far past the end of the page it is, or the
 * start of the line it points into and the heading that was expected.
 */
export function sectionOffsetLanding(
  wikitext: string,
  options: Readonly<{ codePointOffset: number; level: number; nextCodePointOffset: number | null }>,
): string {
  const { codePointOffset: offset, level, nextCodePointOffset: next } = options
  const locator = createLocator(wikitext)
  const length = locator.toCodePoint(wikitext.length)
  if (offset > length) return `offset ${offset} is past the end of the page, ${length} code points`
  const start = locator.fromCodePoint(offset)
  const lineEnd = wikitext.indexOf('\n', start)
  const line = wikitext.slice(start, lineEnd === -1 ? wikitext.length : lineEnd)
  const ending = next === null ? '' : `, next section at ${next}`
  return `offset ${offset} landed on ${JSON.stringify(line.slice(0, 40))}; expected a level-${level} heading${ending}`
}
