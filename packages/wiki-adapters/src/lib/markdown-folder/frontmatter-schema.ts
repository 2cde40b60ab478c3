import { WikiSourceError } from '../wiki-source-error.js'

/** What a frontmatter field holds. */
export type FieldKind = 'enum' | 'string' | 'string-list' | 'date'
/** What a field means to search, status and listing. */
export type FieldRole = 'type' | 'status' | 'tags' | 'sources' | 'updated'
/** Picks the stop words and the missing-value prefix (`senza-` for `it`, else `no-`). */
export type SchemaLanguage = 'it' | 'en' | 'none'

export interface FrontmatterField {
  readonly key: string
  readonly kind: FieldKind
  readonly values?: readonly string[]
  readonly minItems?: number
  readonly required: boolean
  readonly role?: FieldRole
}

/** Fields, exempt pages and language: the contract a page's frontmatter is checked against. */
export interface FrontmatterSchema {
  readonly language: SchemaLanguage
  readonly fields: readonly FrontmatterField[]
  /** Paths relative to the wiki root, matched exactly. */
  readonly exempt: readonly string[]
  /** Replaces the language's stop words when given. */
  readonly stopWords?: readonly string[]
}

/** One problem found by validation. */
export interface FrontmatterIssue {
  readonly field: string
  readonly problem: string
}

const SERVICE_PAGES = ['index.md', 'log.md', 'sources.md', 'overview.md']

const IT_STOP_WORDS =
  'il lo la i gli le un uno una di a da in con su per tra fra del dello della dei degli delle al allo alla ai agli alle dal dallo dalla dai dagli dalle nel nello nella nei negli nelle che e o ma se come anche non più meno si ci ne è'.split(
    ' ',
  )

const EN_STOP_WORDS =
  'a an the this that these those i me my we us our you your he him his she her it its they them their what which who whom whose be is am are was were been being have has had having do does did doing will would shall should can could may might must of in on at by for with about against between into through during before after above below to from up down out off over under and or but nor so yet if then else than as because while until also not no only very too just there here when where why how all any both each few more most other some such own same'.split(
    ' ',
  )

function preset(
  language: 'it' | 'en',
  keys: [string, string, string, string, string],
  types: string[],
  statuses: string[],
): FrontmatterSchema {
  const [type, tags, sources, updated, status] = keys
  return {
    language,
    fields: [
      { key: type, kind: 'enum', values: types, required: true, role: 'type' },
      { key: tags, kind: 'string-list', minItems: 1, required: true, role: 'tags' },
      { key: sources, kind: 'string-list', minItems: 0, required: true, role: 'sources' },
      { key: updated, kind: 'date', required: true, role: 'updated' },
      { key: status, kind: 'enum', values: statuses, required: true, role: 'status' },
    ],
    exempt: SERVICE_PAGES,
  }
}

/** The names of the built-in schemas. */
export type PresetName = 'it' | 'en' | 'notes'

/**
 * The built-in schemas: `it` is exactly the reference server's, `en` its English twin, and `notes`
 * fits any folder of Markdown notes: frontmatter optional, any keys, none required (the YAML is
 * still checked).
 */
export const frontmatterPresets: Readonly<Record<PresetName, FrontmatterSchema>> = {
  it: preset(
    'it',
    ['tipo', 'tags', 'fonti', 'aggiornato', 'stato'],
    ['concetto', 'soggetto', 'procedura', 'normativa', 'entita', 'analisi'],
    ['bozza', 'stabile', 'da-rivedere'],
  ),
  en: preset(
    'en',
    ['type', 'tags', 'sources', 'updated', 'status'],
    ['concept', 'subject', 'procedure', 'regulation', 'entity', 'analysis'],
    ['draft', 'stable', 'needs-review'],
  ),
  notes: { language: 'none', fields: [], exempt: [] },
}

export function defaultStopWords(language: SchemaLanguage): readonly string[] {
  return language === 'it' ? IT_STOP_WORDS : language === 'en' ? EN_STOP_WORDS : []
}

const SCHEMA_KEYS = new Set(['language', 'fields', 'exempt', 'stopWords'])
const FIELD_KEYS = new Set(['key', 'kind', 'values', 'minItems', 'required', 'role'])
const KINDS = new Set(['enum', 'string', 'string-list', 'date'])
const ROLE_KINDS: Record<FieldRole, FieldKind> = {
  type: 'enum',
  status: 'enum',
  tags: 'string-list',
  sources: 'string-list',
  updated: 'date',
}
const RESERVED_FILTER_KEYS = new Set(['q', 'tag', 'topK'])

/**
 * Checks a custom schema (already parsed JSON) and returns it typed. Every problem is listed in one
 * `invalid_arguments` error, each with a JSON pointer.
 */
export function parseFrontmatterSchema(input: unknown): FrontmatterSchema {
  const problems: string[] = []
  const at = (pointer: string, message: string): void => {
    problems.push(`${pointer || '/'}: ${message}`)
  }
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw schemaError(['/: must be a JSON object'])
  }
  const raw = input as Record<string, unknown>
  for (const key of Object.keys(raw)) if (!SCHEMA_KEYS.has(key)) at(`/${key}`, 'unknown property')
  const language = raw.language
  if (language !== 'it' && language !== 'en' && language !== 'none') {
    at('/language', 'must be "it", "en" or "none"')
  }
  const fields: FrontmatterField[] = []
  if (!Array.isArray(raw.fields)) at('/fields', 'must be an array')
  else {
    const keys = new Set<string>()
    const roles = new Set<string>()
    raw.fields.forEach((entry: unknown, i) => {
      const p = `/fields/${i}`
      if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
        at(p, 'must be an object')
        return
      }
      const f = entry as Record<string, unknown>
      for (const key of Object.keys(f))
        if (!FIELD_KEYS.has(key)) at(`${p}/${key}`, 'unknown property')
      if (typeof f.key !== 'string' || f.key === '') at(`${p}/key`, 'must be a non-empty string')
      else if (keys.has(f.key)) at(`${p}/key`, `duplicate key "${f.key}"`)
      else keys.add(f.key)
      if (typeof f.kind !== 'string' || !KINDS.has(f.kind)) {
        at(`${p}/kind`, 'must be one of enum|string|string-list|date')
      }
      if (typeof f.required !== 'boolean') at(`${p}/required`, 'must be a boolean')
      if (f.kind === 'enum') {
        if (
          !Array.isArray(f.values) ||
          f.values.length === 0 ||
          !f.values.every((v) => typeof v === 'string')
        ) {
          at(`${p}/values`, 'an enum needs a non-empty array of strings')
        }
      } else if (f.values !== undefined) at(`${p}/values`, 'only enum fields take values')
      if (f.minItems !== undefined) {
        if (f.kind !== 'string-list') at(`${p}/minItems`, 'only string-list fields take minItems')
        else if (
          typeof f.minItems !== 'number' ||
          !Number.isInteger(f.minItems) ||
          f.minItems < 0
        ) {
          at(`${p}/minItems`, 'must be a non-negative integer')
        }
      }
      if (f.role !== undefined) {
        if (typeof f.role !== 'string' || !(f.role in ROLE_KINDS)) {
          at(`${p}/role`, 'must be one of type|status|tags|sources|updated')
        } else {
          const role = f.role as FieldRole
          if (roles.has(role)) at(`${p}/role`, `duplicate role "${role}"`)
          roles.add(role)
          if (ROLE_KINDS[role] !== f.kind)
            at(`${p}/role`, `role ${role} needs kind ${ROLE_KINDS[role]}`)
          if (
            (role === 'type' || role === 'status') &&
            typeof f.key === 'string' &&
            RESERVED_FILTER_KEYS.has(f.key)
          ) {
            at(`${p}/key`, `"${f.key}" is reserved for search arguments`)
          }
        }
      }
      fields.push(f as unknown as FrontmatterField)
    })
  }
  if (
    raw.exempt !== undefined &&
    (!Array.isArray(raw.exempt) || !raw.exempt.every((v) => typeof v === 'string'))
  ) {
    at('/exempt', 'must be an array of strings')
  }
  if (
    raw.stopWords !== undefined &&
    (!Array.isArray(raw.stopWords) || !raw.stopWords.every((v) => typeof v === 'string'))
  ) {
    at('/stopWords', 'must be an array of strings')
  }
  if (problems.length > 0) throw schemaError(problems)
  return {
    language: language as SchemaLanguage,
    fields,
    exempt: (raw.exempt as string[] | undefined) ?? [],
    ...(raw.stopWords === undefined ? {} : { stopWords: raw.stopWords as string[] }),
  }
}

function schemaError(problems: string[]): WikiSourceError {
  return new WikiSourceError(
    'invalid_arguments',
    `Invalid frontmatter schema: ${problems.join('; ')}`,
    {
      data: { problems },
    },
  )
}

export function roleField(
  schema: FrontmatterSchema,
  role: FieldRole,
): FrontmatterField | undefined {
  return schema.fields.find((field) => field.role === role)
}

const DATE = /^\d{4}-\d{2}-\d{2}$/

/** Checks a parsed mapping against the schema; returns every problem. */
export function validateFrontmatter(
  schema: FrontmatterSchema,
  frontmatter: Record<string, unknown>,
): FrontmatterIssue[] {
  const issues: FrontmatterIssue[] = []
  for (const field of schema.fields) {
    const has = Object.prototype.hasOwnProperty.call(frontmatter, field.key)
    const value = frontmatter[field.key]
    if (!has || value === null || value === undefined) {
      if (field.required) issues.push({ field: field.key, problem: 'is required' })
      continue
    }
    switch (field.kind) {
      case 'enum':
        if (typeof value !== 'string' || !(field.values ?? []).includes(value)) {
          issues.push({
            field: field.key,
            problem: `must be one of ${(field.values ?? []).join('|')} (got ${JSON.stringify(value)})`,
          })
        }
        break
      case 'string':
        if (typeof value !== 'string')
          issues.push({ field: field.key, problem: 'must be a string' })
        break
      case 'date':
        if (typeof value !== 'string' || !DATE.test(value)) {
          issues.push({
            field: field.key,
            problem: `must be a date YYYY-MM-DD (got ${JSON.stringify(value)})`,
          })
        }
        break
      case 'string-list': {
        if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) {
          issues.push({ field: field.key, problem: 'must be a list of strings' })
        } else if (value.length < (field.minItems ?? 0)) {
          issues.push({
            field: field.key,
            problem: `must contain at least ${field.minItems ?? 0} item${field.minItems === 1 ? '' : 's'}`,
          })
        }
        break
      }
    }
  }
  return issues
}
