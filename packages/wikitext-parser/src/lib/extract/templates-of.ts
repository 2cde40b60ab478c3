import { requireOptions, requireProfile, requireRoot } from '../check-arguments.js'
import type { Profile } from '../profile/define-profile.js'
import { roleOf } from '../profile/role-of.js'
import { toWikitext } from '../to-wikitext.js'
import type { Root, Template } from '../types.js'
import type { Span } from './walk.js'
import { isMasked, spanOf, walk } from './walk.js'

/** One `{{name|…}}` on the page, with its body cut as admonitions cut theirs. */
export interface TemplateCall {
  /** The template name as the tree holds it (`Note (Español)`, `Box`). */
  name: string
  /**
   * The body after the first top-level `|`, a leading `1=` stripped, trimmed of the Unicode
   * whitespace set; `''` for a template without parameters.
   */
  raw: string
  /** The whole template. */
  span: Span
  /** Where `raw` was cut from, or `null` when the template has no parameters. */
  body: Span | null
}

/** What {@link templatesOf} takes. */
export interface TemplatesOfOptions {
  /** Says which templates are code blocks: those are neither listed nor searched. */
  profile: Profile
}

const leadingIndex = /^\s*1\s*=/

/**
 * Every template of a tree in document order, at any depth outside comments, nowiki, opaque tags
 * and code templates (admonition scanning reads these; verify hashes their bodies). Templates with a
 * modifier (`subst:`), parser functions and magic words are not listed, but their parameters are
 * searched. Never throws on input.
 */
export function templatesOf(tree: Root, options: Readonly<TemplatesOfOptions>): TemplateCall[] {
  requireRoot(tree)
  requireOptions(options, 'a profile')
  requireProfile(options.profile, 'options.profile')
  const { profile } = options
  const source = toWikitext(tree)
  const found: TemplateCall[] = []
  walk(tree, (node) => {
    if (isMasked(node)) return false
    if (node.type !== 'template' || node.modifier !== null) return true
    const role = roleOf(profile, node.name)
    if (role?.kind === 'codeBlock' || role?.kind === 'fileBlock') return false
    const body = bodyOf(node, source)
    found.push({
      name: node.name,
      raw: body ? source.slice(body.start, body.end) : '',
      span: spanOf(node),
      body,
    })
    return true
  })
  return found
}

/**
 * The trimmed body of a template, found by scanning inward from both ends, so a template nested
 * n deep costs the same as one at the top (no pass over the body itself).
 */
function bodyOf(node: Template, source: string): Span | null {
  const first = node.children[1]
  const last = node.children.at(-1)
  if (!first || !last) return null
  // The first parameter starts at its `|`.
  let start = first.position.start.offset + 1
  let end = last.position.end.offset
  const index = leadingIndex.exec(source.slice(start, end))
  if (index) start += index[0].length
  while (start < end && isSpace(source.charCodeAt(start))) start++
  while (end > start && isSpace(source.charCodeAt(end - 1))) end--
  return { start, end }
}

/**
 * Python's `str.strip()` set, which the reference's hashes depend on (not JavaScript's trim()):
 * U+0009–000D, U+001C–0020, U+0085, U+00A0, U+1680, U+2000–200A, U+2028, U+2029, U+202F, U+205F
 * and U+3000.
 */
function isSpace(code: number): boolean {
  if (code <= 0x20) return code >= 0x1c || (code >= 0x09 && code <= 0x0d)
  if (code < 0x85) return false
  return (
    code === 0x85 ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000
  )
}
