// The settings of arch-wiki-mcp: which wiki, how to reach it. mcp-core's runServerCli reads each
// option from its flag or environment variable; readSettings checks the values. Nothing here
// touches the network.
import type { WikiSite } from '@wiki/provenance'
import { UsageError, type CliOption, type OptionValues } from '@wiki/mcp-core/node'
import { siteFrom } from './create-backend.js'
import { readSitesFile, type SiteConfig } from './sites.js'

export const DEFAULTS = {
  wikiUrl: 'https://wiki.archlinux.org',
  articlePath: '/title/$1',
  apiPath: '/api.php',
  cacheTtl: 60,
  timeout: 30,
} as const

/** Every setting: adding one here adds its flag, its variable, its --help line and its parsing. */
export const OPTIONS = {
  wikiUrl: {
    flag: '--wiki-url',
    env: 'ARCH_WIKI_URL',
    value: 'URL',
    help: 'the wiki',
    default: DEFAULTS.wikiUrl,
    register: true,
  },
  articlePath: {
    flag: '--article-path',
    env: 'ARCH_WIKI_ARTICLE_PATH',
    value: 'P',
    help: 'its article path',
    default: DEFAULTS.articlePath,
    register: true,
  },
  apiPath: {
    flag: '--api-path',
    env: 'ARCH_WIKI_API_PATH',
    value: 'P',
    help: 'its api.php path',
    default: DEFAULTS.apiPath,
    register: true,
  },
  offline: {
    flag: '--offline',
    env: 'ARCH_WIKI_OFFLINE',
    value: 'DIR',
    help: 'replay recorded API responses from DIR instead of the wiki',
    path: true,
    register: true,
  },
  sites: {
    flag: '--sites',
    env: 'ARCH_WIKI_SITES',
    value: 'FILE',
    help: 'serve several wikis, named in a JSON sites file (instead of --wiki-url …)',
    path: true,
    register: true,
  },
  cacheTtl: {
    flag: '--cache-ttl',
    env: 'ARCH_WIKI_CACHE_TTL',
    value: 'SECONDS',
    help: 'title cache lifetime; 0 disables it',
    default: String(DEFAULTS.cacheTtl),
  },
  timeout: {
    flag: '--timeout',
    env: 'ARCH_WIKI_TIMEOUT',
    value: 'SECONDS',
    help: 'per-request timeout',
    default: String(DEFAULTS.timeout),
  },
} as const satisfies Record<string, CliOption>

export interface Settings {
  wikiUrl: string
  articlePath: string
  apiPath: string
  /** The wiki's URLs, checked. */
  site: WikiSite
  /** A recordings folder replacing every API call, or undefined for the live wiki. */
  offline: string | undefined
  /** Title → revision cache lifetime, in seconds; 0 disables it. */
  cacheTtl: number
  /** Per-request timeout, in seconds. */
  timeout: number
  /**
   * The sites of a sites file (`--sites`), the first being the default; undefined when the flags
   * above define the one site.
   */
  sites: SiteConfig[] | undefined
}

/** Checks the option values; a bad one is a `UsageError` naming its flag (exit 2). */
export function readSettings(values: OptionValues<typeof OPTIONS>): Settings {
  const wikiUrl = values.wikiUrl ?? DEFAULTS.wikiUrl
  const articlePath = values.articlePath ?? DEFAULTS.articlePath
  const apiPath = values.apiPath ?? DEFAULTS.apiPath
  let site: WikiSite
  try {
    site = siteFrom({ wikiUrl, articlePath, apiPath })
  } catch (error) {
    // An invalid site names its setting; it is a start-up error.
    throw new UsageError(error instanceof Error ? error.message : String(error))
  }
  let sites: SiteConfig[] | undefined
  if (values.sites !== undefined) {
    // Two ways to name the wiki would leave one silently ignored: refuse the mix.
    const mixed = (['wikiUrl', 'articlePath', 'apiPath', 'offline'] as const).filter(
      (key) => values[key] !== undefined,
    )
    if (mixed.length > 0) {
      throw new UsageError(
        `--sites (ARCH_WIKI_SITES) names every wiki; drop ${mixed.map((key) => OPTIONS[key].flag).join(', ')} (or their variables), or drop --sites.`,
      )
    }
    sites = readSitesFile(values.sites)
  }
  return {
    wikiUrl,
    articlePath,
    apiPath,
    site,
    offline: values.offline,
    cacheTtl: seconds('cache TTL', '--cache-ttl', values.cacheTtl, DEFAULTS.cacheTtl, 0),
    timeout: seconds('timeout', '--timeout', values.timeout, DEFAULTS.timeout, 1),
    sites,
  }
}

function seconds(
  what: string,
  flag: string,
  value: string | undefined,
  fallback: number,
  min: number,
): number {
  if (value === undefined) return fallback
  if (!/^\d+$/.test(value.trim()) || Number(value) < min) {
    throw new UsageError(
      `Invalid ${what} "${value}" (${flag}): expected a whole number of seconds ≥ ${min}`,
    )
  }
  return Number(value)
}

/** The tool-call command's lines in --help. */
export const COMMAND_USAGE = `arch-wiki-mcp <tool> <args…>  call one tool and print its JSON result
arch-wiki-mcp verify <evidence.json | ->
arch-wiki-mcp verify --revid N (--content-hash H | --content-raw-file F) [--source-pattern P]
arch-wiki-mcp recheck <evidence.json | ->`

export const HELP_NOTES = `Tools (positional arguments in this order):
  search <query> [limit]          sections <title_or_url>
  page <title_or_url>             section <title_or_url> <anchor>
  commands <title_or_url> [anchor]
  warnings <title_or_url> [anchor]
  links <title_or_url> [anchor]
  categories <title_or_url>       category <category>
  backlinks <title_or_url>        recent_changes

With --sites, add --site NAME after the tool name to read another site than the first.
A tool call prints its result on stdout and exits 0; a tool failure prints {"error", "code"} on
stderr and exits 1; verify exits 3 when the evidence is not reproduced.`
