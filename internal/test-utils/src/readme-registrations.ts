import { readFileSync } from 'node:fs'

/** How a client starts a stdio server: the registration a README tells users to paste. */
export interface StdioRegistration {
  /** The server's key in the client's configuration. */
  readonly key: string
  readonly command: string
  readonly args: readonly string[]
  readonly env: Readonly<Record<string, string>>
}

/** The registrations of an app README's `## Install` section, before its `### From source`. */
export interface ReadmeRegistrations {
  /** The section's text, up to `### From source`. */
  readonly text: string
  /** The code blocks in order, with their language. */
  readonly blocks: readonly { readonly lang: string; readonly code: string }[]
  /** `claude mcp add --transport stdio [--env K=V]… <key> -- <command> <args…>` */
  readonly claudeCode: StdioRegistration
  /** The `"mcpServers"` entry (Claude Desktop and Cursor). */
  readonly mcpServers: StdioRegistration
  /** The `"servers"` entry of `.vscode/mcp.json`, with its `"type"`. */
  readonly vscode: StdioRegistration & { readonly type: unknown }
}

/** The text of a `## <title>` section, up to the next `## ` heading. */
export function markdownSection(markdown: string, title: string): string {
  const lines = markdown.split('\n')
  const start = lines.indexOf(`## ${title}`)
  if (start < 0) throw new Error(`no "## ${title}" section`)
  const end = lines.findIndex((line, i) => i > start && line.startsWith('## '))
  return lines.slice(start + 1, end < 0 ? undefined : end).join('\n')
}

/** Splits a POSIX shell command line into words: quotes, backslash escapes and continuations. */
export function shellWords(line: string): string[] {
  const words: string[] = []
  let word: string | undefined
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!
    if (c === "'") {
      const end = line.indexOf("'", i + 1)
      if (end < 0) throw new Error(`unclosed ' in: ${line}`)
      word = (word ?? '') + line.slice(i + 1, end)
      i = end
    } else if (c === '"') {
      let j = i + 1
      let text = ''
      for (; j < line.length && line[j] !== '"'; j++) {
        if (line[j] === '\\' && '"\\$`'.includes(line[j + 1] ?? '')) j++
        text += line[j]
      }
      if (j >= line.length) throw new Error(`unclosed " in: ${line}`)
      word = (word ?? '') + text
      i = j
    } else if (c === '\\') {
      if (line[i + 1] === '\n') i++
      else word = (word ?? '') + (line[++i] ?? '')
    } else if (/\s/.test(c)) {
      if (word !== undefined) words.push(word)
      word = undefined
    } else {
      word = (word ?? '') + c
    }
  }
  if (word !== undefined) words.push(word)
  return words
}

function claudeCodeRegistration(command: string): StdioRegistration {
  const words = shellWords(command)
  if (words.slice(0, 3).join(' ') !== 'claude mcp add') {
    throw new Error(`not a claude mcp add command: ${command}`)
  }
  const separator = words.indexOf('--')
  if (separator < 0) throw new Error(`no -- before the server command: ${command}`)
  const options = words.slice(3, separator)
  const env: Record<string, string> = {}
  const positional: string[] = []
  for (let i = 0; i < options.length; i++) {
    const option = options[i]!
    if (option === '--env' || option === '-e') {
      const pair = options[++i] ?? ''
      const eq = pair.indexOf('=')
      if (eq <= 0) throw new Error(`--env wants KEY=VALUE, got ${JSON.stringify(pair)}`)
      env[pair.slice(0, eq)] = pair.slice(eq + 1)
    } else if (option === '--transport' || option === '-t') {
      if (options[++i] !== 'stdio') throw new Error(`not a stdio registration: ${command}`)
    } else if (option === '--scope' || option === '-s') {
      i++
    } else if (option.startsWith('-')) {
      throw new Error(`unknown claude mcp add option ${option}`)
    } else {
      positional.push(option)
    }
  }
  const [key, ...extra] = positional
  if (key === undefined || extra.length > 0) throw new Error(`want one server name: ${command}`)
  const [serverCommand, ...args] = words.slice(separator + 1)
  if (serverCommand === undefined) throw new Error(`no server command: ${command}`)
  return { key, command: serverCommand, args, env }
}

function jsonRegistration(
  block: unknown,
  field: 'mcpServers' | 'servers',
): StdioRegistration & { type: unknown } {
  const servers = (block as Record<string, unknown>)[field] as Record<string, unknown>
  const entries = Object.entries(servers)
  if (entries.length !== 1) throw new Error(`want one server under "${field}"`)
  const [key, value] = entries[0]!
  const entry = value as { command: string; args?: string[]; env?: Record<string, string> }
  return {
    key,
    command: entry.command,
    args: entry.args ?? [],
    env: entry.env ?? {},
    type: (value as { type?: unknown }).type,
  }
}

/** Reads the `npx` registrations from an app README's `## Install` section. */
export function readmeRegistrations(readmeFile: string): ReadmeRegistrations {
  const section = markdownSection(readFileSync(readmeFile, 'utf8'), 'Install')
  const text = section.split('\n### From source')[0] ?? ''
  const blocks = [...text.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].map((m) => ({
    lang: m[1] ?? '',
    code: m[2] ?? '',
  }))
  const claude = blocks.find((b) => b.lang === 'sh' && b.code.includes('claude mcp add'))
  const json = blocks.filter((b) => b.lang === 'json').map((b) => JSON.parse(b.code) as unknown)
  const desktop = json.find((b) => typeof b === 'object' && b !== null && 'mcpServers' in b)
  const vscode = json.find((b) => typeof b === 'object' && b !== null && 'servers' in b)
  if (!claude || desktop === undefined || vscode === undefined) {
    throw new Error(
      `${readmeFile}: ## Install wants a "claude mcp add" sh block and "mcpServers" and "servers" JSON blocks before ### From source`,
    )
  }
  const desktopEntry = jsonRegistration(desktop, 'mcpServers')
  const mcpServers: StdioRegistration = {
    key: desktopEntry.key,
    command: desktopEntry.command,
    args: desktopEntry.args,
    env: desktopEntry.env,
  }
  return {
    text,
    blocks,
    claudeCode: claudeCodeRegistration(claude.code.trim()),
    mcpServers,
    vscode: jsonRegistration(vscode, 'servers'),
  }
}
