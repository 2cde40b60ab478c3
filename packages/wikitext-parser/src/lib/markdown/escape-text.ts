/**
 * remark-stringify's text handler, made cheaper without changing a byte of its output.
 *
 * mdast-util-to-markdown escapes a text by running every one of its ~50 unsafe patterns as a
 * regular expression over the text and its neighbouring characters: two thirds of the
 * serializer's time on the Arch pages. A pattern can only match where its character occurs, so
 * one whose character occurs nowhere in the text or its neighbours cannot add an escape, nor
 * change one another pattern adds (every pattern's match lands on its own character); nor can
 * one that needs a line break where there is none. This handler hands the library's own
 * escaping only the patterns that can match, and skips it when none can and no backslash is
 * near (the one character escaped apart from patterns).
 */
import type { Text } from 'mdast'
import type { Options } from 'remark-stringify'

type TextHandle = NonNullable<NonNullable<Options['handlers']>['text']>
type Parent = Parameters<TextHandle>[1]
type State = Parameters<TextHandle>[2]
type Info = Parameters<TextHandle>[3]
type Unsafe = State['unsafe'][number]

/** One pattern list's lookups: for each ASCII character, the patterns on it. */
interface PatternIndex {
  /** Per character code below 128: indexes in the list of patterns on that character. */
  readonly any: (number[] | undefined)[]
  /** The same for patterns that also need a line break. */
  readonly broken: (number[] | undefined)[]
}

/** One index per pattern list (one per `toMarkdown` configuration); null: a character is not ASCII. */
const indexes = new WeakMap<readonly Unsafe[], PatternIndex | null>()

/**
 * Whether the pattern's expression can only match next to a `\r` or `\n`: one at a break (the
 * library compiles that to `[\r\n][\t ]*` before the character, unless `beforeNode` replaces it
 * with `^`), or one whose `before` or `after` is a line break and not replaced by a node test.
 */
function needsLineBreak(pattern: Unsafe): boolean {
  const lineBreak = (source: string | null | undefined): boolean =>
    source === '[\\r\\n]' || source === '\\r' || source === '\\n'
  if (!pattern.beforeNode && (pattern.atBreak || lineBreak(pattern.before))) return true
  return !pattern.afterNode && lineBreak(pattern.after)
}

function indexPatterns(all: readonly Unsafe[]): PatternIndex | null {
  const index: PatternIndex = { any: [], broken: [] }
  for (let at = 0; at < all.length; at++) {
    const pattern = all[at] as Unsafe
    const code = pattern.character.charCodeAt(0)
    if (pattern.character.length !== 1 || code >= 128) return null
    const lists = needsLineBreak(pattern) ? index.broken : index.any
    ;(lists[code] ??= []).push(at)
  }
  return index
}

// Which patterns one text can meet, by index in the list: reused from call to call (the
// serializer runs one handler at a time), cleared after each use.
let chosen = new Uint8Array(64)

/** Marks the patterns in `which` as chosen; returns how many were not yet. */
function choose(which: readonly number[] | undefined): number {
  if (which === undefined) return 0
  let added = 0
  for (const at of which) {
    if (chosen[at] === 0) {
      chosen[at] = 1
      added++
    }
  }
  return added
}

export const escapeText = (node: Text, parent: Parent, state: State, info: Info): string => {
  const all = state.unsafe
  let index = indexes.get(all)
  if (index === undefined) {
    index = indexPatterns(all)
    indexes.set(all, index)
  }
  const value = node.value
  // The library matches over the text with its neighbouring characters.
  const around = info.before + value + info.after
  let patterns = all
  if (index !== null) {
    if (chosen.length < all.length) chosen = new Uint8Array(all.length)
    const lineBreak = around.includes('\n') || around.includes('\r')
    let count = 0
    for (let at = 0; at < around.length; at++) {
      const code = around.charCodeAt(at)
      if (code >= 128) continue
      count += choose(index.any[code])
      if (lineBreak) count += choose(index.broken[code])
    }
    if (count === 0 && !around.includes('\\')) return value
    patterns = []
    for (let which = 0; which < all.length; which++) {
      if (chosen[which] === 1) {
        patterns.push(all[which] as Unsafe)
        chosen[which] = 0
      }
    }
  }
  // As the library's own text handler: the neighbours a pattern may ask about.
  const siblings = parent ? parent.children : []
  const position = state.indexStack[state.indexStack.length - 1] as number
  const config = {
    ...info,
    afterNode: siblings[position + 1],
    beforeNode: position > 0 ? siblings[position - 1] : undefined,
  }
  // The library's escaping over the patterns that can match, in their original order.
  state.unsafe = patterns
  try {
    return state.safe(value, config)
  } finally {
    state.unsafe = all
  }
}
