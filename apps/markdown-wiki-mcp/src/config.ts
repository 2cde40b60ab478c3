import { readFileSync, realpathSync, statSync } from 'node:fs'
import path from 'node:path'
import {
  type FrontmatterSchema,
  frontmatterPresets,
  parseFrontmatterSchema,
} from '@wiki/wiki-adapters/markdown-folder'

/** What the command line asks for. */
export type Command = 'serve' | 'help' | 'version' | 'check'

/** The app's settings once every rule of the configuration table passed. */
export interface AppConfig {
  readonly transport: 'stdio' | 'http'
  readonly wikiPath: string
  readonly rawPath: string | undefined
  readonly domain: string | undefined
  readonly timeZone: string | undefined
  readonly schemaName: string
  readonly schema: FrontmatterSchema
  readonly readOnly: boolean
  /** Raw tools over HTTP: only when `MCP_HTTP_EXPOSE_RAW` is exactly `true`. */
  readonly exposeRaw: boolean
  /** The raw setting as given, quoted in the start-up line when it is set but not `true`. */
  readonly exposeRawValue: string | undefined
}

export interface ParsedCommandLine {
  readonly command: Command
  readonly config: AppConfig | undefined
  readonly problems: string[]
}

const VALUE_FLAGS: Record<string, string | undefined> = {
  '--wiki-path': 'WIKI_PATH',
  '--raw-path': 'RAW_PATH',
  '--domain': 'WIKI_DOMAIN',
  '--tz': 'WIKI_TZ',
  '--schema': 'WIKI_SCHEMA',
  '--http-expose-raw': 'MCP_HTTP_EXPOSE_RAW',
  // read by mcp-core's readHttpSettings; listed so they are not unknown here
  '--http-token': undefined,
  '--http-token-file': undefined,
  '--http-host': undefined,
  '--http-port': undefined,
}
const SWITCHES = new Set([
  '--http',
  '--stdio',
  '--read-only',
  '--help',
  '-h',
  '--version',
  '-V',
  '--check',
])

/** Reads flags and environment (flags win; an empty variable counts as unset). */
export function parseCommandLine(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): ParsedCommandLine {
  const problems: string[] = []
  const values = new Map<string, string>()
  const switches = new Set<string>()
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? ''
    const eq = arg.indexOf('=')
    const name = arg.startsWith('--') && eq > 0 ? arg.slice(0, eq) : arg
    if (SWITCHES.has(name)) {
      switches.add(name)
      continue
    }
    if (name in VALUE_FLAGS) {
      let value: string | undefined
      if (eq > 0 && arg.startsWith('--')) value = arg.slice(eq + 1)
      else if (
        name === '--http-expose-raw' &&
        (argv[i + 1] === undefined || argv[i + 1]?.startsWith('--'))
      )
        value = 'true'
      else {
        value = argv[i + 1]
        i += 1
      }
      if (value === undefined) problems.push(`${name} needs a value`)
      else values.set(name, value)
      continue
    }
    problems.push(`unknown argument ${JSON.stringify(arg.slice(0, 60))}`)
  }
  if (switches.has('--help') || switches.has('-h'))
    return { command: 'help', config: undefined, problems: [] }
  if (switches.has('--version') || switches.has('-V'))
    return { command: 'version', config: undefined, problems: [] }
  if (switches.has('--check')) return { command: 'check', config: undefined, problems }
  const setting = (flag: string): string | undefined => {
    const fromFlag = values.get(flag)
    if (fromFlag !== undefined && fromFlag !== '') return fromFlag
    const variable = VALUE_FLAGS[flag]
    const fromEnv = variable ? env[variable] : undefined
    return fromEnv === '' ? undefined : fromEnv
  }
  const transport = switches.has('--http') ? 'http' : 'stdio'
  if (transport === 'http' && switches.has('--read-only')) {
    // HTTP is read-only anyway; the flag is harmless and accepted.
  }
  const wikiPath = realFolder(setting('--wiki-path') ?? './wiki', 'WIKI_PATH', true, problems)
  const rawPath = realFolder(setting('--raw-path') ?? './raw', 'RAW_PATH', false, problems)
  if (wikiPath && rawPath) {
    const inside = (a: string, b: string): boolean => a === b || a.startsWith(b + path.sep)
    if (inside(wikiPath, rawPath) || inside(rawPath, wikiPath)) {
      problems.push('WIKI_PATH and RAW_PATH must not be equal or nested')
    }
  }
  const domain = setting('--domain')
  if (domain !== undefined && (/[\r\n]/.test(domain) || domain.length > 500)) {
    problems.push('WIKI_DOMAIN must be one line of at most 500 characters')
  }
  const timeZone = setting('--tz')
  if (timeZone !== undefined) {
    try {
      new Intl.DateTimeFormat('en-CA', { timeZone })
    } catch {
      problems.push(
        `WIKI_TZ "${timeZone.slice(0, 60)}" is not an IANA time zone (e.g. Europe/Rome, UTC)`,
      )
    }
  }
  const schemaName = setting('--schema') ?? 'it'
  const schema = loadSchema(schemaName, problems)
  const exposeRawValue = setting('--http-expose-raw')
  if (problems.length > 0 || !wikiPath || !schema)
    return { command: 'serve', config: undefined, problems }
  return {
    command: 'serve',
    problems,
    config: {
      transport,
      wikiPath,
      rawPath,
      domain,
      timeZone,
      schemaName,
      schema,
      readOnly: switches.has('--read-only'),
      exposeRaw: exposeRawValue === 'true',
      exposeRawValue,
    },
  }
}

function realFolder(
  value: string,
  name: string,
  required: boolean,
  problems: string[],
): string | undefined {
  try {
    const real = realpathSync(path.resolve(value))
    if (!statSync(real).isDirectory()) throw new Error('not a folder')
    return real
  } catch {
    if (required) problems.push(`${name} "${value}" must be an existing folder`)
    return undefined
  }
}

function loadSchema(name: string, problems: string[]): FrontmatterSchema | undefined {
  if (name === 'it' || name === 'en') return frontmatterPresets[name]
  let json: unknown
  try {
    json = JSON.parse(readFileSync(path.resolve(name), 'utf8'))
  } catch (error) {
    problems.push(
      `WIKI_SCHEMA "${name.slice(0, 200)}" is neither it, en nor a readable JSON file (${error instanceof SyntaxError ? 'invalid JSON' : 'unreadable'})`,
    )
    return undefined
  }
  try {
    return parseFrontmatterSchema(json)
  } catch (error) {
    problems.push(`WIKI_SCHEMA ${error instanceof Error ? error.message : 'is invalid'}`)
    return undefined
  }
}
