/**
 * Runs of line-start characters (indents, colons, list markers, dashes), the way every block
 * construct measures the markup a line starts with.
 */
// Line-start markup is read with character tables, not regex literals: a literal in the loop
// makes a RegExp object per line, and these runs are a few characters long. Tables rather than
// test functions keep `runOf` monomorphic.
export const asciiSet = (chars: string): Uint8Array => {
  const table = new Uint8Array(128)
  for (const char of chars) table[char.charCodeAt(0)] = 1
  return table
}
export const indentChars: Uint8Array = asciiSet(' \t')
// What PCRE's `\s` matches within a line, and the colons that may indent a table.
export const lineSpaceChars: Uint8Array = asciiSet(' \t\r\f\v')
export const colonChars: Uint8Array = asciiSet(':')

/** Length of the run of characters in `chars` in `input` from `from` up to `to`. */
export function runOf(input: string, from: number, to: number, chars: Uint8Array): number {
  let at = from
  while (at < to && chars[input.charCodeAt(at)] === 1) at++
  return at - from
}
