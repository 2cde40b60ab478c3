import { readFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { UsageError } from './usage-error.js'

/** The clients whose configuration files `--check <file>` reads. */
export type ClientName = 'Claude Code' | 'Claude Desktop' | 'Cursor' | 'VS Code'

/** One server entry of a client configuration, as written. */
export interface ConfigEntry {
  /** Where it sits, e.g. `mcpServers["arch-wiki"]`. */
  readonly where: string
  /** The name it is filed under. */
  readonly key: string
  readonly value: unknown
  /** The project folder a client starts it in (Claude Code's `projects`), when the file says. */
  readonly project?: string
}

/** A client configuration file and the server entries in it. */
export interface ClientConfig {
  readonly file: string
  /** Which client the file belongs to, by its name and shape; undefined when neither tells. */
  readonly client: ClientName | undefined
  /** The folder a project-level file configures (`.vscode/`'s parent, `.mcp.json`'s folder). */
  readonly workspace: string | undefined
  readonly entries: readonly ConfigEntry[]
}

/**
 * Reads a configuration of Claude Code (`.mcp.json`, `~/.claude.json`), Claude Desktop
 * (`claude_desktop_config.json`), Cursor (`.cursor/mcp.json`) or VS Code (`.vscode/mcp.json`, a
 * profile's `mcp.json`, `settings.json`). Comments and trailing commas are accepted, as VS Code
 * writes them. Throws a `UsageError` when the file cannot be read or is not JSON.
 */
export function readClientConfig(file: string): ClientConfig {
  const absolute = path.resolve(
    file.startsWith('~/') ? path.join(os.homedir(), file.slice(2)) : file,
  )
  let text: string
  try {
    text = readFileSync(absolute, 'utf8')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable'
    throw new UsageError(`--check: cannot read the client config ${absolute} (${code})`)
  }
  let json: unknown
  try {
    json = JSON.parse(stripJsonComments(text))
  } catch (error) {
    throw new UsageError(
      `--check: ${absolute} is not JSON (${error instanceof Error ? error.message : String(error)})`,
    )
  }
  if (!isObject(json)) throw new UsageError(`--check: ${absolute} does not hold a JSON object`)

  const entries: ConfigEntry[] = []
  const collect = (servers: unknown, at: string, project?: string): void => {
    if (!isObject(servers)) return
    for (const [key, value] of Object.entries(servers)) {
      entries.push({
        where: `${at}[${JSON.stringify(key)}]`,
        key,
        value,
        ...(project ? { project } : {}),
      })
    }
  }
  collect(json.mcpServers, 'mcpServers')
  collect(json.servers, 'servers')
  if (isObject(json.mcp)) collect(json.mcp.servers, 'mcp.servers')
  if (isObject(json.projects)) {
    for (const [project, settings] of Object.entries(json.projects)) {
      if (isObject(settings)) {
        collect(settings.mcpServers, `projects[${JSON.stringify(project)}].mcpServers`, project)
      }
    }
  }
  const client = clientOf(absolute, json)
  return { file: absolute, client, workspace: workspaceOf(absolute, client), entries }
}

function clientOf(file: string, json: Record<string, unknown>): ClientName | undefined {
  const base = path.basename(file)
  const folders = path.dirname(file).split(path.sep)
  if (base === 'claude_desktop_config.json') return 'Claude Desktop'
  if (base === '.mcp.json' || base === '.claude.json') return 'Claude Code'
  if (folders.includes('.cursor')) return 'Cursor'
  if (folders.includes('.vscode') || 'servers' in json || isObject(json.mcp)) return 'VS Code'
  return undefined
}

function workspaceOf(file: string, client: ClientName | undefined): string | undefined {
  const dir = path.dirname(file)
  if (client === 'Claude Code' && path.basename(file) === '.mcp.json') return dir
  if (path.basename(dir) === '.vscode' || path.basename(dir) === '.cursor') {
    // A user-level file (~/.cursor/mcp.json) configures no project.
    return path.dirname(dir) === os.homedir() ? undefined : path.dirname(dir)
  }
  return undefined
}

/** What expanding a client's `${…}` variables in a value found. */
export interface Expansion {
  readonly text: string
  /** Variables the value reads that are not set. */
  readonly missing: readonly string[]
  /** Variables this check cannot know (VS Code's `${input:…}`, or any when the client expands none). */
  readonly unknown: readonly string[]
}

export interface ExpansionContext {
  readonly client: ClientName | undefined
  readonly env: Readonly<Record<string, string | undefined>>
  readonly workspace: string | undefined
  readonly home: string
}

/**
 * Expands variables the way the client does at start: Claude Code `${VAR}` and `${VAR:-default}`;
 * Cursor and VS Code `${env:VAR}`, `${userHome}`, `${workspaceFolder}` (VS Code's `${input:…}`
 * prompts the user, so it stays unknown). Claude Desktop expands nothing.
 */
export function expandVariables(text: string, context: ExpansionContext): Expansion {
  const missing: string[] = []
  const unknown: string[] = []
  const { client, env } = context
  const expanded = text.replace(/\$\{([^}]*)\}/g, (whole, inner: string) => {
    if (client === 'Claude Code') {
      const [name = '', fallback] = inner.split(':-', 2)
      const value = env[name]
      if (value !== undefined && value !== '') return value
      if (fallback !== undefined) return fallback
      missing.push(name)
      return whole
    }
    if (client === 'Cursor' || client === 'VS Code') {
      if (inner.startsWith('env:')) {
        const value = env[inner.slice(4)]
        if (value !== undefined) return value
        missing.push(inner.slice(4))
        return whole
      }
      if (inner === 'userHome') return context.home
      if (inner === 'workspaceFolder' && context.workspace !== undefined) return context.workspace
      if (inner === 'workspaceFolderBasename' && context.workspace !== undefined) {
        return path.basename(context.workspace)
      }
      if (inner === 'pathSeparator' || inner === '/') return path.sep
    }
    unknown.push(whole)
    return whole
  })
  return { text: expanded, missing, unknown }
}

/** JSONC (line and block comments, trailing commas), as VS Code writes it, turned into JSON. */
export function stripJsonComments(text: string): string {
  const withoutComments = outsideStrings(text, (at) => {
    if (text.startsWith('//', at)) {
      const end = text.indexOf('\n', at)
      return (end === -1 ? text.length : end) - at
    }
    if (text.startsWith('/*', at)) {
      const end = text.indexOf('*/', at + 2)
      return (end === -1 ? text.length : end + 2) - at
    }
    return 0
  })
  const trailingComma = /,\s*[\]}]/y
  return outsideStrings(withoutComments, (at) => {
    trailingComma.lastIndex = at
    return trailingComma.test(withoutComments) ? 1 : 0
  })
}

/** Copies `text`, letting `skip(at)` drop characters outside string literals only. */
function outsideStrings(text: string, skip: (at: number) => number): string {
  let out = ''
  let i = 0
  while (i < text.length) {
    if (text[i] === '"') {
      let end = i + 1
      while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1
      out += text.slice(i, end + 1)
      i = end + 1
      continue
    }
    const skipped = text[i] === '/' || text[i] === ',' ? skip(i) : 0
    if (skipped > 0) {
      i += skipped
    } else {
      out += text[i]
      i++
    }
  }
  return out
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
