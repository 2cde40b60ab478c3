import { requireOptions, requireProfile, requireRoot } from '../check-arguments.js'
import type { AdmonitionType, Profile } from '../profile/define-profile.js'
import { roleOf } from '../profile/role-of.js'
import type { Root } from '../types.js'
import { cleanMessage } from './clean-message.js'
import { canonicalTemplateName } from './template-names.js'
import { templatesOf } from './templates-of.js'
import type { Span } from './walk.js'

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

/**
 * The admonitions of a tree, at any depth outside comments, nowiki,
 * opaque tags and code templates, in document order: the templates of {@link templatesOf} whose
 * name the profile types (with its `(Language)` forms) or `aliases` maps. Empty bodies are left
 * out. Never throws on input.
 */
export function admonitionsOf(tree: Root, options: Readonly<AdmonitionsOfOptions>): Admonition[] {
  requireRoot(tree)
  requireOptions(options, 'a profile')
  requireProfile(options.profile, 'options.profile')
  const { profile, aliases } = options
  const found: Admonition[] = []
  for (const call of templatesOf(tree, { profile })) {
    if (call.body === null || call.raw === '') continue
    const role = roleOf(profile, call.name)
    let type: AdmonitionType | undefined
    let alias: string | null = null
    if (role?.kind === 'admonition') {
      type = role.type
    } else if (aliases) {
      const key = canonicalTemplateName(call.name)
      type = aliases.get(key) ?? aliases.get(call.name)
      if (type) alias = aliases.has(key) ? key : call.name
    }
    if (type === undefined) continue
    found.push({
      type,
      name: call.name,
      alias,
      raw: call.raw,
      message: cleanMessage(call.raw, profile),
      span: call.span,
      body: call.body,
    })
  }
  return found
}
