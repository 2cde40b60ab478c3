import { readFileSync } from 'node:fs'
import { isLoopbackAddress } from '../http/request-checks.js'

/** Where {@link readHttpSettings} looks. */
export interface ReadHttpSettingsOptions {
  env?: Readonly<Record<string, string | undefined>>
  argv?: readonly string[]
}

/** HTTP settings shared by every app. */
export interface HttpSettings {
  host: string
  port: number
  tokens: string[]
  /** To be logged. */
  warnings: string[]
  /** When not empty, the app prints them on one stderr line and exits 1. */
  problems: string[]
}

const FLAGS = {
  token: '--http-token',
  tokenFile: '--http-token-file',
  host: '--http-host',
  port: '--http-port',
} as const
const MIN_TOKEN_LENGTH = 16
// Printable ASCII without space: anything else cannot travel in an Authorization header unharmed.
const TOKEN = /^[\x21-\x7e]+$/

/**
 * Reads `MCP_HTTP_TOKEN`, `MCP_HTTP_TOKEN_FILE`, `MCP_HTTP_HOST` and `MCP_HTTP_PORT`, each
 * overridden by its `--http-*` flag. Empty values count as unset. Never throws.
 */
export function readHttpSettings(options?: Readonly<ReadHttpSettingsOptions> | null): HttpSettings {
  const env = options?.env ?? {}
  const argv = options?.argv ?? []
  const warnings: string[] = []
  const problems: string[] = []
  const flags = readFlags(argv, problems)
  const pick = (flag: string, variable: string): string | undefined => {
    const fromFlag = flags.get(flag)
    if (fromFlag !== undefined && fromFlag !== '') return fromFlag
    const fromEnv = env[variable]
    return fromEnv === undefined || fromEnv === '' ? undefined : fromEnv
  }

  const host = pick(FLAGS.host, 'MCP_HTTP_HOST') ?? '127.0.0.1'
  if (!isLoopbackAddress(host)) {
    warnings.push(
      `HTTP host ${host} is not loopback: the server is reachable from the network; put TLS in front of it`,
    )
  }

  let port = 3000
  const rawPort = pick(FLAGS.port, 'MCP_HTTP_PORT')
  if (rawPort !== undefined) {
    const value = Number(rawPort)
    if (/^\d+$/.test(rawPort) && value <= 65535) port = value
    else
      problems.push(`MCP_HTTP_PORT/--http-port: ${JSON.stringify(rawPort)} is not a port (0-65535)`)
  }

  const tokens: string[] = []
  const addToken = (raw: string, where: string): void => {
    const token = raw.trim()
    if (token === '') return
    if (!TOKEN.test(token)) {
      problems.push(`${where}: a token contains whitespace or non-printable characters`)
      return
    }
    if (token.length < MIN_TOKEN_LENGTH) {
      warnings.push(
        `${where}: a token is shorter than ${MIN_TOKEN_LENGTH} characters; use at least 32 random characters`,
      )
    }
    tokens.push(token)
  }
  const rawTokens = pick(FLAGS.token, 'MCP_HTTP_TOKEN')
  if (rawTokens !== undefined) {
    for (const token of rawTokens.split(',')) addToken(token, 'MCP_HTTP_TOKEN/--http-token')
  }
  const tokenFile = pick(FLAGS.tokenFile, 'MCP_HTTP_TOKEN_FILE')
  if (tokenFile !== undefined) {
    let text: string | undefined
    try {
      text = readFileSync(tokenFile, 'utf8')
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'unreadable'
      problems.push(`MCP_HTTP_TOKEN_FILE/--http-token-file: cannot read ${tokenFile} (${code})`)
    }
    for (const line of text?.split('\n') ?? []) {
      const trimmed = line.trim()
      if (trimmed === '' || trimmed.startsWith('#')) continue
      addToken(trimmed, `token file ${tokenFile}`)
    }
  }
  if (tokens.length === 0 && !problems.some((problem) => problem.includes('token'))) {
    problems.push(
      'no HTTP token: set MCP_HTTP_TOKEN or MCP_HTTP_TOKEN_FILE (or --http-token / --http-token-file)',
    )
  }
  return { host, port, tokens, warnings, problems }
}

function readFlags(argv: readonly string[], problems: string[]): Map<string, string> {
  const known = new Set<string>(Object.values(FLAGS))
  const flags = new Map<string, string>()
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    const equals = arg.indexOf('=')
    const name = equals === -1 ? arg : arg.slice(0, equals)
    if (!known.has(name)) continue
    if (equals !== -1) {
      flags.set(name, arg.slice(equals + 1))
    } else if (i + 1 < argv.length && !argv[i + 1]!.startsWith('--')) {
      flags.set(name, argv[++i]!)
    } else {
      problems.push(`${name} needs a value`)
    }
  }
  return flags
}
