import { ProvenanceError } from './provenance-error.js'

/** The three settings every URL the server builds or accepts derives from. */
export interface WikiSiteOptions {
  /** Scheme + host [+ port], e.g. `https://wiki.archlinux.org`. */
  readonly base?: string | undefined
  /** `<prefix>$1`, e.g. `/title/$1`; `$1` exactly once, at the end. */
  readonly articlePath?: string | undefined
  /** Ends in `/api.php`, e.g. `/api.php` or `/w/api.php`. */
  readonly apiPath?: string | undefined
}

/** A validated site configuration. Build one with {@link createWikiSite}. */
export interface WikiSite {
  /** Origin without a trailing slash: `https://wiki.archlinux.org`. */
  readonly base: string
  readonly articlePath: string
  /** `articlePath` without its `$1`: `/title/`. */
  readonly articlePrefix: string
  readonly apiPath: string
  /** The API path with `api.php` replaced by `index.php`. */
  readonly indexPath: string
  /** Lower-case host name, for the host check. */
  readonly hostname: string
  /** Effective port (the scheme's default when the base names none), for the host check. */
  readonly port: number
}

export const DEFAULT_WIKI_SITE_OPTIONS: {
  readonly base: string
  readonly articlePath: string
  readonly apiPath: string
} = Object.freeze({
  base: 'https://wiki.archlinux.org',
  articlePath: '/title/$1',
  apiPath: '/api.php',
})

/**
 * Validates a site configuration, filling defaults for absent settings. Throws a
 * `ProvenanceError` with code `invalid_wiki_site` naming the setting, its value and what was
 * expected: an invalid configuration is a start-up error, never a silent default.
 */
export function createWikiSite(options?: Readonly<WikiSiteOptions> | null): WikiSite {
  const base = options?.base ?? DEFAULT_WIKI_SITE_OPTIONS.base
  const articlePath = options?.articlePath ?? DEFAULT_WIKI_SITE_OPTIONS.articlePath
  const apiPath = options?.apiPath ?? DEFAULT_WIKI_SITE_OPTIONS.apiPath

  let parsed: URL
  try {
    parsed = new URL(base)
  } catch {
    throw invalid('base', base, 'an absolute http(s) URL such as https://wiki.archlinux.org')
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw invalid('base', base, 'an http or https URL')
  }
  if (
    parsed.username !== '' ||
    parsed.password !== '' ||
    (parsed.pathname !== '/' && parsed.pathname !== '') ||
    parsed.search !== '' ||
    parsed.hash !== '' ||
    /[?#]$/.test(base.trim())
  ) {
    throw invalid('base', base, 'scheme, host and optional port only (no path, query or user)')
  }

  if (!articlePath.startsWith('/') || !articlePath.endsWith('$1')) {
    throw invalid('articlePath', articlePath, 'a path starting with "/" and ending in "$1"')
  }
  if (articlePath.split('$1').length !== 2) {
    throw invalid('articlePath', articlePath, '"$1" exactly once')
  }
  if (!apiPath.startsWith('/') || !apiPath.endsWith('/api.php')) {
    throw invalid('apiPath', apiPath, 'a path starting with "/" and ending in "/api.php"')
  }

  return Object.freeze({
    base: parsed.origin,
    articlePath,
    articlePrefix: articlePath.slice(0, -2),
    apiPath,
    indexPath: `${apiPath.slice(0, -'api.php'.length)}index.php`,
    hostname: parsed.hostname,
    port: effectivePort(parsed),
  })
}

/** The port a URL connects to: its own, or its scheme's default. */
export function effectivePort(url: URL): number {
  if (url.port !== '') return Number(url.port)
  return url.protocol === 'http:' ? 80 : 443
}

function invalid(setting: string, value: string, expected: string): ProvenanceError {
  return new ProvenanceError(
    'invalid_wiki_site',
    `Invalid wiki site setting ${setting}: ${JSON.stringify(value)}; expected ${expected}.`,
  )
}
