import { WikiSourceError } from '../wiki-source-error.js'
import type { SafeText } from './redact.js'

/** The JSON types a response field may have. */
export type FieldKind = 'string' | 'integer' | 'boolean' | 'string|null' | 'array' | 'object'

type KindType<K extends FieldKind> = K extends 'string'
  ? string
  : K extends 'integer'
    ? number
    : K extends 'boolean'
      ? boolean
      : K extends 'string|null'
        ? string | null
        : K extends 'array'
          ? unknown[]
          : Record<string, unknown>

function kindOf(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  if (typeof value === 'number' && !Number.isInteger(value)) return 'non-integer number'
  return typeof value
}

function matches(value: unknown, kind: FieldKind): boolean {
  switch (kind) {
    case 'string':
      return typeof value === 'string'
    case 'integer':
      return typeof value === 'number' && Number.isSafeInteger(value)
    case 'boolean':
      return typeof value === 'boolean'
    case 'string|null':
      return value === null || typeof value === 'string'
    case 'array':
      return Array.isArray(value)
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value)
  }
}

/**
 * Picks the named fields of a response object, checking each one's JSON type. Unknown fields are
 * dropped; a missing or mistyped one is an `upstream_error` that names it.
 */
export function pickFields<const S extends Record<string, FieldKind>>(
  value: unknown,
  spec: S,
  where: SafeText,
  label: string,
): { -readonly [K in keyof S]: KindType<S[K]> } {
  if (!matches(value, 'object')) {
    throw new WikiSourceError(
      'upstream_error',
      `${where.text}: unexpected response: ${label} should be a JSON object, got ${kindOf(value)}`,
    )
  }
  const object = value as Record<string, unknown>
  const picked: Record<string, unknown> = {}
  for (const [field, kind] of Object.entries(spec)) {
    const fieldValue = object[field]
    if (!matches(fieldValue, kind)) {
      const got = field in object ? kindOf(fieldValue) : 'nothing (missing)'
      throw new WikiSourceError(
        'upstream_error',
        `${where.text}: unexpected response: field "${label === 'body' ? field : `${label}.${field}`}" should be ${kind}, got ${got}`,
      )
    }
    picked[field] = fieldValue
  }
  return picked as { -readonly [K in keyof S]: KindType<S[K]> }
}
