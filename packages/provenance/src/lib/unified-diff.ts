import { ProvenanceError } from './provenance-error.js'

export interface UnifiedDiffOptions {
  /** The text after `--- `, e.g. `GRUB@858930`. */
  readonly oldHeader: string
  /** The text after `+++ `, e.g. `GRUB@860001`. */
  readonly newHeader: string
  /** Unchanged lines around each change (default 3). */
  readonly context?: number | undefined
  /**
   * Largest number of line pairs compared after the common head and tail are trimmed (default
   * unbounded). The comparison table takes 4 bytes per pair, so a caller serving many clients
   * bounds it; a larger diff throws `evidence_unresolvable`.
   */
  readonly maxWork?: number | undefined
}

type Op = {
  readonly kind: ' ' | '-' | '+'
  readonly line: string
  readonly a: number
  readonly b: number
}

/**
 * A unified diff of two texts by line, for `recheck`'s `diff`. Ranges are
 * written as `diff -u` and Python's difflib write them (`-3` for one line, `-2,0` for none); a
 * side that does not end in a newline gets `\ No newline at end of file` after its last line.
 * Equal texts give `''`.
 */
export function unifiedDiff(
  oldText: string,
  newText: string,
  options: Readonly<UnifiedDiffOptions>,
): string {
  if (oldText === newText) return ''
  const context = options.context ?? 3
  const a = splitLines(oldText)
  const b = splitLines(newText)
  const ops = diffLines(a, b, options.maxWork ?? Number.POSITIVE_INFINITY)

  const out = [`--- ${options.oldHeader}`, `+++ ${options.newHeader}`]
  let i = 0
  while (i < ops.length) {
    // Find the next change, then grow the hunk while changes are within 2 × context.
    while (i < ops.length && ops[i]?.kind === ' ') i++
    if (i >= ops.length) break
    const start = Math.max(0, i - context)
    let end = i
    for (let j = i; j < ops.length; j++) {
      if (ops[j]?.kind !== ' ') end = j
      else if (j - end > 2 * context) break
    }
    const stop = Math.min(ops.length, end + context + 1)
    const hunk = ops.slice(start, stop)
    const first = hunk[0]
    const aCount = hunk.filter((op) => op.kind !== '+').length
    const bCount = hunk.filter((op) => op.kind !== '-').length
    const aStart = first === undefined ? 0 : first.a
    const bStart = first === undefined ? 0 : first.b
    out.push(`@@ -${range(aStart, aCount)} +${range(bStart, bCount)} @@`)
    for (const op of hunk) {
      out.push(`${op.kind}${op.line}`)
      const lastOfA = op.kind !== '+' && op.a === a.lines.length - 1 && !a.endsWithNewline
      const lastOfB = op.kind !== '-' && op.b === b.lines.length - 1 && !b.endsWithNewline
      if ((op.kind === '-' && lastOfA) || (op.kind === '+' && lastOfB)) {
        out.push('\\ No newline at end of file')
      } else if (op.kind === ' ' && (lastOfA || lastOfB)) {
        out.push('\\ No newline at end of file')
      }
    }
    i = stop
  }
  return `${out.join('\n')}\n`
}

function range(start: number, count: number): string {
  // 1-based; an empty range names the line before it.
  if (count === 1) return String(start + 1)
  return `${count === 0 ? start : start + 1},${count}`
}

interface Lines {
  readonly lines: string[]
  readonly endsWithNewline: boolean
}

function splitLines(text: string): Lines {
  if (text === '') return { lines: [], endsWithNewline: true }
  const endsWithNewline = text.endsWith('\n')
  const lines = (endsWithNewline ? text.slice(0, -1) : text).split('\n')
  return { lines, endsWithNewline }
}

/** Line operations from a longest common subsequence, after trimming the common ends. */
function diffLines(left: Lines, right: Lines, maxWork: number): Op[] {
  const a = left.lines
  const b = right.lines
  // A last line without its newline differs from the same text with one.
  const key = (side: Lines, index: number): string | undefined =>
    index === side.lines.length - 1 && !side.endsWithNewline
      ? `${side.lines[index] ?? ''}\u0000`
      : side.lines[index]
  const same = (i: number, j: number): boolean => key(left, i) === key(right, j)
  let head = 0
  while (head < a.length && head < b.length && same(head, head)) head++
  let tail = 0
  while (
    tail < a.length - head &&
    tail < b.length - head &&
    same(a.length - 1 - tail, b.length - 1 - tail)
  ) {
    tail++
  }
  const n = a.length - head - tail
  const m = b.length - head - tail
  if (n * m > maxWork) {
    throw new ProvenanceError(
      'evidence_unresolvable',
      `The texts differ in ${n} and ${m} lines, more than ${maxWork} line pairs to compare; diff a section instead.`,
    )
  }
  // lcs[i][j]: LCS length of a[head+i..] and b[head+j..], in one flat array.
  const width = m + 1
  const lcs = new Uint32Array((n + 1) * width)
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i * width + j] = same(head + i, head + j)
        ? (lcs[(i + 1) * width + j + 1] ?? 0) + 1
        : Math.max(lcs[(i + 1) * width + j] ?? 0, lcs[i * width + j + 1] ?? 0)
    }
  }

  const ops: Op[] = []
  for (let k = 0; k < head; k++) ops.push({ kind: ' ', line: a[k] ?? '', a: k, b: k })
  let i = 0
  let j = 0
  while (i < n || j < m) {
    if (i < n && j < m && same(head + i, head + j)) {
      ops.push({ kind: ' ', line: a[head + i] ?? '', a: head + i, b: head + j })
      i++
      j++
    } else if (
      i < n &&
      (j >= m || (lcs[(i + 1) * width + j] ?? 0) >= (lcs[i * width + j + 1] ?? 0))
    ) {
      // Deletions before insertions, as diff -u writes them.
      ops.push({ kind: '-', line: a[head + i] ?? '', a: head + i, b: head + j })
      i++
    } else {
      ops.push({ kind: '+', line: b[head + j] ?? '', a: head + i, b: head + j })
      j++
    }
  }
  for (let k = 0; k < tail; k++) {
    const ai = a.length - tail + k
    const bi = b.length - tail + k
    ops.push({ kind: ' ', line: a[ai] ?? '', a: ai, b: bi })
  }
  return ops
}
