/**
 * A site's URL protocols as the lookups the link search makes, built once per site with the
 * rest of its index: pass 2 asks them for nearly every line, so they are fields, not caches.
 */

export interface ProtocolIndex {
  /** Lower-cased protocols by first character, longest first. */
  readonly byFirstChar: ReadonlyMap<string, readonly string[]>
  /** The same by the first character's code. */
  readonly byFirstCode: ReadonlyMap<number, readonly string[]>
  /**
   * Where the letter-led protocols have their first `:` (largest first), or null when one has
   * none or is not plain ASCII. Only a letter-led protocol can start a free link, and it must
   * end its scheme at the first `:` after its start: so a search for `[` and `:` finds every
   * candidate.
   */
  readonly colons: readonly number[] | null
  /**
   * Characters of which a text needs one to hold a link candidate, so most texts skip the
   * protocol search: `[` and `:` when every letter-led protocol holds a `:`, else `[` and each
   * protocol's last character. Null when a protocol ends in a cased character, which
   * case-insensitive matching could meet in another form.
   */
  readonly candidateChars: readonly string[] | null
  /** `[` or any protocol, case-insensitive. Global: set lastIndex. */
  readonly candidatePattern: RegExp
  /**
   * What any inline step needs in a text: `<`, `__`, `''` or a link candidate's character
   * (every character when the protocols allow no such shortcut). Global: set lastIndex.
   */
  readonly triggerPattern: RegExp
}

/** `protocols`: lower-cased, longest first. */
export function indexProtocols(protocols: readonly string[]): ProtocolIndex {
  const byFirstChar = new Map<string, string[]>()
  const byFirstCode = new Map<number, string[]>()
  for (const protocol of protocols) {
    const key = protocol.charAt(0)
    byFirstChar.set(key, [...(byFirstChar.get(key) ?? []), protocol])
    if (key !== '') byFirstCode.set(key.charCodeAt(0), byFirstChar.get(key) ?? [])
  }
  const colons = colonsOf(protocols)
  const candidateChars = charsOf(protocols, colons)
  const escaped = protocols.map((protocol) => protocol.replace(/[.*+?^${}()|[\]\\/]/gu, '\\$&'))
  return {
    byFirstChar,
    byFirstCode,
    colons,
    candidateChars,
    candidatePattern: new RegExp(`\\[|${escaped.join('|')}`, 'gi'),
    triggerPattern:
      candidateChars === null
        ? /[^]/gu
        : new RegExp(
            `''|__|[<${candidateChars.map((char) => char.replace(/[\]\\^-]/gu, '\\$&')).join('')}]`,
            'gu',
          ),
  }
}

function colonsOf(protocols: readonly string[]): readonly number[] | null {
  const found = new Set<number>()
  for (const protocol of protocols) {
    if (!/^[a-z]/u.test(protocol)) continue
    const colon = protocol.indexOf(':')
    // The scheme must be plain (RFC 3986 characters) and no `[` may follow it, or a `[` found
    // first could sit inside a protocol that started earlier.
    if (colon === -1 || !/^[a-z][a-z0-9+.-]*:[\x21-\x5A\x5C-\x7E]*$/u.test(protocol)) return null
    found.add(colon)
  }
  return [...found].sort((a, b) => b - a)
}

function charsOf(
  protocols: readonly string[],
  colons: readonly number[] | null,
): readonly string[] | null {
  // Every candidate is a `[` or a letter-led protocol, which holds a `:`.
  if (colons !== null) return ['[', ':']
  const last = new Set(['['])
  for (const protocol of protocols) last.add(protocol.charAt(protocol.length - 1))
  return [...last].every((char) => char.toLowerCase() === char.toUpperCase()) ? [...last] : null
}
