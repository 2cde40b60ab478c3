// `--check <client config file>` on real registrations of the four clients: every entry is
// started as that client would start it (a real process), asked initialize and tools/list, and
// reported on. The program checked is the fixture app (test/fixtures/cli-app), run from its
// built bin as a user would run it.
import { spawn, spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runServerCli } from '@wiki/mcp-core/node'
import { FIXTURE, newToken, within } from './helpers.js'

const BIN = realpathSync(fileURLToPath(new URL('../fixtures/cli-app/bin.mjs', import.meta.url)))
const PACKAGE_JSON = new URL('../fixtures/cli-app/package.json', import.meta.url)
const NODE = process.execPath
const PATH = process.env.PATH ?? ''
const GONE = path.join(path.dirname(BIN), 'gone.mjs')
const ANSWERED = 'fixture-cli-mcp 1.2.3 answered initialize and listed 2 tools (greet, fail)'

/** A config file at `relative` inside a fresh project folder. */
function configFile(relative: string, json: unknown): string {
  const project = mkdtempSync(path.join(tmpdir(), 'check-registration-'))
  const file = path.join(project, relative)
  mkdirSync(path.dirname(file), { recursive: true })
  writeFileSync(file, typeof json === 'string' ? json : JSON.stringify(json, null, 2))
  return file
}

/** `fixture-cli-mcp --check <file>` as a user runs it. */
function check(file: string, env: Record<string, string> = {}) {
  const result = spawnSync(NODE, [BIN, '--check', file], {
    encoding: 'utf8',
    env: { PATH, HOME: process.env.HOME ?? tmpdir(), ...env },
    timeout: 60_000,
  })
  return { code: result.status, stdout: result.stdout, stderr: result.stderr }
}

const good = { command: NODE, args: [BIN, '--stdio'], env: { FIXTURE_GREETING: 'hi' } }

describe('--check <file>: a good registration of each client starts and answers', () => {
  it.each([
    ['Claude Desktop', 'claude_desktop_config.json', { mcpServers: { 'fixture-cli': good } }],
    ['Claude Code', '.mcp.json', { mcpServers: { 'fixture-cli': { type: 'stdio', ...good } } }],
    ['Cursor', '.cursor/mcp.json', { mcpServers: { 'fixture-cli': good } }],
    ['VS Code', '.vscode/mcp.json', { servers: { fixtureCli: { type: 'stdio', ...good } } }],
  ])('%s', (client, relative, json) => {
    const file = configFile(relative, json)
    const result = check(file)
    expect(result.stderr).toBe('')
    expect(result.stdout).toContain(`${file} (${client})`)
    expect(result.stdout).toContain(`ok    `)
    expect(result.stdout).toContain(ANSWERED)
    expect(result.stdout).toContain(`Every fixture-cli-mcp entry starts and answers.`)
    expect(result.code).toBe(0)
  })

  it("expands each client's variables as it does, and never starts other servers", () => {
    const marker = path.join(mkdtempSync(path.join(tmpdir(), 'marker-')), 'ran')
    const other = { command: NODE, args: ['-e', `require('fs').writeFileSync('${marker}', '')`] }
    const cursor = configFile('.cursor/mcp.json', {
      mcpServers: {
        other,
        'fixture-cli': { ...good, env: { FIXTURE_GREETING: '${env:GREETING_HERE}' } },
      },
    })
    const result = check(cursor, { GREETING_HERE: 'hello' })
    expect(result.stdout).toContain(ANSWERED)
    expect(result.code).toBe(0)
    const code = configFile('.mcp.json', {
      mcpServers: {
        'fixture-cli': { ...good, env: { FIXTURE_GREETING: '${GREETING_HERE:-hey}' } },
      },
    })
    expect(check(code).code).toBe(0)
    expect(spawnSync('test', ['-e', marker]).status).toBe(1)
  })

  it('reads VS Code JSONC with comments and trailing commas', () => {
    const file = configFile(
      '.vscode/mcp.json',
      `{
        // the fixture
        "servers": {
          "fixtureCli": { "type": "stdio", "command": ${JSON.stringify(NODE)}, "args": [${JSON.stringify(BIN)}, "--stdio",], "env": { "FIXTURE_GREETING": "hi" }, },
        },
      }`,
    )
    expect(check(file).code).toBe(0)
  })
})

describe('--check <file>: broken registrations, each with what is wrong and the fix', () => {
  /** Runs the check and returns its report; it must fail with exit 1 and offer a registration. */
  function broken(relative: string, json: unknown, env: Record<string, string> = {}): string {
    const result = check(configFile(relative, json), env)
    expect(result.code).toBe(1)
    expect(result.stdout).toContain('FAIL')
    expect(result.stdout).toContain('fix: ')
    // The registration that works here follows, with absolute paths only.
    expect(result.stdout).toContain(`"command": "${NODE}"`)
    expect(result.stdout).toContain(`"${BIN}"`)
    return result.stdout
  }

  it('Claude Desktop: a relative path, a bare command, a missing variable', () => {
    const report = broken('claude_desktop_config.json', {
      mcpServers: {
        'fixture-cli': { command: 'node', args: ['cli-app/bin.mjs', '--stdio'] },
      },
    })
    expect(report).toContain('args[0] cli-app/bin.mjs is a relative path')
    expect(report).toContain(`this fixture-cli-mcp is ${BIN}`)
    expect(report).toMatch(
      /warn {2}mcpServers\["fixture-cli"\]: "command" node is looked up on PATH/,
    )
    expect(report).toContain('the variable FIXTURE_GREETING is missing')
    expect(report).toContain('add "FIXTURE_GREETING": "<your greeting>" to the entry\'s "env"')
  })

  it('Claude Desktop: ${VAR} is passed on literally', () => {
    const report = broken('claude_desktop_config.json', {
      mcpServers: { 'fixture-cli': { ...good, env: { FIXTURE_GREETING: '${GREETING}' } } },
    })
    expect(report).toContain(
      'env.FIXTURE_GREETING holds ${GREETING}, which this client passes on literally',
    )
  })

  it('Claude Code: a command not found, and a variable not set', () => {
    const report = broken('.mcp.json', {
      mcpServers: {
        'fixture-cli': { command: 'fixture-cli-mcp', args: ['--stdio'], env: good.env },
        'fixture-cli-env': { ...good, env: { FIXTURE_GREETING: '${NOT_SET_ANYWHERE}' } },
      },
    })
    expect(report).toContain('command not found: fixture-cli-mcp is on no folder of PATH')
    expect(report).toContain('reads the variable NOT_SET_ANYWHERE, which is not set here')
    expect(report).toContain('2 of 2 fixture-cli-mcp entries cannot be started by the client')
  })

  it('Cursor: the server refuses its settings and exits', () => {
    const report = broken('.cursor/mcp.json', {
      mcpServers: {
        'fixture-cli': { ...good, env: { ...good.env, FIXTURE_DIR: '/nonexistent/folder' } },
      },
    })
    expect(report).toContain(
      'the server refused its settings and exited: fixture-cli-mcp: FIXTURE_DIR "/nonexistent/folder" must be an existing folder',
    )
  })

  it('Cursor: a relative folder setting and a command that is not executable', () => {
    const report = broken('.cursor/mcp.json', {
      mcpServers: {
        'fixture-cli': { ...good, env: { ...good.env, FIXTURE_DIR: 'data' } },
        'fixture-cli-script': { command: BIN.replace(/bin\.mjs$/, 'package.json'), args: [] },
      },
    })
    expect(report).toContain('env.FIXTURE_DIR data is a relative path')
    expect(report).toContain('package.json exists but is not executable')
  })

  it('VS Code: a placeholder left in, an input only VS Code knows, a server that exits', () => {
    const report = broken('.vscode/mcp.json', {
      inputs: [{ type: 'promptString', id: 'greeting' }],
      servers: {
        fixtureCli: { type: 'stdio', ...good, env: { FIXTURE_GREETING: '<your greeting>' } },
        fixtureCliInput: { ...good, env: { FIXTURE_GREETING: '${input:greeting}' } },
        fixtureCliGone: { command: NODE, args: [GONE, '--stdio'], env: good.env },
        fixtureCliCrash: {
          command: NODE,
          args: ['-e', 'console.error("boom: cannot open the index"); process.exit(3)'],
          env: good.env,
        },
      },
    })
    expect(report).toContain('env.FIXTURE_GREETING is still the placeholder <your greeting>')
    expect(report).toContain('holds ${input:greeting}, whose value only the client knows')
    expect(report).toContain(`args[0] ${GONE} does not exist`)
    expect(report).toContain(
      'the server exited with code 3 before answering initialize: boom: cannot open the index',
    )
  })

  it('VS Code: another server under our name, and output that is not MCP', () => {
    const report = broken('.vscode/mcp.json', {
      servers: {
        fixtureCli: { command: NODE, args: [FIXTURE, 'stdio'], env: good.env },
        fixtureCliChatty: {
          command: NODE,
          args: ['-e', 'console.log("hello from a wrapper")'],
          env: good.env,
        },
      },
    })
    expect(report).toMatch(/it answers as \S+ \S+, not fixture-cli-mcp/)
    expect(report).toContain(
      'the command wrote something that is not an MCP answer on stdout: hello from a wrapper',
    )
  })

  it('a file without our server names the others and shows what to add', () => {
    const result = check(
      configFile('claude_desktop_config.json', {
        mcpServers: { other: { command: 'rm', args: ['-rf', '/nonexistent-check'] } },
      }),
    )
    expect(result.code).toBe(1)
    expect(result.stdout).toContain('FAIL  no fixture-cli-mcp entry: it registers other')
    expect(result.stdout).toContain('Add this Claude Desktop registration:')
  })

  it('a file that cannot be read is bad usage: exit 2 on stderr', () => {
    const result = check('/nonexistent/claude_desktop_config.json')
    expect(result.code).toBe(2)
    expect(result.stdout).toBe('')
    expect(result.stderr).toContain('cannot read the client config')
  })
})

describe('--check <file>: a server that starts and answers nothing', () => {
  it('is reported after the time limit, with the fix', async () => {
    const file = configFile('claude_desktop_config.json', {
      mcpServers: {
        'fixture-cli': {
          command: NODE,
          args: ['-e', 'console.error("waiting for a password"); setInterval(() => {}, 1000)'],
        },
      },
    })
    let stdout = ''
    const code = await runServerCli(
      { ...(await fixtureApp()), packageJson: PACKAGE_JSON },
      {
        argv: ['--check', file],
        env: { PATH },
        stdout: (text) => (stdout += text),
        stderr: () => {},
        checkTimeoutMs: 1500,
      },
    )
    expect(code).toBe(1)
    expect(stdout).toContain(
      'the server started but answered nothing within 1500 ms (its last words: waiting for a password)',
    )
  })
})

describe('--check <file>: HTTP registrations', () => {
  let server: ReturnType<typeof spawn> | undefined
  let url = ''
  const token = newToken()

  beforeAll(async () => {
    server = spawn(NODE, [BIN, '--http', '--http-port', '0'], {
      env: { PATH, FIXTURE_GREETING: 'hi', MCP_HTTP_TOKEN: token },
    })
    url = await within(
      20_000,
      'fixture app --http',
      new Promise<string>((resolve, reject) => {
        let stderr = ''
        server!.stderr!.setEncoding('utf8')
        server!.stderr!.on('data', (chunk: string) => {
          stderr += chunk
          const match = / on (http:\S+?);/.exec(stderr)
          if (match) resolve(match[1]!)
        })
        server!.once('exit', () => reject(new Error(`exited: ${stderr}`)))
      }),
    )
  })
  afterAll(() => {
    server?.kill('SIGTERM')
  })

  it('checks a VS Code and a Claude Code HTTP entry with the token they send', () => {
    const vscode = configFile('.vscode/mcp.json', {
      servers: {
        fixtureCliHttp: {
          type: 'http',
          url,
          headers: { Authorization: 'Bearer ${env:FIXTURE_CLI_MCP_TOKEN}' },
        },
      },
    })
    const result = check(vscode, { FIXTURE_CLI_MCP_TOKEN: token })
    expect(result.stdout).toContain(ANSWERED)
    expect(result.code).toBe(0)
    const code = configFile('.mcp.json', {
      mcpServers: {
        'fixture-cli-http': {
          type: 'http',
          url,
          headers: { Authorization: 'Bearer ${FIXTURE_CLI_MCP_TOKEN}' },
        },
      },
    })
    expect(check(code, { FIXTURE_CLI_MCP_TOKEN: token }).code).toBe(0)
  })

  it("checks the URL behind Claude Desktop's mcp-remote bridge, with its header", () => {
    const bridge = (authorization: string) =>
      configFile('claude_desktop_config.json', {
        mcpServers: {
          'fixture-cli-http': {
            command: 'npx',
            args: ['-y', 'mcp-remote@0.15.1', url, '--header', 'Authorization:${AUTH_HEADER}'],
            env: { AUTH_HEADER: authorization },
          },
        },
      })
    const working = check(bridge(`Bearer ${token}`))
    expect(working.stdout).toContain(`it starts mcp-remote, which connects to ${url}`)
    expect(working.stdout).toContain(ANSWERED)
    expect(working.code).toBe(0)
    const pasted = check(bridge('Bearer <token>'))
    expect(pasted.stdout).toContain(
      'the Authorization header is still a placeholder: Bearer <token>',
    )
    expect(pasted.code).toBe(1)
  })

  it('reports a refused token and a URL where nothing listens', async () => {
    const closed = await closedPort()
    const report = check(
      configFile('.cursor/mcp.json', {
        mcpServers: {
          'fixture-cli-http': { url, headers: { Authorization: `Bearer ${newToken()}` } },
          'fixture-cli-http-old': { url: `http://127.0.0.1:${closed}/mcp` },
        },
      }),
    )
    expect(report.code).toBe(1)
    expect(report.stdout).toContain(`${url} refused the token (HTTP 401)`)
    expect(report.stdout).toContain(`no answer from http://127.0.0.1:${closed}/mcp (ECONNREFUSED)`)
  })
})

/** The fixture app's definition, for the one in-process check (a short time limit). */
async function fixtureApp() {
  const { createServer } = await import('@wiki/mcp-core')
  return {
    summary: 'fixture',
    options: {},
    settings: () => ({}),
    serve: (_settings: object, context: { name: string; version: string }) => ({
      server: createServer({ name: context.name, version: context.version, tools: [] }),
    }),
  }
}

/** A port nothing listens on: bound once by us, then closed. */
async function closedPort(): Promise<number> {
  const { createServer } = await import('node:net')
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as { port: number }
  await new Promise((resolve) => probe.close(resolve))
  return port
}
