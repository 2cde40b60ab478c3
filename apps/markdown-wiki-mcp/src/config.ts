import { createHash } from 'node:crypto'
import { readFileSync, realpathSync, statSync } from 'node:fs'
import { homedir } from 'node:os'
import path from 'node:path'
import { UsageError, type CliOption, type OptionValues } from '@wiki/mcp-core/node'
import {
  type FrontmatterSchema,
  detectFrontmatterSchema,
  type SearchLanguage,
  frontmatterPresets,
  parseFrontmatterSchema,
} from '@wiki/wiki-adapters/markdown-folder'

/** The app's settings once every rule of the configuration table passed. */
export interface AppConfig {
  readonly wikiPath: string
  readonly rawPath: string | undefined
  readonly domain: string | undefined
  readonly timeZone: string | undefined
  /** The schema in use: a preset name or the file given; `auto` is resolved to a preset. */
  /** The index cache file, or undefined when switched off. */
  readonly indexPath: string | undefined
  /** Search language when set; otherwise the schema's. */
  readonly language: SearchLanguage | undefined
  readonly schemaName: string
  readonly schema: FrontmatterSchema
  /** Why this schema: chosen by `auto` (and on what evidence) or set by `--schema`. */
  readonly schemaReason: string
  /** stdio without the write tools. */
  readonly readOnly: boolean
  /** Register `wikiAppendLog` even where the schema and the folder do not call for a log. */
  readonly log: boolean
  /** Raw tools over HTTP: only when `MCP_HTTP_EXPOSE_RAW` is exactly `true`. */
  readonly exposeRaw: boolean
  /** The raw setting as given, quoted in the start-up line when it is set but not `true`. */
  readonly exposeRawValue: string | undefined
}

/**
 * Every setting: adding one here adds its flag, its variable and its --help line; `readConfig`
 * then reads it under its key.
 */
export const OPTIONS = {
  wikiPath: {
    flag: '--wiki-path',
    env: 'WIKI_PATH',
    value: 'DIR',
    help: 'pages folder (must exist)',
    default: './wiki',
    path: true,
    register: true,
    placeholder: '<absolute path of your wiki folder>',
  },
  rawPath: {
    flag: '--raw-path',
    env: 'RAW_PATH',
    value: 'DIR',
    help: 'sources folder (never written; may be missing)',
    default: './raw',
    path: true,
    register: true,
    placeholder: '<absolute path of your raw folder>',
  },
  domain: {
    flag: '--domain',
    env: 'WIKI_DOMAIN',
    value: 'TEXT',
    help: 'first line of the server instructions',
  },
  timeZone: {
    flag: '--tz',
    env: 'WIKI_TZ',
    value: 'ZONE',
    help: 'IANA time zone for dates (default: the process zone)',
  },
  indexPath: {
    flag: '--index-path',
    env: 'WIKI_INDEX_PATH',
    value: 'FILE',
    help: 'search index cache, outside the wiki (default: under $XDG_CACHE_HOME/markdown-wiki-mcp; off: none)',
  },
  language: {
    flag: '--language',
    env: 'WIKI_LANGUAGE',
    value: 'LANG',
    help: "language of the pages for search stemming and stop words: it, en or none (default: the schema's)",
  },
  schema: {
    flag: '--schema',
    env: 'WIKI_SCHEMA',
    value: 'NAME',
    help: 'frontmatter schema: auto, it, en, notes, or a JSON schema file',
    default: 'auto',
  },
  readOnly: { flag: '--read-only', help: 'stdio without the write tools' },
  log: {
    flag: '--log',
    env: 'WIKI_LOG',
    help: 'offer wikiAppendLog on a notes folder without log.md, only when exactly "true"',
  },
  exposeRaw: {
    flag: '--http-expose-raw',
    env: 'MCP_HTTP_EXPOSE_RAW',
    help: 'serve the raw tools over HTTP too, only when exactly "true"',
  },
} as const satisfies Record<string, CliOption>

/** Checks every setting and names every offender in one `UsageError` (exit 2). */
export function readConfig(values: OptionValues<typeof OPTIONS>): AppConfig {
  const problems: string[] = []
  const wikiPath = realFolder(values.wikiPath ?? './wiki', 'WIKI_PATH', true, problems)
  const rawPath = realFolder(values.rawPath ?? './raw', 'RAW_PATH', false, problems)
  if (wikiPath && rawPath) {
    const inside = (a: string, b: string): boolean => a === b || a.startsWith(b + path.sep)
    if (inside(wikiPath, rawPath) || inside(rawPath, wikiPath)) {
      problems.push('WIKI_PATH and RAW_PATH must not be equal or nested')
    }
  }
  const domain = values.domain
  if (domain !== undefined && (/[\r\n]/.test(domain) || domain.length > 500)) {
    problems.push('WIKI_DOMAIN must be one line of at most 500 characters')
  }
  const timeZone = values.timeZone
  if (timeZone !== undefined) {
    try {
      new Intl.DateTimeFormat('en-CA', { timeZone })
    } catch {
      problems.push(
        `WIKI_TZ "${timeZone.slice(0, 60)}" is not an IANA time zone (e.g. Europe/Rome, UTC)`,
      )
    }
  }
  const language = values.language
  if (language !== undefined && language !== 'it' && language !== 'en' && language !== 'none') {
    problems.push(`WIKI_LANGUAGE "${language.slice(0, 60)}" must be it, en or none`)
  }
  const indexPath = indexFile(values.indexPath, wikiPath, problems)
  const given = values.schema ?? 'auto'
  let schemaName = given
  let schemaReason = 'set by --schema'
  let schema: FrontmatterSchema | undefined
  if (given === 'auto') {
    if (wikiPath) {
      const detected = detectFrontmatterSchema(wikiPath)
      schemaName = detected.name
      schema = detected.schema
      schemaReason = `chosen by auto: ${detected.reason}`
    }
  } else schema = loadSchema(given, problems)
  if (problems.length > 0 || !wikiPath || !schema) throw new UsageError(problems.join('; '))
  return {
    wikiPath,
    rawPath,
    domain,
    timeZone,
    indexPath,
    language: language as SearchLanguage | undefined,
    schemaName,
    schema,
    schemaReason,
    readOnly: values.readOnly === 'true',
    log: values.log === 'true',
    exposeRaw: values.exposeRaw === 'true',
    exposeRawValue: values.exposeRaw,
  }
}

/**
 * The index cache file: as given, none for `off`, else one per wiki folder under the XDG cache
 * folder (`$XDG_CACHE_HOME`, or `~/.cache`), named by a hash of the wiki's real path.
 */
function indexFile(
  value: string | undefined,
  wikiPath: string | undefined,
  problems: string[],
): string | undefined {
  if (value === 'off' || !wikiPath) return undefined
  if (value !== undefined) {
    const file = path.resolve(value)
    if (file === wikiPath || file.startsWith(wikiPath + path.sep))
      problems.push(`WIKI_INDEX_PATH "${value.slice(0, 200)}" must be outside WIKI_PATH`)
    return file
  }
  const cacheHome = process.env.XDG_CACHE_HOME || path.join(homedir(), '.cache')
  const name = createHash('sha256').update(wikiPath).digest('hex').slice(0, 16)
  return path.join(path.resolve(cacheHome), 'markdown-wiki-mcp', `${name}.index`)
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
  if (name === 'it' || name === 'en' || name === 'notes') return frontmatterPresets[name]
  let json: unknown
  try {
    json = JSON.parse(readFileSync(path.resolve(name), 'utf8'))
  } catch (error) {
    problems.push(
      `WIKI_SCHEMA "${name.slice(0, 200)}" is neither auto, it, en, notes nor a readable JSON file (${error instanceof SyntaxError ? 'invalid JSON' : 'unreadable'})`,
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
