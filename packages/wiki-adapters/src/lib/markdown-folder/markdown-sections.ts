import { WikiSourceError } from '../wiki-source-error.js'
import { CodeFences } from './code-fence.js'

/** One ATX heading of a page and the span of text it heads, as offsets into the file text. */
export interface PageSection {
  /** Heading text, without the `#` marks and closing sequence. */
  readonly heading: string
  readonly slug: string
  /** 1 to 6. */
  readonly level: number
  /** 1-based line of the heading in the file. */
  readonly line: number
  /** Offset of the heading line's first character. */
  readonly start: number
  /** Offset just after the heading line's line break (or the end of the file). */
  readonly bodyStart: number
  /** Offset where the next heading of the same or a higher level starts (or the end). */
  readonly end: number
}

/**
 * The ATX headings of a file outside fenced code and outside the frontmatter block, each with the
 * span up to the next heading of the same or a higher level (subsections included).
 */
export function pageSections(fileText: string): PageSection[] {
  const found: Omit<PageSection, 'end'>[] = []
  const fences = new CodeFences()
  let offset = frontmatterEnd(fileText)
  let line = lineNumberAt(fileText, offset)
  while (offset < fileText.length) {
    let breakAt = fileText.indexOf('\n', offset)
    if (breakAt === -1) breakAt = fileText.length
    const text = fileText.slice(offset, breakAt).replace(/\r$/, '')
    const next = Math.min(breakAt + 1, fileText.length)
    if (!fences.isFence(text) && !fences.inCode) {
      const heading = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/.exec(text)
      if (heading?.[1]) {
        const title = (heading[2] ?? '').trim()
        found.push({
          heading: title,
          slug: headingSlug(title),
          level: heading[1].length,
          line,
          start: offset,
          bodyStart: next,
        })
      }
    }
    offset = breakAt + 1
    line += 1
  }
  return found.map((section, i) => {
    let end = fileText.length
    for (const later of found.slice(i + 1)) {
      if (later.level <= section.level) {
        end = later.start
        break
      }
    }
    return { ...section, end }
  })
}

/** A heading as a URL fragment, the way GitHub and most renderers make one. */
export function headingSlug(heading: string): string {
  return heading
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M} _-]/gu, '')
    .trim()
    .replace(/ /g, '-')
}

/**
 * The one section named by `wanted`: its heading text (with or without leading `#` marks), exact
 * then case-insensitive, else its slug. Throws `not_found` listing the headings there are, or
 * `ambiguous` listing the lines of the candidates.
 */
export function findSection(
  sections: readonly PageSection[],
  wanted: string,
  pagePath: string,
): PageSection {
  const text = wanted.replace(/^\s*#{1,6}\s+/, '').trim()
  const tries: ((s: PageSection) => boolean)[] = [
    (s) => s.heading === text,
    (s) => s.heading.toLowerCase() === text.toLowerCase(),
    (s) => s.slug === headingSlug(text),
  ]
  for (const matches of tries) {
    const candidates = sections.filter(matches)
    if (candidates.length === 1 && candidates[0]) return candidates[0]
    if (candidates.length > 1) {
      throw new WikiSourceError(
        'ambiguous',
        `Section "${wanted}" matches ${candidates.length} headings in ${pagePath} (lines ${candidates.map((s) => s.line).join(', ')}); edit by exact text instead.`,
        { data: { path: pagePath, section: wanted, lines: candidates.map((s) => s.line) } },
      )
    }
  }
  const headings = sections.slice(0, 50).map((s) => `${'#'.repeat(s.level)} ${s.heading}`)
  throw new WikiSourceError(
    'not_found',
    `No section "${wanted}" in ${pagePath}; its headings: ${headings.length === 0 ? 'none' : headings.join(' | ')}.`,
    { data: { path: pagePath, section: wanted, headings } },
  )
}

/** Offset just after the frontmatter block (0 when the file has none or it is not closed). */
export function frontmatterEnd(text: string): number {
  const start = text.startsWith('\uFEFF') ? 1 : 0
  if (!/^---\r?\n/.test(text.slice(start))) return 0
  const closing = /^(?:---|\.\.\.)\r?$/m
  const afterOpen = text.indexOf('\n', start) + 1
  const rest = text.slice(afterOpen)
  const match = closing.exec(rest)
  if (!match) return 0
  const lineEnd = text.indexOf('\n', afterOpen + match.index)
  return lineEnd === -1 ? text.length : lineEnd + 1
}

function lineNumberAt(text: string, offset: number): number {
  let line = 1
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line += 1
  return line
}
