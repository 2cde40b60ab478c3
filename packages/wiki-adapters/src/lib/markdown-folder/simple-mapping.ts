/**
 * A fast path for the frontmatter most wikis use: one `key: value` per line, where each value is a
 * word-like string or a flow list of them (`tags: [a, b]`, `fonti: []`). Running the full YAML
 * parser on 10,000 such blocks took about as long as indexing every body, so blocks in this narrow
 * shape are read here and everything else goes to the YAML parser.
 *
 * Returns undefined whenever the block is not certainly in that shape; what it does return is what
 * YAML 1.2 with the core schema yields for the block (every accepted scalar resolves to a string).
 */
export function parseSimpleMapping(block: string): Record<string, unknown> | undefined {
  const lines = block.split('\n')
  // the block runs up to the closing fence, so it ends with a line break when it has any line
  if (lines.pop() !== '' || lines.length === 0) return undefined
  const value: Record<string, unknown> = {}
  const seen = new Set<string>()
  for (const line of lines) {
    const match = LINE.exec(line)
    if (!match) return undefined
    const key = match[1] as string
    const raw = match[2] as string
    // YAML caps implicit keys at 1024 characters; duplicates and keyword keys need the parser too
    if (key.length > 1000 || seen.has(key) || KEYWORD.test(key)) return undefined
    seen.add(key)
    if (raw.startsWith('[')) {
      if (!raw.endsWith(']')) return undefined
      const inner = raw.slice(1, -1)
      if (inner.trim() === '') {
        if (inner !== '') return undefined
        value[key] = []
        continue
      }
      const items: string[] = []
      for (const part of inner.split(',')) {
        const item = part.trim()
        if (!isPlainString(item) || part.replace(/^ +| +$/g, '') !== item) return undefined
        items.push(item)
      }
      value[key] = items
    } else {
      if (!isPlainString(raw)) return undefined
      value[key] = raw
    }
  }
  return value
}

/** `key: value` with a letter-first key, one space after the colon and no trailing blanks. */
const LINE = /^([A-Za-z][A-Za-z0-9_-]*): ([^ \t].*[^ \t]|[^ \t])$/
/** Plain scalars the core schema reads as booleans or null. */
const KEYWORD = /^(?:true|True|TRUE|false|False|FALSE|null|Null|NULL)$/
/** Letters, digits, `_` and `-`, starting with a letter: never a number, boolean or null. */
const WORD = /^\p{L}[\p{L}\p{N}_-]*$/u
/** `YYYY-MM-DD`: the core schema has no timestamps, so a date is a string. */
const DATE = /^\d{4}-\d{2}-\d{2}$/

function isPlainString(scalar: string): boolean {
  if (DATE.test(scalar)) return true
  return WORD.test(scalar) && !KEYWORD.test(scalar)
}
