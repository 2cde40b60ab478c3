/**
 * Checks of what callers pass to the functions that take a tree or a profile, so a wrong value
 * gets a `WikitextParserError` naming it instead of a `TypeError` from deep inside.
 */
import type { Profile } from './profile/define-profile.js'
import type { Root } from './types.js'
import { WikitextParserError } from './wikitext-parser-error.js'

/** Throws `invalid_option` unless `options` is an object. */
export function requireOptions(options: unknown, expected: string): void {
  if (typeof options !== 'object' || options === null) {
    throw new WikitextParserError(
      'invalid_option',
      `options: expected an object with ${expected}, got ${describe(options)}`,
    )
  }
}

/** Throws `invalid_option` unless `tree` is a root from `fromWikitext()`. */
export function requireRoot(tree: unknown): asserts tree is Root {
  if (
    typeof tree !== 'object' ||
    tree === null ||
    (tree as { type?: unknown }).type !== 'root' ||
    !Array.isArray((tree as { children?: unknown }).children)
  ) {
    throw new WikitextParserError(
      'invalid_option',
      `tree: expected a root from fromWikitext(), got ${describe(tree)}`,
    )
  }
}

/** Throws `invalid_profile` unless `profile` is one `defineProfile()` made (`archwiki` is). */
export function requireProfile(profile: unknown, field: string): asserts profile is Profile {
  if (
    typeof profile !== 'object' ||
    profile === null ||
    !((profile as { templates?: unknown }).templates instanceof Map)
  ) {
    throw new WikitextParserError(
      'invalid_profile',
      `${field}: expected a profile from defineProfile() (or archwiki), got ${describe(profile)}`,
    )
  }
}

/** Throws `invalid_option` unless `value` is a string. */
export function requireString(value: unknown, field: string): asserts value is string {
  if (typeof value !== 'string') {
    throw new WikitextParserError(
      'invalid_option',
      `${field}: expected a string, got ${describe(value)}`,
    )
  }
}

function describe(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'object') {
    const type = (value as { type?: unknown }).type
    return typeof type === 'string' ? `a ${JSON.stringify(type)} node` : 'an object'
  }
  return typeof value
}
