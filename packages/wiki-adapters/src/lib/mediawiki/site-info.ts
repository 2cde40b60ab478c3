import { isObject, upstream } from './api-client.js'

/** One namespace of the wiki, in its own language. */
export interface SiteNamespace {
  readonly id: number
  /** The local name (`Kategorie`), empty for the main namespace. */
  readonly name: string
  /** The English canonical name (`Category`), or null when the wiki sends none. */
  readonly canonical: string | null
  readonly aliases: readonly string[]
  /** True when titles in this namespace are case-sensitive from their first letter. */
  readonly caseSensitive: boolean
}

/** What a tool needs to know of a wiki that differs between wikis, read from siteinfo. */
export interface SiteInfo {
  readonly siteName: string
  /** The content language code, e.g. `en`, `fr`. */
  readonly language: string
  /** `first-letter` (MediaWiki's default: the first letter is upper-cased) or `case-sensitive`. */
  readonly case: 'first-letter' | 'case-sensitive'
  readonly namespaces: readonly SiteNamespace[]
  /**
   * Where the wiki says its pages and scripts are, so a client can check the URLs it builds:
   * `articlepath` (`/index.php/$1`), `server` (`https://host`, or `//host` protocol-relative) and
   * `scriptpath` (`/w`, empty at the root; `api.php` lives there). Null when the wiki sends none.
   */
  readonly articlePath: string | null
  readonly server: string | null
  readonly scriptPath: string | null
}

/** Reads `meta=siteinfo&siprop=general|namespaces|namespacealiases` (either format version). */
export function siteInfoFrom(query: unknown): SiteInfo {
  if (!isObject(query) || !isObject(query.general) || query.namespaces === undefined) {
    throw upstream('siteinfo lacks "general" or "namespaces"')
  }
  const general = query.general
  const aliases = new Map<number, string[]>()
  for (const alias of Array.isArray(query.namespacealiases) ? query.namespacealiases : []) {
    if (!isObject(alias) || typeof alias.id !== 'number') continue
    const name = typeof alias.alias === 'string' ? alias.alias : alias['*']
    if (typeof name !== 'string') continue
    aliases.set(alias.id, [...(aliases.get(alias.id) ?? []), name])
  }
  const list: unknown[] = Array.isArray(query.namespaces)
    ? query.namespaces
    : isObject(query.namespaces)
      ? Object.values(query.namespaces)
      : []
  const namespaces = list.flatMap((ns): SiteNamespace[] => {
    if (!isObject(ns) || typeof ns.id !== 'number') return []
    const name = typeof ns.name === 'string' ? ns.name : ns['*']
    return [
      {
        id: ns.id,
        name: typeof name === 'string' ? name : '',
        canonical: typeof ns.canonical === 'string' ? ns.canonical : null,
        aliases: aliases.get(ns.id) ?? [],
        caseSensitive: ns.case === 'case-sensitive',
      },
    ]
  })
  return {
    siteName: typeof general.sitename === 'string' ? general.sitename : '',
    language: typeof general.lang === 'string' ? general.lang : '',
    case: general.case === 'case-sensitive' ? 'case-sensitive' : 'first-letter',
    namespaces,
    articlePath: typeof general.articlepath === 'string' ? general.articlepath : null,
    server: typeof general.server === 'string' ? general.server : null,
    scriptPath: typeof general.scriptpath === 'string' ? general.scriptpath : null,
  }
}

/**
 * The namespace a title's prefix names (by local name, canonical name or alias; spaces and
 * underscores alike, any case), or undefined for a title in the main namespace.
 */
export function namespaceOfTitle(info: SiteInfo, title: string): SiteNamespace | undefined {
  const colon = title.indexOf(':')
  if (colon <= 0) return undefined
  const prefix = fold(title.slice(0, colon))
  return info.namespaces.find(
    (ns) =>
      ns.id !== 0 &&
      [ns.name, ns.canonical ?? '', ...ns.aliases].some(
        (name) => name !== '' && fold(name) === prefix,
      ),
  )
}

function fold(name: string): string {
  return name.replaceAll('_', ' ').trim().toLowerCase()
}
