// What a page says about itself besides its text, in the forms Markdown vaults (Obsidian above all)
// write it: `tags` as a list, one word or a comma string, `#tags` in the body, and `aliases`.

import { CodeFences } from './code-fence.js'

/** Frontmatter keys read as tags; Obsidian accepts the singular too. */
const TAG_KEYS = ['tags', 'tag']
/** Frontmatter keys read as other names of the page. */
const ALIAS_KEYS = ['aliases', 'alias']
/** Keeps a runaway page from filling memory with tags or names. */
const MAX_ITEMS = 200

/**
 * The page's tags, in first-seen order without `#`, each once (compared case-insensitively, as
 * Obsidian does): the frontmatter's `tags`/`tag` (and `extraKey`, a schema's own tag field) as a
 * list, one value or a comma- or blank-separated string, then the inline `#tags` of the body.
 */
export function pageTags(
  frontmatter: Readonly<Record<string, unknown>>,
  body: string,
  extraKey?: string,
): string[] {
  const out = new UniqueList()
  const keys =
    extraKey === undefined || TAG_KEYS.includes(extraKey) ? TAG_KEYS : [extraKey, ...TAG_KEYS]
  for (const key of keys) {
    for (const value of valueList(frontmatter[key], true)) out.add(value.replace(/^#/, ''))
  }
  for (const tag of inlineTags(body)) out.add(tag)
  return out.items
}

/** The page's other names from `aliases`/`alias`: a list or one string (commas do not split). */
export function pageAliases(frontmatter: Readonly<Record<string, unknown>>): string[] {
  const out = new UniqueList()
  for (const key of ALIAS_KEYS)
    for (const value of valueList(frontmatter[key], false)) out.add(value)
  return out.items
}

/** Strings of a frontmatter value; numbers count (a tag `2024`), anything else is skipped. */
function valueList(value: unknown, splitString: boolean): string[] {
  const items = Array.isArray(value) ? value : [value]
  const out: string[] = []
  for (const item of items) {
    if (typeof item === 'number' && Number.isFinite(item)) out.push(String(item))
    else if (typeof item === 'string') {
      if (splitString && !Array.isArray(value)) out.push(...item.split(/[,\s]+/))
      else out.push(item)
    }
  }
  return out.map((s) => s.trim()).filter((s) => s !== '')
}

// `#tag` after a blank or at a line start: letters, digits, `_`, `-`, `/` (nested tags), with at
// least one character that is not a digit, so `#1` or an issue number is no tag.
const INLINE_TAG = /(?<=^|[\s(])#([\p{L}\p{N}_/-]*[\p{L}_/-][\p{L}\p{N}_/-]*)/gmu

const MAYBE_TAG = /(?:^|[\s(])#[\p{L}\p{N}_/-]/u

/** Inline `#tags` of a body, outside fenced code and code spans. */
export function inlineTags(body: string): string[] {
  // most bodies hold no candidate at all (a heading's `# ` is none): one search settles them
  if (!body.includes('#') || !MAYBE_TAG.test(body)) return []
  const tags: string[] = []
  const fences = new CodeFences()
  for (const line of body.split('\n')) {
    if (fences.isFence(line) || fences.inCode || !line.includes('#')) continue
    const text = line.includes('`') ? line.replace(/(`+)[^`]*?\1/g, ' ') : line
    for (const match of text.matchAll(INLINE_TAG)) {
      const tag = match[1]?.replace(/\/+$/, '')
      if (tag) tags.push(tag)
      if (tags.length >= MAX_ITEMS) return tags
    }
  }
  return tags
}

class UniqueList {
  readonly items: string[] = []
  readonly #seen = new Set<string>()

  add(item: string): void {
    const key = item.toLowerCase()
    if (item === '' || this.#seen.has(key) || this.items.length >= MAX_ITEMS) return
    this.#seen.add(key)
    this.items.push(item)
  }
}
