/** One HTTP attempt, as reported to `onRequest`: never headers, bodies or the key. */
export interface AhaWikiRequestEvent {
  method: 'GET' | 'POST'
  /** Path and query as sent, without the origin. */
  path: string
  /** The HTTP status, or `null` when no answer arrived (network failure, timeout). */
  status: number | null
  /** Time for this attempt, headers and body included. */
  ms: number
  /** 1 for the first attempt, 2 for the first retry, … */
  attempt: number
}
