// `since` as agents write it → what AhaWiki's LocalDateTime.parse accepts, in KST, no offset.
const SINCE =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?(Z|[+-]\d{2}:\d{2})?$/
const KST_MINUTES = 9 * 60

const pad = (n: number, width = 2): string => String(n).padStart(width, '0')

/**
 * `YYYY-MM-DD[THH:mm[:ss[.f]]]` with an optional `Z` or `±HH:MM`. No offset means KST already (a
 * bare date is midnight); an offset is converted to KST. The fraction is kept digit for digit,
 * because an offset shifts whole minutes only. Returns `undefined` for anything else.
 */
export function normalizeSince(since: string): string | undefined {
  const m = SINCE.exec(since)
  if (!m) return undefined
  const [, y, mo, d, h = '00', mi = '00', s, fraction, offset] = m
  const utcMs = Date.UTC(
    Number(y),
    Number(mo) - 1,
    Number(d),
    Number(h),
    Number(mi),
    Number(s ?? 0),
  )
  const check = new Date(utcMs)
  if (
    check.getUTCFullYear() !== Number(y) ||
    check.getUTCMonth() !== Number(mo) - 1 ||
    check.getUTCDate() !== Number(d) ||
    Number(h) > 23 ||
    Number(mi) > 59 ||
    Number(s ?? 0) > 59
  ) {
    return undefined
  }
  let shiftMinutes = 0
  if (offset !== undefined && offset !== 'Z') {
    const sign = offset.startsWith('-') ? -1 : 1
    const oh = Number(offset.slice(1, 3))
    const om = Number(offset.slice(4, 6))
    if (oh > 23 || om > 59) return undefined
    shiftMinutes = KST_MINUTES - sign * (oh * 60 + om)
  } else if (offset === 'Z') {
    shiftMinutes = KST_MINUTES
  }
  const kst = new Date(utcMs + shiftMinutes * 60_000)
  const date = `${pad(kst.getUTCFullYear(), 4)}-${pad(kst.getUTCMonth() + 1)}-${pad(kst.getUTCDate())}`
  let time = `${pad(kst.getUTCHours())}:${pad(kst.getUTCMinutes())}`
  if (s !== undefined) time += `:${pad(kst.getUTCSeconds())}`
  if (fraction !== undefined) time += `.${fraction}`
  return `${date}T${time}`
}
