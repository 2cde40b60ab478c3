/**
 * The searchable fields of a page besides its title, tags and body: aliases from the frontmatter
 * and the text of its headings below the title.
 */

/** `aliases` (or `alias`) from the frontmatter: a list of strings, or one string. */
export function frontmatterAliases(frontmatter: Readonly<Record<string, unknown>>): string[] {
  const value = frontmatter.aliases ?? frontmatter.alias
  if (typeof value === 'string') return value.trim() === '' ? [] : [value]
  if (Array.isArray(value))
    return value.filter((item): item is string => typeof item === 'string' && item.trim() !== '')
  return []
}

const HEADING = /^ {0,3}#{1,6}[ \t]+(.+?)[ \t#]*$/gm

/**
 * The text of every ATX heading in `content` but the first one that reads as `title` (already a
 * field of its own), joined by newlines. Lines inside fenced code are skipped: a shell comment is
 * no heading.
 */
export function headingText(content: string, title: string): string {
  if (!content.includes('#')) return ''
  const fences = fencedRanges(content)
  const found: string[] = []
  let first = true
  for (const match of content.matchAll(HEADING)) {
    if (fences.some(([from, to]) => match.index >= from && match.index < to)) continue
    const text = match[1] ?? ''
    if (first && text === title) {
      first = false
      continue
    }
    found.push(text)
  }
  return found.join('\n')
}

const FENCE = /^ {0,3}(`{3,}|~{3,})[^\n]*$/gm

/** [start, end) offsets of fenced code blocks (an unclosed fence runs to the end). */
function fencedRanges(content: string): [number, number][] {
  if (!content.includes('```') && !content.includes('~~~')) return []
  const ranges: [number, number][] = []
  let open: { at: number; char: string; length: number } | undefined
  for (const match of content.matchAll(FENCE)) {
    const run = match[1] ?? ''
    if (!open) open = { at: match.index, char: run[0] ?? '`', length: run.length }
    else if (run[0] === open.char && run.length >= open.length && match[0].trim() === run) {
      ranges.push([open.at, match.index + match[0].length])
      open = undefined
    }
  }
  if (open) ranges.push([open.at, content.length])
  return ranges
}
