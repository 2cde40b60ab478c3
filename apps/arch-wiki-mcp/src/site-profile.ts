// A site's template profile as the sites file writes it: the name of a built-in profile
// (`archwiki`, `none`) or an object defining the wiki's own templates, checked when the file is
// read by the parser's own defineProfile, whose refusals are rewritten into the file's key paths.
import { defineProfile, WikitextParserError, type Profile } from '@wiki/wikitext-parser'
import { z } from 'zod'
import { SITE_PROFILES, type SiteProfile } from './backend.js'

const DEFINITION_KEYS = ['name', 'templates', 'caseInsensitive', 'languageSuffix']

const EXPECTED = `one of ${SITE_PROFILES.map((p) => JSON.stringify(p)).join(', ')} or an object with name and templates (name → role), and optionally caseInsensitive and languageSuffix`

// `profile "x".templates["Note"].type: expected one of …, got "FOO"` → the field, what was expected.
const REFUSAL =
  /^profile(?: "(?:[^"\\]|\\.)*")?((?:\.[A-Za-z]+|\["(?:[^"\\]|\\.)*"\])*): expected (.*?)(?:, got .*)?$/s
const FIELD = /\.([A-Za-z]+)|\[("(?:[^"\\]|\\.)*")\]/g

/** The value at `path` inside `value`, or undefined. */
function at(value: unknown, path: readonly string[]): unknown {
  return path.reduce<unknown>(
    (inner, key) =>
      typeof inner === 'object' && inner !== null
        ? (inner as Record<string, unknown>)[key]
        : undefined,
    value,
  )
}

/** The `profile` key of a site: a built-in name, or a definition made into a Profile. */
export const profileSetting = z.unknown().transform((value, ctx): SiteProfile | Profile => {
  if (typeof value === 'string' && (SITE_PROFILES as readonly string[]).includes(value)) {
    return value as SiteProfile
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    ctx.addIssue({ code: 'custom', input: value, message: EXPECTED })
    return z.NEVER
  }
  let refused = false
  for (const key of Object.keys(value)) {
    if (DEFINITION_KEYS.includes(key)) continue
    refused = true
    ctx.addIssue({
      code: 'custom',
      path: [key],
      input: (value as Record<string, unknown>)[key],
      message: `no such key (known: ${DEFINITION_KEYS.join(', ')})`,
    })
  }
  const { name } = value as { name?: unknown }
  // A defined profile is named in answers; a built-in name would say it is the built-in one.
  if (typeof name === 'string' && (SITE_PROFILES as readonly string[]).includes(name)) {
    refused = true
    ctx.addIssue({
      code: 'custom',
      path: ['name'],
      input: name,
      message: `a name other than ${SITE_PROFILES.map((p) => JSON.stringify(p)).join(' or ')} (those are the built-in profiles)`,
    })
  }
  // defineProfile takes an array for an object; a list of templates here is a mistake.
  const { templates } = value as { templates?: unknown }
  if (Array.isArray(templates)) {
    refused = true
    ctx.addIssue({
      code: 'custom',
      path: ['templates'],
      input: templates,
      message: 'an object of name → role',
    })
  }
  if (refused) return z.NEVER
  try {
    return defineProfile(value as Parameters<typeof defineProfile>[0])
  } catch (error) {
    if (!(error instanceof WikitextParserError)) throw error
    const match = REFUSAL.exec(error.message)
    if (match === null) {
      ctx.addIssue({ code: 'custom', input: value, message: error.message })
      return z.NEVER
    }
    const path = [...match[1]!.matchAll(FIELD)].map(
      ([, key, quoted]) => key ?? (JSON.parse(quoted!) as string),
    )
    ctx.addIssue({ code: 'custom', path, input: at(value, path), message: match[2]! })
    return z.NEVER
  }
})
