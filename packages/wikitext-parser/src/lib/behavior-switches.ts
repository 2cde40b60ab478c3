/**
 * Behaviour switches (`__NOTOC__`): a site's double-underscore words. Inline, each is a node of its
 * own. At the start of a line MediaWiki removes them (handleDoubleUnderscore) after its table and
 * rule passes and before its block pass, so `__NOTOC__* a` is a list item and `__NOTOC__ a`
 * preformatted, while `__NOTOC__----` is no rule and `__NOTOC__{|` no table. The first `__TOC__`
 * leaves the table of contents' marker, which no line markup follows.
 */
import { makeText } from './make-text.js'
import type { ParseContext } from './preprocess/types.js'
import type { BehaviorSwitch, Content } from './types.js'

const UNDERSCORE = 95
/** `__` + letters + `__`, at one offset (sticky). */
const switchSyntax = /__([A-Za-z]+)__/y
const none: readonly BehaviorSwitch[] = Object.freeze([])

/** The site's switch written at `at` and ending by `to`, or null. */
export function switchAt(context: ParseContext, at: number, to: number): BehaviorSwitch | null {
  const { input, site } = context
  switchSyntax.lastIndex = at
  const match = switchSyntax.exec(input)
  if (!match || switchSyntax.lastIndex > to) return null
  const name = (match[1] ?? '').toUpperCase()
  if (!site.switches.has(name)) return null
  return {
    type: 'behaviorSwitch',
    name,
    value: match[0],
    position: context.pointer.position(at, switchSyntax.lastIndex),
  }
}

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
  // Most lines start with something else: no array for them.
  if (context.input.charCodeAt(from) !== UNDERSCORE) return none
  const found: BehaviorSwitch[] = []
  let at = from
  for (let node = switchAt(context, at, to); node; node = switchAt(context, at, to)) {
    if (node.name === 'TOC' && !withToc) break
    found.push(node)
    at = node.position.end.offset
  }
  context.work += at - from + 1
  return found
}

/** A line's behaviour switches as nodes of their own, the rest of its texts kept. */
export function inlineSwitches(context: ParseContext, items: readonly Content[]): Content[] {
  const result: Content[] = []
  for (const item of items) {
    if (item.type !== 'text' || !item.value.includes('__')) {
      result.push(item)
      continue
    }
    const base = item.position.start.offset
    const end = item.position.end.offset
    let at = 0
    for (let found = item.value.indexOf('__'); found !== -1;) {
      const node = switchAt(context, base + found, end)
      if (!node) {
        found = item.value.indexOf('__', found + 1)
        continue
      }
      if (found > at) result.push(makeText(context, base + at, base + found))
      result.push(node)
      at = found + node.value.length
      found = item.value.indexOf('__', at)
    }
    if (at === 0) result.push(item)
    else if (at < item.value.length)
      result.push(makeText(context, base + at, base + item.value.length))
  }
  return result
}
