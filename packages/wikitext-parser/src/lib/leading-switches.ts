/**
 * Behaviour switches at the start of a line. MediaWiki removes them (handleDoubleUnderscore) after
 * its table and rule passes and before its block pass, so `__NOTOC__* a` is a list item and
 * `__NOTOC__ a` preformatted, while `__NOTOC__----` is no rule and `__NOTOC__{|` no table. The
 * first `__TOC__` leaves the table of contents' marker, which no line markup follows.
 */
import type { ParseContext } from './preprocess.js'
import type { BehaviorSwitch } from './types.js'

const UNDERSCORE = 95
const none: readonly BehaviorSwitch[] = Object.freeze([])

/**
 * The switches at the start of the text in [from, to), in order: those MediaWiki removes, and
 * with `withToc` the first `__TOC__` and those after it too (its marker is no text for a line's
 * blankness, though line markup does not follow it).
 */
export function leadingSwitches(
  context: ParseContext,
  from: number,
  to: number,
  withToc = false,
): readonly BehaviorSwitch[] {
  const { input, site } = context
  // Most lines start with something else: no array for them.
  if (input.charCodeAt(from) !== UNDERSCORE) return none
  const found: BehaviorSwitch[] = []
  let at = from
  while (
    at + 4 < to &&
    input.charCodeAt(at) === UNDERSCORE &&
    input.charCodeAt(at + 1) === UNDERSCORE
  ) {
    let nameEnd = at + 2
    while (nameEnd < to && isAsciiLetter(input.charCodeAt(nameEnd))) nameEnd++
    const end = nameEnd + 2
    if (
      nameEnd === at + 2 ||
      end > to ||
      input.charCodeAt(nameEnd) !== UNDERSCORE ||
      input.charCodeAt(nameEnd + 1) !== UNDERSCORE
    ) {
      break
    }
    const name = input.slice(at + 2, nameEnd).toUpperCase()
    if ((name === 'TOC' && !withToc) || !site.switches.has(name)) break
    found.push({
      type: 'behaviorSwitch',
      name,
      value: input.slice(at, end),
      position: context.pointer.position(at, end),
    })
    at = end
  }
  context.work += at - from + 1
  return found
}

function isAsciiLetter(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122)
}
