import { WikiSourceError } from '../wiki-source-error.js'
import { isObject, type ApiBody } from './api-client.js'

/**
 * The `continue` token of a paged list: the API's own `continue` object as a query string
 * (`blcontinue=0|12&continue=-||`), or null on the last page. Opaque to callers, readable in logs.
 */
export function continueToken(body: ApiBody): string | null {
  if (!isObject(body.continue)) return null
  const pairs: [string, string][] = []
  for (const [key, value] of Object.entries(body.continue)) {
    if (typeof value === 'string' || typeof value === 'number') pairs.push([key, String(value)])
  }
  return pairs.length === 0 ? null : new URLSearchParams(pairs).toString()
}

const MAX_TOKEN = 1024

/**
 * The request parameters a `continue` token stands for. Only the continuation keys of this list's
 * own modules are accepted: a token is sent back to the wiki as parameters, so anything else
 * (`action`, `list`, a title) would let a caller rewrite the request.
 */
export function continueParams(
  token: string | undefined,
  allowed: readonly string[],
): [string, string][] {
  if (token === undefined) return []
  const refuse = (why: string): WikiSourceError =>
    new WikiSourceError(
      'invalid_arguments',
      `continue ${JSON.stringify(token.length > 80 ? `${token.slice(0, 80)}…` : token)} is not a continuation of this list (${why}); pass the "continue" value of the previous answer unchanged.`,
    )
  if (token.length > MAX_TOKEN) throw refuse(`longer than ${MAX_TOKEN} characters`)
  const pairs = [...new URLSearchParams(token)]
  if (pairs.length === 0) throw refuse('it holds no parameter')
  const seen = new Set<string>()
  for (const [key] of pairs) {
    if (!allowed.includes(key)) {
      throw refuse(`unexpected key ${JSON.stringify(key)}; expected only ${allowed.join(', ')}`)
    }
    if (seen.has(key)) throw refuse(`the key ${JSON.stringify(key)} appears twice`)
    seen.add(key)
  }
  return pairs
}
