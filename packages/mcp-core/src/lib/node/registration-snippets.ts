import process from 'node:process'

/** What an app knows about how it is launched. */
export interface RegistrationInput {
  /** Config key, e.g. `arch-wiki`; the HTTP entry is keyed `<key>-http`. */
  key: string
  stdio: { command?: string; args: readonly string[]; env?: Readonly<Record<string, string>> }
  /** The HTTP endpoint and the environment variable the client reads the token from. */
  http?: { url: string; tokenEnvVar: string }
  /** Tool names, to re-check that `<key>-http` + tool stays within 60 characters. */
  tools?: readonly string[]
}

type Json = string | number | boolean | null | Json[] | { [key: string]: Json }
type JsonObject = { [key: string]: Json }

/** Ready-to-paste registrations for each client. No snippet ever holds a real token. */
export interface RegistrationSnippets {
  key: string
  httpKey: string
  claudeCode: { commands: string[]; mcpJson: JsonObject }
  claudeDesktop: { config: JsonObject }
  cursor: { config: JsonObject }
  vscode: { config: JsonObject }
}

const KEY = /^[A-Za-z0-9_.-]{1,64}$/
const MAX_KEY_AND_TOOL = 60
const MCP_REMOTE = 'mcp-remote@0.15.1'

/** Builds the registration entries for Claude Code, Claude Desktop, Cursor and VS Code. */
export function registrationSnippets(input: Readonly<RegistrationInput>): RegistrationSnippets {
  const { key, http } = input
  if (!KEY.test(key))
    throw new TypeError(`registration key ${JSON.stringify(key)} must match ${String(KEY)}`)
  const httpKey = `${key}-http`
  for (const tool of input.tools ?? []) {
    if (httpKey.length + tool.length > MAX_KEY_AND_TOOL) {
      throw new TypeError(
        `registration key "${httpKey}" + tool "${tool}" is ${httpKey.length + tool.length} characters, at most ${MAX_KEY_AND_TOOL} allowed; shorten the key`,
      )
    }
  }
  const command = input.stdio.command ?? process.execPath
  const args = [...input.stdio.args]
  const env =
    input.stdio.env && Object.keys(input.stdio.env).length > 0 ? { ...input.stdio.env } : undefined
  const stdioEntry: JsonObject = env ? { command, args, env } : { command, args }
  const typedStdio: JsonObject = { type: 'stdio', ...stdioEntry }

  const commands = [
    shellJoin([
      'claude',
      'mcp',
      'add',
      '--transport',
      'stdio',
      ...Object.entries(env ?? {}).flatMap(([name, value]) => ['--env', `${name}=${value}`]),
      key,
      '--',
      command,
      ...args,
    ]),
  ]
  const claudeServers: JsonObject = { [key]: typedStdio }
  const desktopServers: JsonObject = { [key]: stdioEntry }
  const cursorServers: JsonObject = { [key]: stdioEntry }
  const vscode: JsonObject = { servers: { [camelCase(key)]: typedStdio } }

  if (http) {
    const { url, tokenEnvVar } = http
    // Double quotes: the shell expands the token when the command runs, never when printed.
    commands.push(
      `${shellJoin(['claude', 'mcp', 'add', '--transport', 'http', httpKey, url])} --header "Authorization: Bearer \${${tokenEnvVar}}"`,
    )
    claudeServers[httpKey] = {
      type: 'http',
      url,
      headers: { Authorization: `Bearer \${${tokenEnvVar}}` },
    }
    const remoteArgs = ['-y', MCP_REMOTE, url, '--transport', 'http-only']
    if (needsAllowHttp(url)) remoteArgs.push('--allow-http')
    remoteArgs.push('--header', 'Authorization:${AUTH_HEADER}')
    desktopServers[httpKey] = {
      command: 'npx',
      args: remoteArgs,
      env: { AUTH_HEADER: 'Bearer <token>' },
    }
    cursorServers[httpKey] = { url, headers: { Authorization: `Bearer \${env:${tokenEnvVar}}` } }
    const inputId = `${key}-token`
    vscode.inputs = [
      {
        type: 'promptString',
        id: inputId,
        description: `${titleCase(key)} MCP bearer token`,
        password: true,
      },
    ]
    ;(vscode.servers as JsonObject)[camelCase(httpKey)] = {
      type: 'http',
      url,
      headers: { Authorization: `Bearer \${input:${inputId}}` },
    }
  }
  return {
    key,
    httpKey,
    claudeCode: { commands, mcpJson: { mcpServers: claudeServers } },
    claudeDesktop: { config: { mcpServers: desktopServers } },
    cursor: { config: { mcpServers: cursorServers } },
    vscode: { config: http ? { inputs: vscode.inputs!, servers: vscode.servers! } : vscode },
  }
}

/** Prints every snippet with where it goes; each JSON block parses on its own. */
export function formatRegistration(snippets: Readonly<RegistrationSnippets>): string {
  const json = (value: Json): string => JSON.stringify(value, null, 2)
  return [
    '# Claude Code',
    '',
    ...snippets.claudeCode.commands,
    '',
    '.mcp.json:',
    json(snippets.claudeCode.mcpJson),
    '',
    '# Claude Desktop',
    '',
    'claude_desktop_config.json (macOS: ~/Library/Application Support/Claude/, Windows: %APPDATA%\\Claude\\):',
    json(snippets.claudeDesktop.config),
    '',
    '# Cursor',
    '',
    '.cursor/mcp.json or ~/.cursor/mcp.json:',
    json(snippets.cursor.config),
    '',
    '# VS Code',
    '',
    '.vscode/mcp.json:',
    json(snippets.vscode.config),
    '',
  ].join('\n')
}

function needsAllowHttp(url: string): boolean {
  try {
    const { protocol, hostname } = new URL(url)
    return protocol === 'http:' && !['localhost', '127.0.0.1', '[::1]'].includes(hostname)
  } catch {
    return false
  }
}

function camelCase(key: string): string {
  return key.replace(/[-_.]+([A-Za-z0-9])/g, (_, letter: string) => letter.toUpperCase())
}

function titleCase(key: string): string {
  return key
    .split(/[-_.]+/)
    .filter((word) => word !== '')
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ')
}

/** Quotes arguments for a POSIX shell only when they need it. */
function shellJoin(words: readonly string[]): string {
  return words
    .map((word) =>
      /^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`,
    )
    .join(' ')
}
