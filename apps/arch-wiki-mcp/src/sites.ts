// Several wikis in one server: the sites file (its schema and its reading) and the choice of the
// site a tool call reads. Each site has its own backend, so caches and stored revisions never mix
// wikis; the tools only ask this module which backend answers a call.
import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { UsageError } from '@wiki/mcp-core/node'
import { createWikiSite, parseTitleOrUrl, ProvenanceError, type WikiSite } from '@wiki/provenance'
import { z } from 'zod'
import { SITE_PROFILES, WikiFailure, type Backend, type SiteProfile } from './backend.js'

/** The name the sites given by flags and variables (`--wiki-url` …) answer to. */
export const IMPLICIT_SITE_NAME = 'default'

const SITE_NAME = /^[a-z0-9][a-z0-9._-]{0,63}$/

/**
 * One URL setting, checked by provenance's own rules (each setting is checked on its own, so every
 * bad one is reported at once); its message says what was expected.
 */
function urlSetting(setting: 'base' | 'articlePath' | 'apiPath') {
  return z.string().superRefine((value, ctx) => {
    try {
      createWikiSite({ [setting]: value })
    } catch (error) {
      if (!(error instanceof ProvenanceError)) throw error
      ctx.addIssue({
        code: 'custom',
        input: value,
        message: error.message.replace(/^[^;]*; expected /, '').replace(/\.$/, ''),
      })
    }
  })
}

const siteEntry = z.strictObject({
  name: z
    .string()
    .regex(SITE_NAME, 'a lower-case name of letters, digits, ".", "_" or "-" (at most 64)'),
  url: urlSetting('base'),
  article_path: urlSetting('articlePath'),
  api_path: urlSetting('apiPath'),
  profile: z.enum(SITE_PROFILES).default('none'),
  user_agent: z.string().min(1).max(512).optional(),
  timeout: z.int().min(1).max(3600).optional(),
  cache_ttl: z.int().min(0).max(86_400).optional(),
  offline: z.string().min(1).optional(),
})

/** What a sites file holds: `{"sites": [ … ]}`, the first site being the default. */
export const sitesFile = z
  .strictObject({ sites: z.array(siteEntry).min(1).max(32) })
  .superRefine((file, ctx) => {
    const names = new Set<string>()
    file.sites.forEach((entry, index) => {
      if (names.has(entry.name)) {
        ctx.addIssue({
          code: 'custom',
          path: ['sites', index, 'name'],
          input: entry.name,
          message: 'a name no other site has',
        })
      }
      names.add(entry.name)
    })
  })

/** One site, checked: what createBackend needs, plus the per-site tuning. */
export interface SiteConfig {
  name: string
  site: WikiSite
  profile: SiteProfile
  userAgent: string | undefined
  /** Seconds; undefined takes the server's `--timeout`. */
  timeout: number | undefined
  /** Seconds; undefined takes the server's `--cache-ttl`. */
  cacheTtl: number | undefined
  /** An absolute recordings folder, or undefined for the live wiki. */
  offline: string | undefined
}

/**
 * Checks the parsed JSON of a sites file. Every problem is one line naming its key path, the value
 * found and what was expected; relative `offline` folders are read from `baseDir`.
 */
export function parseSitesFile(data: unknown, baseDir: string, where: string): SiteConfig[] {
  const parsed = sitesFile.safeParse(data, { reportInput: true })
  if (!parsed.success) {
    const lines = parsed.error.issues.flatMap((issue) => {
      const path = pathOf(issue.path)
      if (issue.code === 'unrecognized_keys') {
        // One line per unknown key, naming the keys a site may have.
        const known = Object.keys(siteEntry.shape).join(', ')
        return issue.keys.map(
          (key) =>
            `  ${pathOf([...issue.path, key])}: got ${JSON.stringify((issue.input as Record<string, unknown>)[key])}; expected no such key (known: ${known})`,
        )
      }
      const got = issue.input === undefined ? 'nothing' : JSON.stringify(issue.input)
      // zod says "Too small: expected number to be >=1"; keep what was expected.
      const expected = issue.message
        .replace(/^[A-Z][a-z ]+: expected /, '')
        .replace(/, received \w+$/, '')
      return [`  ${path || '(root)'}: got ${got}; expected ${expected}`]
    })
    throw new UsageError(`Invalid sites file ${where}:\n${lines.join('\n')}`)
  }
  return parsed.data.sites.map((entry) => ({
    name: entry.name,
    site: createWikiSite({
      base: entry.url,
      articlePath: entry.article_path,
      apiPath: entry.api_path,
    }),
    profile: entry.profile,
    userAgent: entry.user_agent,
    timeout: entry.timeout,
    cacheTtl: entry.cache_ttl,
    offline: entry.offline === undefined ? undefined : resolve(baseDir, entry.offline),
  }))
}

/** `sites[1].url`, as a reader writes the place in the file. */
function pathOf(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (out, key) =>
      typeof key === 'number' ? `${out}[${key}]` : out ? `${out}.${String(key)}` : String(key),
    '',
  )
}

/** Reads and checks a sites file; any problem is a start-up error (exit 2). */
export function readSitesFile(path: string): SiteConfig[] {
  let data: unknown
  try {
    data = JSON.parse(readFileSync(path, 'utf8'))
  } catch (error) {
    throw new UsageError(
      `Cannot read the sites file ${path} (--sites / ARCH_WIKI_SITES): ${(error as Error).message}`,
    )
  }
  return parseSitesFile(data, dirname(resolve(path)), path)
}

/** The configured sites, each with its own backend. The first one is the default. */
export interface SiteSet {
  /**
   * The backend a call reads: the site named by `site`, else the site of a URL `titleOrUrl`, else
   * the first. An unknown name is `unknown_site`; a URL of no configured site is
   * `malformed_wiki_url` (a URL of another site than the one named is refused by the tool's own
   * reading of `title_or_url` against that site).
   */
  pick(site: string | undefined, titleOrUrl?: string): Backend
  /**
   * The backend of the wiki an evidence object came from, for verify and recheck: the site whose
   * base URL its `site.base_url` and URLs name (a name alone is only this server's label), or the
   * one `site` names, which must then be that wiki. Evidence naming no configured wiki, or two
   * wikis at once, is `malformed_wiki_url`: a citation is checked only where it came from.
   */
  forEvidence(evidence: Readonly<Record<string, unknown>>, site: string | undefined): Backend
}

const URL_SHAPED = /^[a-z][a-z0-9+.-]*:\/\//i

export function createSiteSet(backends: readonly Backend[]): SiteSet {
  if (backends.length === 0) throw new Error('a site set needs at least one site')
  const known = () =>
    backends.map((b) => `${b.siteName} (${b.site.base}${b.site.articlePath})`).join(', ')
  const byName = (name: string) => {
    const backend = backends.find((b) => b.siteName === name)
    if (!backend) {
      throw new WikiFailure(
        'unknown_site',
        `Unknown site ${JSON.stringify(name)}; expected one of: ${known()}.`,
      )
    }
    return backend
  }
  /** The first site of the URL's host whose rules accept the URL; or its first refusal. */
  function ofUrl(url: string): Backend | Error {
    let hostname: string
    try {
      hostname = new URL(url).hostname
    } catch {
      // Let provenance name what is wrong with it.
      return refusal(backends[0]!, url)
    }
    const candidates = backends.filter((b) => b.site.hostname === hostname)
    if (candidates.length === 0) {
      return new WikiFailure(
        'malformed_wiki_url',
        `The URL ${JSON.stringify(url)} is not on a configured site (its host is ${JSON.stringify(hostname)}); configured: ${known()}. Pass a title, or a URL of one of these sites.`,
      )
    }
    let first: Error | undefined
    for (const backend of candidates) {
      const refused = refusal(backend, url)
      if (refused === backend) return backend
      first ??= refused as Error
    }
    return first!
  }
  return {
    pick(site, titleOrUrl) {
      // A URL is then read against the named site by the tool itself (parseTitleOrUrl), which
      // refuses another host; with one site that is today's behaviour exactly.
      if (site !== undefined) return byName(site)
      const url = titleOrUrl !== undefined && URL_SHAPED.test(titleOrUrl.trim())
      if (!url || backends.length === 1) return backends[0]!
      const found = ofUrl(titleOrUrl.trim())
      if (found instanceof Error) throw found
      return found
    },
    forEvidence(evidence, site) {
      const named = site === undefined ? undefined : byName(site)
      // One site is today's server: evidence of another wiki is checked against it and
      // verify says `url_matches: false`, as before sites existed.
      if (backends.length === 1) return backends[0]!
      const claimed = evidence.site as { name?: unknown; base_url?: unknown } | undefined
      const urls = [
        claimed?.base_url,
        evidence.revision_wikitext_url,
        evidence.revision_url,
        evidence.source_url,
        evidence.url,
      ].filter((url): url is string => typeof url === 'string')
      const origins = new Set(urls.map(originOf))
      if (origins.size > 1) {
        throw new WikiFailure(
          'malformed_wiki_url',
          `The evidence names more than one wiki (${[...origins].join(', ')}); it cannot be checked against any of them.`,
        )
      }
      const [origin] = origins
      if (origin === undefined) return named ?? pickByName(claimed?.name) ?? backends[0]!
      const candidates = backends.filter((b) => b.site.base === origin)
      if (named !== undefined) {
        if (!candidates.includes(named)) {
          throw new WikiFailure(
            'malformed_wiki_url',
            `The evidence came from ${origin}, not from site ${JSON.stringify(named.siteName)} (${named.site.base}); check it against the site it came from.`,
          )
        }
        return named
      }
      const found = candidates.find((b) => b.siteName === claimed?.name) ?? candidates[0]
      if (found === undefined) {
        throw new WikiFailure(
          'malformed_wiki_url',
          `The evidence came from ${origin}, which is not a configured site (${known()}); it can only be checked against the wiki it came from.`,
        )
      }
      return found
    },
  }
  function pickByName(name: unknown): Backend | undefined {
    return typeof name === 'string' ? backends.find((b) => b.siteName === name) : undefined
  }
}

/** A URL's origin, or the text itself when it is no URL (so it matches no site). */
function originOf(url: string): string {
  try {
    return new URL(url.trim()).origin
  } catch {
    return url
  }
}

/** A single backend is the set of its one site. */
export function asSiteSet(sites: SiteSet | Backend): SiteSet {
  return 'pick' in sites ? sites : createSiteSet([sites])
}

/** The backend itself when its site accepts the URL, else provenance's refusal. */
function refusal(backend: Backend, url: string): Backend | Error {
  try {
    parseTitleOrUrl(backend.site, url)
    return backend
  } catch (error) {
    if (error instanceof Error) return error
    throw error
  }
}
