import type { StoredPage } from './page-store.js'
import { stripCodeSpans } from './links.js'

/**
 * A page's tags, lower-cased and without `#`: the frontmatter `tags` field as a list, a single
 * value or a comma-separated string, and inline `#tags` in the body (outside code; a tag needs one
 * character that is not a digit, as in Obsidian), in first-seen order.
 */
export function pageTags(page: StoredPage, tagsKey: string): string[] {
  const cached = cache.get(page)
  if (cached && cached.key === tagsKey) return cached.tags
  const found = new Set<string>()
  for (const tag of frontmatterTags(page.frontmatter[tagsKey])) found.add(tag)
  if (page.content.includes('#')) for (const tag of inlineTags(page.content)) found.add(tag)
  const tags = [...found]
  cache.set(page, { key: tagsKey, tags })
  return tags
}

// A stored page never changes; a changed file is a new object, so its tags are computed afresh.
const cache = new WeakMap<StoredPage, { key: string; tags: string[] }>()

function frontmatterTags(value: unknown): string[] {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : []
  return items.flatMap((item) =>
    typeof item === 'string' || typeof item === 'number' ? normalise(String(item)) : [],
  )
}

const INLINE_TAG = /(?:^|[\s(,;])#([\p{L}\p{N}_/-]+)/gu

function inlineTags(body: string): string[] {
  const tags: string[] = []
  let fence: { char: string; length: number } | undefined
  for (const line of body.split('\n')) {
    const fenceMatch =
      line.includes('`') || line.includes('~') ? /^ {0,3}(`{3,}|~{3,})/.exec(line) : null
    if (fenceMatch?.[1]) {
      const run = fenceMatch[1]
      if (!fence) fence = { char: run[0] ?? '`', length: run.length }
      else if (run[0] === fence.char && run.length >= fence.length && line.trim() === run)
        fence = undefined
      continue
    }
    if (fence || !line.includes('#')) continue
    const text = line.includes('`') ? stripCodeSpans(line) : line
    for (const match of text.matchAll(INLINE_TAG)) tags.push(...normalise(match[1] ?? ''))
  }
  return tags
}

function normalise(raw: string): string[] {
  const tag = raw.trim().replace(/^#/, '').normalize('NFC').toLowerCase()
  if (tag === '' || /^[\d/_-]+$/.test(tag) || /\s/.test(tag)) return []
  return [tag]
}
