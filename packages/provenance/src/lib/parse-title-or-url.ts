import { MalformedWikiUrl } from './provenance-error.js'
import { effectivePort, type WikiSite } from './wiki-site.js'

const REVISION_URL_HINT =
  'That is a revision URL, which names a revid and not a title. Pass the page title instead.'

/**
 * Turns a tool's `title_or_url` into the title to send to the wiki.
 *
 * A plain title is returned exactly as typed (trimmed): MediaWiki normalises it. A URL must be
 * http or https on the configured host and port (either scheme's default port for a wiki on a
 * default port) and name exactly one title, in the article path or in one `title` query
 * parameter. Its fragment is ignored. Anything else throws {@link MalformedWikiUrl}, whose message
 * names the rule it broke: scheme, host, port or path.
 */
export function parseTitleOrUrl(site: WikiSite, titleOrUrl: string): string {
  const input = titleOrUrl.trim()
  if (!isUrlShaped(input)) {
    if (input === '') throw new MalformedWikiUrl('title_or_url is empty; expected a page title.')
    return input
  }

  let url: URL
  try {
    url = new URL(input)
  } catch {
    throw refuse(input, 'it is not a valid absolute http(s) URL')
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw refuse(
      input,
      `its scheme is ${JSON.stringify(url.protocol.slice(0, -1))}, not http or https`,
    )
  }
  if (url.hostname !== site.hostname) {
    throw refuse(
      input,
      `its host ${JSON.stringify(url.hostname)} is not this wiki's host ${JSON.stringify(site.hostname)}`,
    )
  }
  const port = effectivePort(url)
  if (!portMatches(site, url.protocol, port)) {
    throw refuse(input, `its port ${port} is not this wiki's ${portRule(site)}`)
  }

  let title: string
  const prefix = site.articlePrefix
  // The index path always reads the query, even where the article prefix is just "/".
  const isIndex = url.pathname === site.indexPath
  if (!isIndex && !prefix.includes('?') && url.pathname.startsWith(prefix)) {
    title = decode(input, url.pathname.slice(prefix.length), false)
  } else {
    const titles: string[] = []
    let hasOldid = false
    for (const pair of url.search.slice(1).split('&')) {
      if (pair === '') continue
      const eq = pair.indexOf('=')
      const key = decode(input, eq === -1 ? pair : pair.slice(0, eq), true)
      const value = eq === -1 ? '' : decode(input, pair.slice(eq + 1), true)
      if (key === 'title') titles.push(value)
      else if (key === 'oldid' || key === 'diff' || key === 'curid') hasOldid = true
    }
    if (titles.length === 0 && hasOldid) throw refuse(input, REVISION_URL_HINT)
    if (titles.length > 1) {
      throw refuse(input, `it holds ${titles.length} "title" parameters; expected exactly one`)
    }
    if (titles.length === 0) {
      throw refuse(
        input,
        `its path ${JSON.stringify(url.pathname)} is not under the article path ${JSON.stringify(prefix)} and it has no "title" parameter`,
      )
    }
    title = titles[0] ?? ''
  }

  title = title.replaceAll('_', ' ').trim()
  if (title === '') throw refuse(input, 'it names an empty title')
  return title
}

/** A wiki on its scheme's default port (no port in its base) is reached on either scheme's. */
function onDefaultPort(site: WikiSite): boolean {
  return site.port === (site.base.startsWith('https:') ? 443 : 80)
}

/**
 * http and https URLs of the wiki's host are both accepted, as the reference accepts them: a wiki
 * on a default port is the same wiki at http://host (port 80) and https://host (port 443), while a
 * wiki on an explicit port is reached only on that port.
 */
function portMatches(site: WikiSite, protocol: string, port: number): boolean {
  if (port === site.port) return true
  return onDefaultPort(site) && port === (protocol === 'https:' ? 443 : 80)
}

function portRule(site: WikiSite): string {
  return onDefaultPort(site) ? 'port (443 for https, 80 for http)' : `port ${site.port}`
}

/** URL-shaped inputs: `://` anywhere, a leading `//`, or an `http:`/`https:` prefix. */
function isUrlShaped(input: string): boolean {
  return input.includes('://') || input.startsWith('//') || /^https?:/i.test(input)
}

function decode(input: string, text: string, query: boolean): string {
  try {
    return decodeURIComponent(query ? text.replaceAll('+', ' ') : text)
  } catch {
    throw refuse(input, `it holds invalid percent-encoding in ${JSON.stringify(text)}`)
  }
}

function refuse(input: string, why: string): MalformedWikiUrl {
  const shown = input.length > 200 ? `${input.slice(0, 200)}…` : input
  return new MalformedWikiUrl(
    `title_or_url ${JSON.stringify(shown)} is not a page URL of this wiki: ${why}.`,
  )
}
