import type { AdmonitionType, Profile } from '../profile/define-profile.js'
import { roleOf } from '../profile/role-of.js'
import { toWikitext } from '../to-wikitext.js'
import type { Root } from '../types.js'
import { cleanMessage } from './clean-message.js'
import type { Span } from './walk.js'
import { isMasked, spanOf, walk } from './walk.js'

/** A note, warning, tip or caution box. */
export interface Admonition {
  type: AdmonitionType
  /** The template name as the tree holds it (`Note (Español)`, `Attention`). */
  name: string
  /** The key of `aliases` that gave the type, or `null` when the name attests it itself. */
  alias: string | null
  /** The body after the first top-level `|`, a leading `1=` stripped, trimmed of Unicode whitespace. */
  raw: string
  /** The body as plain prose (`cleanMessage`). */
  message: string
  /** The whole template. */
  span: Span
  /** Where `raw` was cut from. */
  body: Span
}

/** What {@link admonitionsOf} takes. */
export interface AdmonitionsOfOptions {
  profile: Profile
  /**
   * Template names the wiki redirects to an admonition, resolved by the caller: canonical name
   * (spaces and `_` collapsed to one space, first letter upper case, the rest as written) → type.
   */
  aliases?: ReadonlyMap<string, AdmonitionType>
}

// Python's `str.strip()` set, which the reference's hashes depend on (not JavaScript's trim()).
const space =
  '\\t-\\r\\x1C-\\x20\\x85\\xA0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000'
const leadingSpace = new RegExp(`^[${space}]+`)
const trailingSpace = new RegExp(`[${space}]+$`)
const leadingIndex = /^\s*1\s*=/

/**
 * The admonitions of a tree (`arch-wiki.md` §6.6), at any depth outside comments, nowiki,
 * opaque tags and code templates, in document order. A name is an admonition when the profile
 * says so (with its `(Language)` forms) or `aliases` maps it. Empty bodies are left out.
 * Never throws on input.
 */
export function admonitionsOf(tree: Root, options: Readonly<AdmonitionsOfOptions>): Admonition[] {
  const { profile, aliases } = options
  const source = toWikitext(tree)
  const found: Admonition[] = []
  walk(tree, (node) => {
    if (isMasked(node)) return false
    if (node.type !== 'template' || node.modifier !== null) return true
    const role = roleOf(profile, node.name)
    if (role?.kind === 'codeBlock' || role?.kind === 'fileBlock') return false
    let type: AdmonitionType | undefined
    let alias: string | null = null
    if (role?.kind === 'admonition') {
      type = role.type
    } else if (aliases) {
      const key = canonicalTemplateName(node.name)
      type = aliases.get(key) ?? aliases.get(node.name)
      if (type) alias = aliases.has(key) ? key : node.name
    }
    const first = node.children[1]
    const last = node.children.at(-1)
    if (type === undefined || !first || !last || last.type !== 'templateParameter') return true
    let start = first.position.start.offset + 1
    let end = last.position.end.offset
    const index = leadingIndex.exec(source.slice(start, end))
    if (index) start += index[0].length
    const text = source.slice(start, end)
    const trimmedStart = text.replace(leadingSpace, '')
    start += text.length - trimmedStart.length
    const trimmed = trimmedStart.replace(trailingSpace, '')
    end = start + trimmed.length
    if (trimmed === '') return true
    found.push({
      type,
      name: node.name,
      alias,
      raw: trimmed,
      message: cleanMessage(trimmed, profile),
      span: spanOf(node),
      body: { start, end },
    })
    return true
  })
  return found
}

/**
 * MediaWiki's page-name form of a template name: spaces and `_` collapsed to one space, trimmed,
 * the first letter upper-cased and the rest kept as written.
 */
export function canonicalTemplateName(name: string): string {
  const spaced = name.replace(/[ _]+/g, ' ').trim()
  const first = spaced.codePointAt(0)
  if (first === undefined) return spaced
  const head = String.fromCodePoint(first)
  return head.toUpperCase() + spaced.slice(head.length)
}
