// Reads argv and the environment into one settings object. Flags override environment variables,
// which override defaults. Nothing here touches the network.

/** Every way the process can run. */
export type Mode =
  | { kind: 'stdio' }
  | { kind: 'http' }
  | { kind: 'check' }
  | { kind: 'help' }
  | { kind: 'version' }
  | { kind: 'tool'; tool: string; args: string[] }

export interface Settings {
  mode: Mode
  wikiUrl: string
  articlePath: string
  apiPath: string
  /** A recordings folder replacing every API call, or undefined for the live wiki. */
  offline: string | undefined
  /** Title → revision cache lifetime, in seconds; 0 disables it. */
  cacheTtl: number
  /** Per-request timeout, in seconds. */
  timeout: number
  /** The wiki settings that differ from the defaults, as environment variables for registrations. */
  env: Record<string, string>
  /** argv left for mcp-core's readHttpSettings (`--http-*` flags). */
  httpArgv: string[]
}

/** A bad command line or environment: the process exits 2 with this message. */
export class UsageError extends Error {
  override readonly name = 'UsageError'
}

export const DEFAULTS = {
  wikiUrl: 'https://wiki.archlinux.org',
  articlePath: '/title/$1',
  apiPath: '/api.php',
  cacheTtl: 60,
  timeout: 30,
} as const

const VALUE_FLAGS: Record<string, keyof typeof ENV> = {
  '--wiki-url': 'wikiUrl',
  '--article-path': 'articlePath',
  '--api-path': 'apiPath',
  '--offline': 'offline',
  '--cache-ttl': 'cacheTtl',
  '--timeout': 'timeout',
}

const ENV = {
  wikiUrl: 'ARCH_WIKI_URL',
  articlePath: 'ARCH_WIKI_ARTICLE_PATH',
  apiPath: 'ARCH_WIKI_API_PATH',
  offline: 'ARCH_WIKI_OFFLINE',
  cacheTtl: 'ARCH_WIKI_CACHE_TTL',
  timeout: 'ARCH_WIKI_TIMEOUT',
} as const

const HTTP_VALUE_FLAGS = new Set([
  '--http-token',
  '--http-token-file',
  '--http-host',
  '--http-port',
])

/**
 * Splits argv into global flags, the mode and the positional arguments of a tool call. Flags after
 * the tool name stay with the tool (`verify --revid 1 …`), except the global ones, which may come
 * anywhere.
 */
export function readSettings(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): Settings {
  const flags: Partial<Record<keyof typeof ENV, string>> = {}
  const httpArgv: string[] = []
  const rest: string[] = []
  let mode: Mode | undefined
  const setMode = (next: Mode): void => {
    if (mode && mode.kind !== next.kind) {
      throw new UsageError(`--${mode.kind} and --${next.kind} cannot be combined`)
    }
    mode = next
  }

  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1
    const name = eq > 0 ? arg.slice(0, eq) : arg
    const inline = eq > 0 ? arg.slice(eq + 1) : undefined
    const takeValue = (): string => {
      if (inline !== undefined) return inline
      const next = argv[i + 1]
      if (next === undefined) throw new UsageError(`${name} needs a value`)
      i++
      return next
    }
    const key = VALUE_FLAGS[name]
    if (key) {
      flags[key] = takeValue()
    } else if (HTTP_VALUE_FLAGS.has(name)) {
      httpArgv.push(name, takeValue())
    } else if (name === '--stdio') setMode({ kind: 'stdio' })
    else if (name === '--http') setMode({ kind: 'http' })
    else if (name === '--check') setMode({ kind: 'check' })
    else if (name === '--help' || name === '-h') setMode({ kind: 'help' })
    else if (name === '--version' || name === '-v') setMode({ kind: 'version' })
    else if (name === '--') {
      rest.push(...argv.slice(i + 1))
      break
    } else rest.push(arg)
  }

  if (rest.length > 0) {
    if (mode) throw new UsageError(`--${mode.kind} takes no arguments, got "${rest.join(' ')}"`)
    const [tool, ...args] = rest as [string, ...string[]]
    if (tool.startsWith('-')) throw new UsageError(`Unknown flag ${tool}; see --help`)
    mode = { kind: 'tool', tool, args }
  }

  const pick = (key: keyof typeof ENV): string | undefined => {
    const fromFlag = flags[key]
    if (fromFlag !== undefined) return fromFlag
    const fromEnv = env[ENV[key]]
    return fromEnv === undefined || fromEnv === '' ? undefined : fromEnv
  }

  const wikiEnv: Record<string, string> = {}
  for (const key of ['wikiUrl', 'articlePath', 'apiPath', 'offline'] as const) {
    const value = pick(key)
    if (value !== undefined && value !== (DEFAULTS as Record<string, unknown>)[key]) {
      wikiEnv[ENV[key]] = value
    }
  }

  return {
    mode: mode ?? { kind: 'stdio' },
    wikiUrl: pick('wikiUrl') ?? DEFAULTS.wikiUrl,
    articlePath: pick('articlePath') ?? DEFAULTS.articlePath,
    apiPath: pick('apiPath') ?? DEFAULTS.apiPath,
    offline: pick('offline'),
    cacheTtl: seconds('cache TTL', '--cache-ttl', pick('cacheTtl'), DEFAULTS.cacheTtl, 0),
    timeout: seconds('timeout', '--timeout', pick('timeout'), DEFAULTS.timeout, 1),
    env: wikiEnv,
    httpArgv,
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

export const HELP = `arch-wiki-mcp: quote the Arch Linux wiki (or any MediaWiki) with revision ids and SHA-256 hashes.

Usage:
  arch-wiki-mcp [--stdio]                 serve MCP over stdio (the default)
  arch-wiki-mcp --http [--http-port N]    serve MCP over Streamable HTTP (needs a bearer token)
  arch-wiki-mcp --check                   print registrations for Claude Code, Claude Desktop, Cursor, VS Code
  arch-wiki-mcp <tool> <args…>            call one tool and print its JSON result
  arch-wiki-mcp verify <evidence.json | ->
  arch-wiki-mcp verify --revid N (--content-hash H | --content-raw-file F) [--source-pattern P]
  arch-wiki-mcp recheck <evidence.json | ->

Tools (positional arguments in this order):
  search <query> [limit]          sections <title_or_url>
  page <title_or_url>             section <title_or_url> <anchor>
  commands <title_or_url> [anchor]
  warnings <title_or_url> [anchor]
  links <title_or_url> [anchor]

Wiki (flags override environment variables):
  --wiki-url URL        ARCH_WIKI_URL           default https://wiki.archlinux.org
  --article-path P      ARCH_WIKI_ARTICLE_PATH  default /title/$1
  --api-path P          ARCH_WIKI_API_PATH      default /api.php
  --offline DIR         ARCH_WIKI_OFFLINE       replay recorded API responses from DIR
  --cache-ttl SECONDS   ARCH_WIKI_CACHE_TTL     default 60; 0 disables the title cache
  --timeout SECONDS     ARCH_WIKI_TIMEOUT       default 30

HTTP (see @wiki/mcp-core):
  --http-token T        MCP_HTTP_TOKEN          comma-separated bearer tokens (required)
  --http-token-file F   MCP_HTTP_TOKEN_FILE     one token per line
  --http-host H         MCP_HTTP_HOST           default 127.0.0.1
  --http-port N         MCP_HTTP_PORT           default 3000; 0 picks a free port

Exit codes: 0 success · 1 tool failure or server error · 2 usage or configuration error ·
3 verify: not reproduced.
`
