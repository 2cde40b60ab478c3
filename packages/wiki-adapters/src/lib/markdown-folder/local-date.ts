/** Turns epoch milliseconds into the calendar date `YYYY-MM-DD` in one time zone. */
export type LocalDate = (ms: number) => string

/** A {@link LocalDate} for an IANA zone (the process zone when `undefined`). */
export function localDateFormatter(timeZone: string | undefined): LocalDate {
  // en-CA writes dates as YYYY-MM-DD, the form of frontmatter dates and log headers
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  })
  return (ms) => format.format(new Date(ms))
}
