import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, isAbsolute, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readWorkspacePackages, repoPath } from '../../src/index.js'

// What `--check` prints is what users paste into their clients. Every JSON file it prints must
// parse, and every stdio entry in it, launched exactly as a client would, must answer initialize.
// `--check <file>` then reads those files as each client keeps them and starts their entries.
const apps = readWorkspacePackages().filter((p) => p.group === 'apps')

interface StdioEntry {
  command: string
  args: string[]
  env?: Record<string, string>
  type?: string
}

/** The top-level JSON objects of the output: each starts with a line `{` and ends with `}`. */
function jsonBlocks(text: string): unknown[] {
  const blocks: unknown[] = []
  let current: string[] | undefined
  for (const line of text.split('\n')) {
    if (current === undefined && line === '{') current = []
    if (current === undefined) continue
    current.push(line)
    if (line === '}') {
      blocks.push(JSON.parse(current.join('\n')))
      current = undefined
    }
  }
  return blocks
}

function stdioEntries(block: unknown): StdioEntry[] {
  const record = block as {
    mcpServers?: Record<string, unknown>
    servers?: Record<string, unknown>
  }
  const servers = record.mcpServers ?? record.servers ?? {}
  return Object.values(servers).filter(
    (entry): entry is StdioEntry =>
      typeof entry === 'object' &&
      entry !== null &&
      'args' in entry &&
      (entry as StdioEntry).args.includes('--stdio'),
  )
}

/** Placeholders such as `<your key>` or `/abs/path/to/wiki` stand for values the user fills in. */
function fillIn(env: Record<string, string> | undefined): Record<string, string> {
  const filled: Record<string, string> = {}
  for (const [key, value] of Object.entries(env ?? {})) {
    if (!/^<.*>$/.test(value) && !value.startsWith('/abs/')) filled[key] = value
    else if (key.endsWith('_URL')) filled[key] = 'http://127.0.0.1:9'
    else if (key.endsWith('_PATH') || key.endsWith('_DIR'))
      filled[key] = mkdtempSync(join(tmpdir(), 'registration-'))
    else filled[key] = 'registration-test-value'
  }
  return filled
}

describe.each(apps)('$json.name --check', (app) => {
  const check = spawnSync(process.execPath, [repoPath('apps', app.folder, 'bin.js'), '--check'], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '' },
  })

  it('exits 0 and prints parseable JSON for every client', () => {
    expect(check.status).toBe(0)
    for (const client of ['Claude Code', 'Claude Desktop', 'Cursor', 'VS Code']) {
      expect(check.stdout).toContain(`# ${client}`)
    }
    expect(jsonBlocks(check.stdout).length).toBeGreaterThanOrEqual(4)
  })

  it("--version prints the package's own version", () => {
    const version = spawnSync(
      process.execPath,
      [repoPath('apps', app.folder, 'bin.js'), '--version'],
      {
        encoding: 'utf8',
        env: { PATH: process.env.PATH ?? '' },
      },
    )
    expect(version.status).toBe(0)
    expect(version.stdout).toBe(`${app.json.version}\n`)
  })

  it('prints absolute paths only: the command, the bin and every path setting', () => {
    const entries = jsonBlocks(check.stdout).flatMap(stdioEntries)
    const paths = entries.flatMap((entry) => [
      entry.command,
      entry.args[0]!,
      ...Object.entries(entry.env ?? {})
        .filter(([name, value]) => /_(PATH|DIR|OFFLINE)$/.test(name) && !/^<.*>$/.test(value))
        .map(([, value]) => value),
    ])
    expect(paths.length).toBeGreaterThanOrEqual(8)
    expect(paths.filter((path) => !isAbsolute(path))).toEqual([])
  })

  it('prints stdio entries that start the server and answer initialize', () => {
    const entries = jsonBlocks(check.stdout).flatMap(stdioEntries)
    expect(entries.length).toBeGreaterThanOrEqual(4)
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 'registration-test', version: '0' },
      },
    }
    for (const entry of entries) {
      // Clients start servers from an unrelated directory with a minimal environment.
      const run = spawnSync(entry.command, entry.args, {
        cwd: tmpdir(),
        input: `${JSON.stringify(initialize)}\n`,
        encoding: 'utf8',
        env: { PATH: '/usr/bin:/bin', ...fillIn(entry.env) },
        timeout: 20_000,
      })
      const reply = JSON.parse(run.stdout.trim().split('\n')[0] ?? '{}') as {
        id?: number
        result?: { serverInfo?: { name?: string; version?: string } }
      }
      expect(reply.id).toBe(1)
      expect(reply.result?.serverInfo?.name).toBe(app.folder)
      // The package's own version, read from its package.json in one place (runServerCli).
      expect(reply.result?.serverInfo?.version).toBe(app.json.version)
    }
  })
})

/** Where each client keeps its configuration, in the order `--check` prints them. */
const CLIENT_FILES = [
  ['Claude Code', '.mcp.json'],
  ['Claude Desktop', 'claude_desktop_config.json'],
  ['Cursor', '.cursor/mcp.json'],
  ['VS Code', '.vscode/mcp.json'],
] as const

/** The printed configuration with its stdio entries only, placeholders filled in. */
function stdioOnly(block: unknown): Record<string, unknown> {
  const record = block as {
    mcpServers?: Record<string, StdioEntry>
    servers?: Record<string, StdioEntry>
  }
  const field = record.mcpServers ? 'mcpServers' : 'servers'
  const servers: Record<string, StdioEntry> = {}
  for (const [key, entry] of Object.entries(record[field] ?? {})) {
    if (Array.isArray(entry.args) && entry.args.includes('--stdio')) {
      servers[key] = { ...entry, ...(entry.env ? { env: fillIn(entry.env) } : {}) }
    }
  }
  return { [field]: servers }
}

describe.each(apps)('$json.name --check <client config file>', (app) => {
  const bin = repoPath('apps', app.folder, 'bin.js')
  const blocks = jsonBlocks(
    spawnSync(process.execPath, [bin, '--check'], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '' },
    }).stdout,
  )

  function checkFile(relative: string, config: unknown) {
    const project = mkdtempSync(join(tmpdir(), 'registration-check-'))
    const file = join(project, relative)
    mkdirSync(dirname(file), { recursive: true })
    writeFileSync(file, JSON.stringify(config, null, 2))
    const run = spawnSync(process.execPath, [bin, '--check', file], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', HOME: tmpdir() },
      timeout: 60_000,
    })
    return { file, code: run.status, stdout: run.stdout, stderr: run.stderr }
  }

  it.each(CLIENT_FILES.map(([client, file], index) => ({ client, file, index })))(
    'starts the printed $client registration and says it answers',
    ({ client, file, index }) => {
      const result = checkFile(file, stdioOnly(blocks[index]))
      expect(result.stdout).toContain(`${result.file} (${client})`)
      expect(result.stdout).toMatch(
        new RegExp(`ok {4}\\S+: ${app.json.name} \\S+ answered initialize and listed \\d+ tools`),
      )
      expect(result.code).toBe(0)
    },
  )

  it.each(CLIENT_FILES.map(([client, file], index) => ({ client, file, index })))(
    'reports a $client registration that names the bin by a relative path, with the fix',
    ({ file, index }) => {
      const config = stdioOnly(blocks[index]) as Record<string, Record<string, StdioEntry>>
      const servers = Object.values(config)[0]!
      for (const entry of Object.values(servers)) {
        entry.args = entry.args.map((arg) =>
          arg.endsWith('bin.js') ? `apps/${app.folder}/bin.js` : arg,
        )
      }
      const result = checkFile(file, config)
      expect(result.code).toBe(1)
      expect(result.stdout).toContain(`apps/${app.folder}/bin.js is a relative path`)
      expect(result.stdout).toContain(
        `this ${app.json.name} is ${repoPath('apps', app.folder, 'bin.js')}`,
      )
    },
  )
})
