import { stripCodeSpans } from './links.js'
import { CodeFences } from './code-fence.js'

/** Where a link's target is written in a file, so that it can be rewritten in place. */
export type LinkSpan =
  | {
      readonly kind: 'wiki'
      /** Offsets of the target part of `[[target#heading|alias]]` (blanks around it excluded). */
      readonly start: number
      readonly end: number
      readonly target: string
    }
  | {
      readonly kind: 'markdown'
      /** Offsets of the destination of `[text](destination "title")`, `<…>` included. */
      readonly start: number
      readonly end: number
      readonly destination: string
    }

// Wikilinks (group 1, embeds included) and Markdown links (group 2), as the link index reads them.
const LINK =
  /!?\[\[([^[\]\n]+?)\]\]|\[[^\]\n]*\]\(\s*(<[^>\n]*>|[^)\s]+)(?:\s+(?:"[^"\n]*"|'[^'\n]*'))?\s*\)/dg

/**
 * Every link in a file's body with the offsets of its target, skipping the frontmatter block,
 * fenced code and inline code, exactly where the link index finds links.
 */
export function linkSpans(fileText: string, bodyStart: number): LinkSpan[] {
  const spans: LinkSpan[] = []
  const fences = new CodeFences()
  let offset = bodyStart
  while (offset < fileText.length) {
    let breakAt = fileText.indexOf('\n', offset)
    if (breakAt === -1) breakAt = fileText.length
    const line = fileText.slice(offset, breakAt)
    if (!fences.isFence(line) && !fences.inCode && line.includes('[')) {
      const scanned = line.includes('`') ? stripCodeSpans(line) : line
      for (const match of scanned.matchAll(LINK)) {
        const wiki = match.indices?.[1]
        const markdown = match.indices?.[2]
        if (wiki && match[1] !== undefined) {
          const inner = match[1]
          const cut = inner.search(/[#|]/)
          const raw = cut === -1 ? inner : inner.slice(0, cut)
          const lead = raw.length - raw.trimStart().length
          const target = raw.trim()
          if (target === '') continue
          const start = offset + wiki[0] + lead
          spans.push({ kind: 'wiki', start, end: start + target.length, target })
        } else if (markdown && match[2] !== undefined) {
          spans.push({
            kind: 'markdown',
            start: offset + markdown[0],
            end: offset + markdown[1],
            destination: match[2],
          })
        }
      }
    }
    offset = breakAt + 1
  }
  return spans
}
