import type { LocalMediaWiki } from './mediawiki.js'

/** A logged-in user of a local MediaWiki: writes that anonymous editors may not make (moves). */
export interface MediaWikiSession {
  readonly user: string
  /** Saves `text` as the current revision of `title` as this user; returns the new revid. */
  edit(title: string, text: string, summary?: string): Promise<number>
  /** Moves a page, leaving a redirect behind; returns the target's title as the wiki served it. */
  move(from: string, to: string, reason?: string): Promise<string>
  /** Any POST to api.php as this user (`format=json`, `formatversion=2` and the CSRF token added). */
  post(params: Readonly<Record<string, string>>): Promise<Record<string, unknown>>
}

/**
 * Logs `user` in through the API (`action=login` with the account's password, which MediaWiki
 * still accepts for its own tests) and keeps the session cookies by hand: Node's fetch has no
 * cookie jar.
 */
export async function loginMediaWiki(
  wiki: LocalMediaWiki,
  user: string,
  password: string,
): Promise<MediaWikiSession> {
  const cookies = new Map<string, string>()
  const send = async (
    params: Readonly<Record<string, string>>,
    method: 'GET' | 'POST',
  ): Promise<Record<string, unknown>> => {
    const body = new URLSearchParams({ ...params, format: 'json', formatversion: '2' })
    const cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ')
    const headers: Record<string, string> = cookie === '' ? {} : { cookie }
    const response =
      method === 'GET'
        ? await fetch(`${wiki.apiUrl}?${body.toString()}`, { headers })
        : await fetch(wiki.apiUrl, { method, body, headers })
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(';')[0] ?? ''
      const eq = pair.indexOf('=')
      if (eq > 0) cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim())
    }
    if (!response.ok) throw new Error(`api.php answered HTTP ${response.status}`)
    return (await response.json()) as Record<string, unknown>
  }
  const token = async (type: 'login' | 'csrf'): Promise<string> => {
    const answer = (await send({ action: 'query', meta: 'tokens', type }, 'GET')) as {
      query?: { tokens?: Record<string, string> }
    }
    const value = answer.query?.tokens?.[`${type}token`]
    if (value === undefined) throw new Error(`no ${type} token: ${JSON.stringify(answer)}`)
    return value
  }

  const login = (await send(
    { action: 'login', lgname: user, lgpassword: password, lgtoken: await token('login') },
    'POST',
  )) as { login?: { result?: string; reason?: string } }
  if (login.login?.result !== 'Success') {
    throw new Error(`login of ${user} failed: ${JSON.stringify(login)}`)
  }
  const csrf = await token('csrf')
  const post = (params: Readonly<Record<string, string>>) =>
    send({ ...params, token: csrf }, 'POST')

  return {
    user,
    post,
    async edit(title, text, summary = 'test edit') {
      const answer = (await post({ action: 'edit', title, text, summary })) as {
        edit?: { result?: string; newrevid?: number; oldrevid?: number }
      }
      const revid = answer.edit?.newrevid ?? answer.edit?.oldrevid
      if (answer.edit?.result !== 'Success' || revid === undefined) {
        throw new Error(
          `edit of ${JSON.stringify(title)} as ${user} failed: ${JSON.stringify(answer)}`,
        )
      }
      return revid
    },
    async move(from, to, reason = 'test move') {
      const answer = (await post({ action: 'move', from, to, reason, movetalk: '1' })) as {
        move?: { to?: string }
      }
      if (answer.move?.to === undefined) {
        throw new Error(`move of ${JSON.stringify(from)} failed: ${JSON.stringify(answer)}`)
      }
      return answer.move.to
    },
  }
}
