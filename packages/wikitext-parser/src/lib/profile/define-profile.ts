import { WikitextParserError } from '../wikitext-parser-error.js'

/** What an admonition template announces. */
export type AdmonitionType = 'NOTE' | 'WARNING' | 'TIP' | 'CAUTION'

/**
 * What a template (or magic word) means to extractors and renderers.
 *
 * - `codeBlock`: a block of code, the body is parameter 1 (`{{bc}}`).
 * - `fileBlock`: a header (parameter 1) and a body (parameter 2, `2=` or `output=`) (`{{hc}}`).
 * - `inlineCode`: code in running text, parameter 1 (`{{ic}}`).
 * - `text`: parameter 1 as plain text (`{{pkg}}`).
 * - `manPage`: `{{man|S|N}}` reads `N(S)`.
 * - `literal`: a fixed string (`{{!}}` is `|`).
 * - `admonition`: a labelled box whose body is everything after the first `|`.
 */
export type TemplateRole =
  | { readonly kind: 'codeBlock' }
  | { readonly kind: 'fileBlock' }
  | { readonly kind: 'inlineCode' }
  | { readonly kind: 'text' }
  | { readonly kind: 'manPage' }
  | { readonly kind: 'literal'; readonly value: string }
  | { readonly kind: 'admonition'; readonly type: AdmonitionType }

/** The `kind` of a {@link TemplateRole}. */
export type TemplateRoleKind = TemplateRole['kind']

/** What {@link defineProfile} takes. */
export interface ProfileDefinition {
  /** A short name for messages (`archwiki`). */
  name: string
  /** Template names (as written on the wiki, without `Template:`) and their roles. */
  templates: Readonly<Record<string, TemplateRole>>
  /**
   * Match whole names case-insensitively. Default `false`: MediaWiki's rule, where only the first
   * letter is case-insensitive.
   */
  caseInsensitive?: boolean
  /**
   * Roles whose names may carry one trailing parenthesised suffix, as translated templates do:
   * `Note (Español)` is `Note`.
   */
  languageSuffix?: readonly TemplateRoleKind[]
}

/** A template profile: inert data made by {@link defineProfile}. */
export interface Profile {
  readonly name: string
  readonly caseInsensitive: boolean
  readonly languageSuffix: readonly TemplateRoleKind[]
  /** Normalised name → role (see `normaliseTemplateName`). */
  readonly templates: ReadonlyMap<string, TemplateRole>
}

const roleKinds: ReadonlySet<string> = new Set<TemplateRoleKind>([
  'codeBlock',
  'fileBlock',
  'inlineCode',
  'text',
  'manPage',
  'literal',
  'admonition',
])

const admonitionTypes: ReadonlySet<string> = new Set<AdmonitionType>([
  'NOTE',
  'WARNING',
  'TIP',
  'CAUTION',
])

/**
 * The key a name is looked up by: `_` read as space, runs of spaces collapsed, trimmed, then
 * lower-cased whole (case-insensitive profiles) or in its first letter only (MediaWiki's rule).
 */
export function normaliseTemplateName(name: string, caseInsensitive: boolean): string {
  const spaced = name.replace(/[_\s]+/g, ' ').trim()
  if (caseInsensitive) return spaced.toLowerCase()
  const first = spaced.codePointAt(0)
  if (first === undefined) return spaced
  const head = String.fromCodePoint(first)
  return head.toUpperCase() + spaced.slice(head.length)
}

/**
 * Declares a template profile. Throws `WikitextParserError` (`invalid_profile`) naming the field when
 * the definition is malformed; never at extraction time.
 */
export function defineProfile(definition: Readonly<ProfileDefinition>): Profile {
  if (typeof definition !== 'object' || definition === null) {
    invalidProfile('profile: expected an object with `name` and `templates`')
  }
  const { name, templates } = definition
  if (typeof name !== 'string' || name.trim() === '') {
    invalidProfile(`profile.name: expected a non-empty string, got ${describe(name)}`)
  }
  if (typeof templates !== 'object' || templates === null) {
    invalidProfile(
      `profile "${name}".templates: expected an object of name → role, got ${describe(templates)}`,
    )
  }
  const caseInsensitive = definition.caseInsensitive ?? false
  if (typeof caseInsensitive !== 'boolean') {
    invalidProfile(
      `profile "${name}".caseInsensitive: expected a boolean, got ${describe(caseInsensitive)}`,
    )
  }
  const languageSuffix: unknown = definition.languageSuffix ?? []
  if (
    !Array.isArray(languageSuffix) ||
    languageSuffix.some((kind: unknown) => typeof kind !== 'string' || !roleKinds.has(kind))
  ) {
    invalidProfile(
      `profile "${name}".languageSuffix: expected an array of role kinds (${[...roleKinds].join(', ')}), got ${describe(languageSuffix)}`,
    )
  }
  const table = new Map<string, TemplateRole>()
  for (const [templateName, role] of Object.entries(templates)) {
    const key = normaliseTemplateName(templateName, caseInsensitive)
    const field = `profile "${name}".templates[${JSON.stringify(templateName)}]`
    if (key === '') invalidProfile(`${field}: expected a non-empty template name`)
    table.set(key, checkRole(role, field))
  }
  return Object.freeze({
    name,
    caseInsensitive,
    languageSuffix: Object.freeze([...(languageSuffix as TemplateRoleKind[])]),
    templates: table,
  })
}

function checkRole(role: unknown, field: string): TemplateRole {
  if (typeof role !== 'object' || role === null || !('kind' in role)) {
    invalidProfile(`${field}: expected a role object with a \`kind\`, got ${describe(role)}`)
  }
  const { kind } = role
  if (typeof kind !== 'string' || !roleKinds.has(kind)) {
    invalidProfile(
      `${field}.kind: expected one of ${[...roleKinds].join(', ')}, got ${describe(kind)}`,
    )
  }
  if (kind === 'literal') {
    const { value } = role as { value?: unknown }
    if (typeof value !== 'string') {
      invalidProfile(`${field}.value: expected a string, got ${describe(value)}`)
    }
    return Object.freeze({ kind, value })
  }
  if (kind === 'admonition') {
    const { type } = role as { type?: unknown }
    if (typeof type !== 'string' || !admonitionTypes.has(type)) {
      invalidProfile(
        `${field}.type: expected one of ${[...admonitionTypes].join(', ')}, got ${describe(type)}`,
      )
    }
    return Object.freeze({ kind, type: type as AdmonitionType })
  }
  return Object.freeze({ kind } as TemplateRole)
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value)
  if (Array.isArray(value)) return 'an array'
  return value === null ? 'null' : typeof value
}

function invalidProfile(message: string): never {
  throw new WikitextParserError('invalid_profile', message)
}
