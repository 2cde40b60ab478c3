import { WikiSourceError } from '../wiki-source-error.js'

// AhaWiki renders times as KST wall-clock time without an offset, in varying widths:
// `2026-06-24T10:00`, `2026-06-24T10:00:05`, `2026-06-24T10:00:05.123456789`.
const KST_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?$/
const KST_OFFSET_MS = 9 * 60 * 60 * 1000

/**
 * Turns an AhaWiki `dateTime` (KST, UTC+9, no offset, any width) into an instant.
 * Digits beyond milliseconds are dropped, because `Date` holds milliseconds only.
 */
export function fromKstDateTime(dateTime: string): Date {
  const match = KST_DATE_TIME.exec(dateTime)
  if (!match) {
    throw new WikiSourceError(
      'invalid_arguments',
      `dateTime ${JSON.stringify(dateTime.slice(0, 40))} is not a KST local date-time; expected YYYY-MM-DDTHH:mm[:ss[.fraction]]`,
    )
  }
  const [, year, month, day, hour, minute, second = '0', fraction = ''] = match
  const fields = [year, month, day, hour, minute].map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ]
  const [y, mo, d, h, mi] = fields
  const s = Number(second)
  const ms = Number(fraction.padEnd(3, '0').slice(0, 3))
  const utc = Date.UTC(y, mo - 1, d, h, mi, s, ms)
  const check = new Date(utc)
  // Date.UTC rolls 2026-02-30 over to March; a real timestamp never needs that.
  if (
    check.getUTCFullYear() !== y ||
    check.getUTCMonth() !== mo - 1 ||
    check.getUTCDate() !== d ||
    h > 23 ||
    mi > 59 ||
    s > 59
  ) {
    throw new WikiSourceError(
      'invalid_arguments',
      `dateTime ${JSON.stringify(dateTime)} is not a valid calendar date-time`,
    )
  }
  return new Date(utc - KST_OFFSET_MS)
}
