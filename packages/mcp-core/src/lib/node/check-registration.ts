import { accessSync, constants, existsSync, statSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { registrationKey } from './app-registration.js'
import type { CliOption } from './cli-arguments.js'
import {
  expandVariables,
  readClientConfig,
  type ClientConfig,
  type ClientName,
  type ConfigEntry,
  type ExpansionContext,
} from './client-config.js'
import type { PackageInfo } from './package-info.js'
import { probeHttpServer, type HttpProbeResult } from './probe-http-server.js'
import { probeStdioServer, type ProbeResult } from './probe-stdio-server.js'
import {
  registrationSnippets,
  type RegistrationInput,
  type RegistrationSnippets,
} from './registration-snippets.js'

export interface CheckRegistrationInput {
  /** The client configuration file to read. */
  readonly file: string
  readonly app: PackageInfo
  readonly options: Readonly<Record<string, CliOption>>
  /** The registration that works on this machine, offered as the fix. */
  readonly registration: RegistrationInput
  /** The environment `${…}` variables and the inherited variables come from. */
  readonly env: Readonly<Record<string, string | undefined>>
  /** Per start-up and per answer; default 15,000 ms. */
  readonly timeoutMs?: number
}

/** The verdict: `ok` when a client can start every entry of this server in the file. */
export interface CheckReport {
  readonly ok: boolean
  readonly text: string
}

/**
 * The variables an MCP client passes from its own environment to a server it starts (the MCP
 * SDKs' default on macOS and Linux); everything else must be in the entry's `env`. A GUI client
 * does not have the variables of the shell this check runs in, so the check does not pass them.
 */
const INHERITED = ['HOME', 'LOGNAME', 'PATH', 'SHELL', 'TERM', 'USER']

interface Finding {
  readonly level: 'fail' | 'warn'
  readonly problem: string
  readonly fix: string
}

interface EntryVerdict {
  readonly where: string
  readonly findings: Finding[]
  /** What a successful start said, e.g. `arch-wiki-mcp 0.1.0 answered; 9 tools: …`. */
  answered?: string
}

/**
 * `--check <file>`: finds this server's entries in a client configuration, starts each exactly as
 * that client would (command, args, env, working folder), asks initialize and tools/list, and
 * says what is wrong with the fix. Throws a `UsageError` when the file cannot be read.
 */
export async function checkRegistration(input: CheckRegistrationInput): Promise<CheckReport> {
  const config = readClientConfig(input.file)
  const { app } = input
  const ours = config.entries.filter((entry) => isOurs(entry, app.name))
  const snippets = registrationSnippets(input.registration)
  const clientLabel = config.client ?? 'client not recognised by the file name'
  const lines = [`${config.file} (${clientLabel})`]
  if (ours.length === 0) {
    const others = config.entries.map((entry) => entry.key)
    lines.push(
      `  FAIL  no ${app.name} entry: ${
        others.length === 0 ? 'the file registers no server' : `it registers ${others.join(', ')}`
      }`,
      '',
      `Add this ${config.client ?? ''} registration:`.replace('  ', ' '),
      suggestion(snippets, config.client),
    )
    return { ok: false, text: `${lines.join('\n')}\n` }
  }

  const verdicts: EntryVerdict[] = []
  for (const entry of ours) verdicts.push(await checkEntry(entry, config, input))
  let failed = 0
  for (const verdict of verdicts) {
    const fails = verdict.findings.filter((finding) => finding.level === 'fail')
    if (fails.length > 0) failed++
    if (verdict.answered !== undefined && fails.length === 0) {
      lines.push(`  ok    ${verdict.where}: ${verdict.answered}`)
    }
    for (const finding of verdict.findings) {
      lines.push(
        `  ${finding.level === 'fail' ? 'FAIL' : 'warn'}  ${verdict.where}: ${finding.problem}`,
        `        fix: ${finding.fix}`,
      )
    }
  }
  if (failed > 0) {
    lines.push(
      '',
      `${failed} of ${verdicts.length} ${app.name} entr${verdicts.length === 1 ? 'y' : 'ies'} cannot be started by the client. A registration that works on this machine:`,
      suggestion(snippets, config.client),
    )
  } else {
    lines.push('', `Every ${app.name} entry starts and answers.`)
  }
  return { ok: failed === 0, text: `${lines.join('\n')}\n` }
}

/**
 * Ours: filed under a key that starts with ours (`arch-wiki`, `archWiki`, `arch-wiki-http`), or
 * launching our program by name (`arch-wiki-mcp`, `npx arch-wiki-mcp`, `…/arch-wiki-mcp/bin.js`).
 * Other servers in the same file are never started.
 */
function isOurs(entry: ConfigEntry, name: string): boolean {
  const simple = (text: string): string => text.toLowerCase().replace(/[^a-z0-9]/g, '')
  const key = registrationKey(name)
  // Filed under our key or a variant of it (`arch-wiki-http`, `archWiki`, `arch-wiki-old`).
  if (simple(entry.key).startsWith(simple(key))) return true
  if (!isObject(entry.value)) return false
  const args: unknown[] = Array.isArray(entry.value.args) ? entry.value.args : []
  const words = [entry.value.command, ...args]
  return words.some(
    (word) =>
      typeof word === 'string' &&
      (word === name ||
        word.startsWith(`${name}@`) ||
        path.basename(word).replace(/\.(c|m)?js$/, '') === name ||
        word.split(/[\\/]/).includes(name)),
  )
}

async function checkEntry(
  entry: ConfigEntry,
  config: ClientConfig,
  input: CheckRegistrationInput,
): Promise<EntryVerdict> {
  const verdict: EntryVerdict = { where: entry.where, findings: [] }
  const fail = (problem: string, fix: string): void => {
    verdict.findings.push({ level: 'fail', problem, fix })
  }
  const value = entry.value
  if (!isObject(value)) {
    fail('the entry is not a JSON object', 'replace it with the registration below')
    return verdict
  }
  const workspace = entry.project ?? config.workspace
  const context: ExpansionContext = {
    client: config.client,
    env: input.env,
    workspace,
    home: os.homedir(),
  }
  if (typeof value.url === 'string' || value.type === 'http' || value.type === 'sse') {
    await checkHttpEntry(value, context, input, verdict)
    return verdict
  }
  if (typeof value.command !== 'string' || value.command === '') {
    fail(
      '"command" is missing: a client has nothing to start',
      'replace the entry with the one below',
    )
    return verdict
  }
  if (value.args !== undefined && !isStringArray(value.args)) {
    fail('"args" must be an array of strings', 'write each argument as a string in a JSON array')
    return verdict
  }
  if (value.env !== undefined && !isStringRecord(value.env)) {
    fail('"env" must be an object of strings', 'write each variable as "NAME": "value"')
    return verdict
  }
  const bridge = bridgedUrl(value.args ?? [])
  if (bridge !== undefined) {
    await checkBridge(bridge, value.args ?? [], value.env ?? {}, input, verdict)
    return verdict
  }

  const expand = (text: string, what: string): string => {
    const expansion = expandVariables(text, context)
    for (const name of expansion.missing) {
      fail(
        `${what} reads the variable ${name}, which is not set here`,
        `set ${name} where the client starts, or write its value into the entry`,
      )
    }
    for (const variable of expansion.unknown) {
      fail(
        config.client === 'Claude Desktop' || config.client === undefined
          ? `${what} holds ${variable}, which this client passes on literally, unexpanded`
          : `${what} holds ${variable}, whose value only the client knows`,
        'write the value itself',
      )
    }
    return expansion.text
  }
  const command = expand(value.command, '"command"')
  const args = (value.args ?? []).map((arg, i) => expand(arg, `args[${i}]`))
  const env: Record<string, string> = {}
  for (const [name, raw] of Object.entries(value.env ?? {})) env[name] = expand(raw, `env.${name}`)
  if (verdict.findings.length > 0) return verdict

  const base = workspace ?? path.dirname(config.file)
  checkPaths(command, args, env, base, input, fail)
  checkSettings(env, input.options, fail)
  const resolved = resolveCommand(
    command,
    env.PATH ?? input.env.PATH ?? '',
    config.client,
    input,
    verdict,
  )
  if (resolved === undefined || verdict.findings.some((f) => f.level === 'fail')) return verdict

  const childEnv: Record<string, string> = {}
  for (const name of INHERITED) {
    const inherited = input.env[name]
    if (inherited !== undefined) childEnv[name] = inherited
  }
  Object.assign(childEnv, env)
  const result = await probeStdioServer({
    command: resolved,
    args,
    env: childEnv,
    // Clients start servers in the project they serve, or in `/` (Claude Desktop).
    cwd: workspace ?? path.parse(process.cwd()).root,
    ...(input.timeoutMs === undefined ? {} : { timeoutMs: input.timeoutMs }),
  })
  judgeStdio(result, input, verdict)
  return verdict
}

/** Relative paths: clients start servers in another folder, where they name nothing. */
function checkPaths(
  command: string,
  args: readonly string[],
  env: Readonly<Record<string, string>>,
  base: string,
  input: CheckRegistrationInput,
  fail: (problem: string, fix: string) => void,
): void {
  const relative = (text: string): boolean =>
    /[\\/]/.test(text) &&
    !path.isAbsolute(text) &&
    !text.startsWith('-') &&
    !text.startsWith('@') &&
    !/^[a-z][a-z0-9+.-]*:/i.test(text)
  const absoluteFix = (text: string): string => {
    const candidate = path.resolve(base, text)
    return existsSync(candidate)
      ? `use the absolute path ${candidate}`
      : `use an absolute path (it names nothing in ${base} either); this ${input.app.name} is ${input.app.bin}`
  }
  if (relative(command)) {
    fail(
      `"command" ${command} is a relative path, and clients do not start servers in this folder`,
      absoluteFix(command),
    )
  }
  args.forEach((arg, i) => {
    if (relative(arg)) {
      fail(
        `args[${i}] ${arg} is a relative path, and clients do not start servers in this folder`,
        absoluteFix(arg),
      )
    } else if (path.isAbsolute(arg) && /\.(c|m)?js$/.test(arg) && !existsSync(arg)) {
      fail(
        `args[${i}] ${arg} does not exist`,
        `the installed ${input.app.name} is ${input.app.bin}`,
      )
    }
  })
  for (const option of Object.values(input.options)) {
    const value = option.env === undefined ? undefined : env[option.env]
    if (
      option.path &&
      value !== undefined &&
      value !== option.placeholder &&
      !path.isAbsolute(value)
    ) {
      fail(
        `env.${option.env} ${value} is a relative path, and clients do not start servers in this folder`,
        absoluteFix(value),
      )
    }
  }
}

/** Required settings that are absent or still the placeholder of a pasted snippet. */
function checkSettings(
  env: Readonly<Record<string, string>>,
  options: Readonly<Record<string, CliOption>>,
  fail: (problem: string, fix: string) => void,
): void {
  for (const option of Object.values(options)) {
    if (option.env === undefined) continue
    const value = env[option.env]
    if (value !== undefined && option.placeholder !== undefined && value === option.placeholder) {
      fail(`env.${option.env} is still the placeholder ${value}`, `put your ${option.help} there`)
    } else if (value === undefined && option.required) {
      fail(
        `the variable ${option.env} is missing (${option.help}); clients pass only ${INHERITED.join(', ')} from their own environment`,
        `add "${option.env}": "${option.placeholder ?? '…'}" to the entry's "env", with your value`,
      )
    }
  }
}

/** The command's absolute path, as the client will find it; undefined (with a finding) if none. */
function resolveCommand(
  command: string,
  searchPath: string,
  client: ClientName | undefined,
  input: CheckRegistrationInput,
  verdict: EntryVerdict,
): string | undefined {
  const usual = `use the absolute path of Node (${process.execPath}) and of ${input.app.name} (${input.app.bin}), as in the registration below`
  if (/[\\/]/.test(command)) {
    if (!path.isAbsolute(command)) return undefined // reported by checkPaths
    if (!existsSync(command)) {
      verdict.findings.push({ level: 'fail', problem: `command not found: ${command}`, fix: usual })
      return undefined
    }
    if (!isExecutable(command)) {
      verdict.findings.push({
        level: 'fail',
        problem: `${command} exists but is not executable`,
        fix: `chmod +x ${command}, or ${usual}`,
      })
      return undefined
    }
    return command
  }
  const found = which(command, searchPath)
  if (found === undefined) {
    verdict.findings.push({
      level: 'fail',
      problem: `command not found: ${command} is on no folder of PATH (${searchPath || 'empty'})`,
      fix: usual,
    })
    return undefined
  }
  if (client !== 'Claude Code') {
    // Claude Code runs in your shell; GUI clients get the desktop session's PATH instead.
    verdict.findings.push({
      level: 'warn',
      problem: `"command" ${command} is looked up on PATH (here ${found}); ${client ?? 'a GUI client'} may start with another PATH`,
      fix: `use the absolute path ${found}`,
    })
  }
  return found
}

function judgeStdio(
  result: ProbeResult,
  input: CheckRegistrationInput,
  verdict: EntryVerdict,
): void {
  const fail = (problem: string, fix: string): void => {
    verdict.findings.push({ level: 'fail', problem, fix })
  }
  const terminal = 'run the same command in a terminal to see the whole error'
  switch (result.outcome) {
    case 'not_started':
      if (result.errno === 'ENOENT') fail(`command not found (${result.message})`, terminal)
      else if (result.errno === 'EACCES')
        fail(`the command is not executable (${result.message})`, 'chmod +x it')
      else fail(`the command cannot be started: ${result.message}`, terminal)
      return
    case 'exited': {
      const said = lastLine(result.stderr)
      const how =
        result.signal === null
          ? `exited with code ${result.code}`
          : `was killed by ${result.signal}`
      if (result.code === 2) {
        fail(
          `the server refused its settings and exited: ${said}`,
          `correct the setting it names in the entry's "args" or "env"; clients pass only ${INHERITED.join(', ')} from their own environment`,
        )
      } else {
        fail(`the server ${how} before answering initialize${said ? `: ${said}` : ''}`, terminal)
      }
      return
    }
    case 'no_answer':
      fail(
        `the server started but answered nothing within ${result.timeoutMs} ms${
          result.stderr ? ` (its last words: ${lastLine(result.stderr)})` : ''
        }`,
        `${terminal}; a server waiting for input or a password blocks the client too`,
      )
      return
    case 'not_mcp':
      fail(
        `the command wrote something that is not an MCP answer on stdout: ${result.said}`,
        'stdout must carry only MCP messages: start the server itself, and send anything a wrapper prints to stderr',
      )
      return
    case 'answered':
      judgeAnswer(result.serverInfo, result.tools, input, verdict)
  }
}

function judgeAnswer(
  serverInfo: { name: string; version: string },
  tools: readonly string[] | { error: string },
  input: CheckRegistrationInput,
  verdict: EntryVerdict,
): void {
  const { app } = input
  if (serverInfo.name !== app.name) {
    verdict.findings.push({
      level: 'fail',
      problem: `it answers as ${serverInfo.name} ${serverInfo.version}, not ${app.name}`,
      fix: 'register the command of the registration below',
    })
    return
  }
  if (!Array.isArray(tools)) {
    verdict.findings.push({
      level: 'fail',
      problem: `it answered initialize, but tools/list failed: ${(tools as { error: string }).error}`,
      fix: 'run the same command in a terminal and read its stderr',
    })
    return
  }
  const list = tools as readonly string[]
  if (serverInfo.version !== app.version) {
    verdict.findings.push({
      level: 'warn',
      problem: `it runs ${app.name} ${serverInfo.version}, and this one is ${app.version}: another install`,
      fix: `point it at ${app.bin} to run this one`,
    })
  }
  verdict.answered = `${app.name} ${serverInfo.version} answered initialize and listed ${list.length} tool${
    list.length === 1 ? '' : 's'
  }${list.length > 0 ? ` (${list.join(', ')})` : ''}`
}

async function checkHttpEntry(
  value: Record<string, unknown>,
  context: ExpansionContext,
  input: CheckRegistrationInput,
  verdict: EntryVerdict,
): Promise<void> {
  const fail = (problem: string, fix: string): void => {
    verdict.findings.push({ level: 'fail', problem, fix })
  }
  if (typeof value.url !== 'string') {
    fail('"url" is missing', 'replace the entry with the one below')
    return
  }
  const headers: Record<string, string> = {}
  const unresolved: string[] = []
  const expand = (text: string): string => {
    const expansion = expandVariables(text, context)
    unresolved.push(...expansion.missing, ...expansion.unknown)
    return expansion.text
  }
  const url = expand(value.url)
  if (isStringRecord(value.headers)) {
    for (const [name, raw] of Object.entries(value.headers)) headers[name] = expand(raw)
  }
  if (unresolved.length > 0) {
    fail(
      `the entry reads ${unresolved.join(', ')}, unknown here, so the token cannot be sent`,
      'set the variable where the client starts, then check again',
    )
    return
  }
  judgeHttp(url, await probeHttpServer(url, headers, input.timeoutMs), input, verdict)
}

/** Claude Desktop reaches HTTP servers through `npx mcp-remote <url>`: the URL is what to check. */
function bridgedUrl(args: readonly string[]): string | undefined {
  if (!args.some((arg) => /^mcp-remote(@|$)/.test(arg))) return undefined
  return args.find((arg) => /^https?:\/\//.test(arg))
}

async function checkBridge(
  url: string,
  args: readonly string[],
  env: Readonly<Record<string, string>>,
  input: CheckRegistrationInput,
  verdict: EntryVerdict,
): Promise<void> {
  // mcp-remote reads `--header Name:value`, expanding ${VAR} from the entry's env.
  const headers: Record<string, string> = {}
  for (let i = 0; i < args.length - 1; i++) {
    if (args[i] !== '--header') continue
    const header = args[i + 1]!.replace(
      /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g,
      (_, name: string) => env[name] ?? '',
    )
    const colon = header.indexOf(':')
    if (colon > 0) headers[header.slice(0, colon).trim()] = header.slice(colon + 1).trim()
  }
  const placeholder = Object.entries(headers).find(([, value]) => /<[^>]*>/.test(value))
  if (placeholder !== undefined) {
    verdict.findings.push({
      level: 'fail',
      problem: `the ${placeholder[0]} header is still a placeholder: ${placeholder[1]}`,
      fix: 'write "Bearer " and one of the tokens the server was started with (MCP_HTTP_TOKEN) in its env',
    })
    return
  }
  verdict.findings.push({
    level: 'warn',
    problem: `it starts mcp-remote, which connects to ${url}; that URL was checked, mcp-remote itself was not started`,
    fix: 'none needed when the URL answers',
  })
  judgeHttp(url, await probeHttpServer(url, headers, input.timeoutMs), input, verdict)
}

function judgeHttp(
  url: string,
  result: HttpProbeResult,
  input: CheckRegistrationInput,
  verdict: EntryVerdict,
): void {
  const fail = (problem: string, fix: string): void => {
    verdict.findings.push({ level: 'fail', problem, fix })
  }
  const start = `start \`${input.app.name} --http\` with MCP_HTTP_TOKEN set, or use the stdio registration below`
  switch (result.outcome) {
    case 'unreachable':
      fail(`no answer from ${url} (${result.reason})`, start)
      return
    case 'refused':
      fail(
        result.status === 401
          ? `${url} refused the token (HTTP 401)`
          : `${url} answered HTTP ${result.status}: ${result.said}`,
        result.status === 401
          ? `send "Authorization: Bearer <token>" with a token the server was started with (MCP_HTTP_TOKEN)`
          : 'check the URL: the MCP endpoint is /mcp',
      )
      return
    case 'not_mcp':
      fail(
        `${url} answered, but not with MCP: ${result.said}`,
        'check the URL: the MCP endpoint is /mcp',
      )
      return
    case 'answered':
      judgeAnswer(result.serverInfo, result.tools, input, verdict)
  }
}

/** The part of the snippets this client reads, or all of them for an unknown client. */
function suggestion(snippets: RegistrationSnippets, client: ClientName | undefined): string {
  const json = (value: unknown): string => JSON.stringify(value, null, 2)
  switch (client) {
    case 'Claude Code':
      return json(snippets.claudeCode.mcpJson)
    case 'Claude Desktop':
      return json(snippets.claudeDesktop.config)
    case 'Cursor':
      return json(snippets.cursor.config)
    case 'VS Code':
      return json(snippets.vscode.config)
    default:
      return [
        'Claude Code (.mcp.json):',
        json(snippets.claudeCode.mcpJson),
        'Claude Desktop (claude_desktop_config.json):',
        json(snippets.claudeDesktop.config),
        'Cursor (.cursor/mcp.json):',
        json(snippets.cursor.config),
        'VS Code (.vscode/mcp.json):',
        json(snippets.vscode.config),
      ].join('\n')
  }
}

function which(command: string, searchPath: string): string | undefined {
  for (const dir of searchPath.split(path.delimiter)) {
    if (dir === '' || !path.isAbsolute(dir)) continue
    const candidate = path.join(dir, command)
    if (isExecutable(candidate)) return candidate
  }
  return undefined
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK)
    return statSync(file).isFile()
  } catch {
    return false
  }
}

function lastLine(text: string): string {
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
  return lines.at(-1)?.slice(0, 300) ?? ''
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string')
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return isObject(value) && Object.values(value).every((item) => typeof item === 'string')
}
