/** The admonition types the Arch Wiki's Note, Warning, Tip and Caution templates stand for. */
export type AdmonitionType = 'NOTE' | 'WARNING' | 'TIP' | 'CAUTION'

const ADMONITIONS = new Map<string, AdmonitionType>([
  ['note', 'NOTE'],
  ['warning', 'WARNING'],
  ['tip', 'TIP'],
  ['caution', 'CAUTION'],
])

/**
 * The type a template name attests by itself: after removing one trailing `(…)` suffix, the name
 * is note, warning, tip or caution in any case (`Note (Español)` → NOTE). Otherwise `null`.
 */
export function selfAttestingType(name: string): AdmonitionType | null {
  const bare = name.trim().replace(/\s*\([^()]*\)$/, '')
  return ADMONITIONS.get(bare.toLowerCase()) ?? null
}

// Never sent: `{{=}}`, `{{!}}`, parser functions, magic words and namespaced calls.
const UNSENDABLE = /[:#=|!{}[\]]/

/**
 * The canonical form a template name is looked up under: spaces and underscores collapsed to one
 * space, trimmed, the first letter upper case and **the rest exactly as written** (MediaWiki
 * titles are case-insensitive in the first letter only). `null` for names that are never sent.
 */
export function canonicalTemplateName(name: string): string | null {
  const collapsed = name.replace(/[ _]+/g, ' ').trim()
  if (collapsed === '' || UNSENDABLE.test(collapsed)) return null
  const first = String.fromCodePoint(collapsed.codePointAt(0) ?? 0)
  return first.toUpperCase() + collapsed.slice(first.length)
}

/** Sorts strings by code point (not UTF-16 unit), as the alias batches are ordered. */
export function compareCodePoints(a: string, b: string): number {
  const left = [...a]
  const right = [...b]
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const x = left[i]?.codePointAt(0) ?? 0
    const y = right[i]?.codePointAt(0) ?? 0
    if (x !== y) return x - y
  }
  return left.length - right.length
}
