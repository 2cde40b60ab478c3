import type { Profile, TemplateRole } from './define-profile.js'
import { normaliseTemplateName } from './define-profile.js'

const languageSuffix = /\s*\([^()]*\)$/

/**
 * The role a profile gives a template or magic word `name` (as the tree stores it), or `null`.
 * Roles listed in `profile.languageSuffix` also match with one trailing `(Language)` suffix.
 */
export function roleOf(profile: Profile, name: string): TemplateRole | null {
  const key = normaliseTemplateName(name, profile.caseInsensitive)
  const role = profile.templates.get(key)
  if (role) return role
  if (profile.languageSuffix.length === 0 || !languageSuffix.test(key)) return null
  const bare = profile.templates.get(
    normaliseTemplateName(key.replace(languageSuffix, ''), profile.caseInsensitive),
  )
  return bare && profile.languageSuffix.includes(bare.kind) ? bare : null
}
