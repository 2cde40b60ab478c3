// Limits every API answer must meet before any field of it is read. JSON.parse accepts nesting of
// any depth and `\uD800` escapes; the first breaks every recursive consumer (JSON.stringify for a
// log line or a recording overflows the stack), the second makes text no hash can attest (UTF-8
// has no encoding for half a surrogate pair). Both mean the answer is not the wiki's.

/** Deeper than any MediaWiki answer nests (query → pages → page → revisions → slots → main). */
export const MAX_ANSWER_DEPTH = 64

// With the `u` flag a surrogate range matches only unpaired halves.
const LONE_SURROGATE = /[\uD800-\uDFFF]/u

/** What is wrong with a parsed answer, as the end of a sentence; `null` when nothing is. */
export function answerShapeProblem(body: unknown): string | null {
  // Iterative: a recursive walk would overflow on exactly the answers it must refuse.
  const stack: { value: unknown; depth: number }[] = [{ value: body, depth: 1 }]
  while (stack.length > 0) {
    const { value, depth } = stack.pop() as { value: unknown; depth: number }
    if (typeof value === 'string') {
      if (LONE_SURROGATE.test(value)) return 'holds a lone UTF-16 surrogate, which no text can'
      continue
    }
    if (typeof value !== 'object' || value === null) continue
    if (depth > MAX_ANSWER_DEPTH) return `nests deeper than ${MAX_ANSWER_DEPTH} levels`
    if (Array.isArray(value)) {
      for (const child of value) stack.push({ value: child, depth: depth + 1 })
      continue
    }
    for (const [key, child] of Object.entries(value)) {
      if (LONE_SURROGATE.test(key)) return 'holds a lone UTF-16 surrogate, which no text can'
      stack.push({ value: child, depth: depth + 1 })
    }
  }
  return null
}
