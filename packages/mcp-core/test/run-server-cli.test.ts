import { mkdtempSync, realpathSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import * as z from 'zod'
import { createServer, defineTool } from '@wiki/mcp-core'
import {
  runServerCli,
  UsageError,
  type CliOption,
  type ServerApp,
  type ServerCliIo,
} from '@wiki/mcp-core/node'

// runServerCli in-process: what every app's flags, exit codes, help and registrations are.
// Starting real servers (stdio, HTTP, --check <file>) is in test/e2e/run-server-cli.test.ts.
const PACKAGE_JSON = new URL('fixtures/cli-app/package.json', import.meta.url)
const BIN = realpathSync(fileURLToPath(new URL('fixtures/cli-app/bin.mjs', import.meta.url)))

const options = {
  greeting: {
    flag: '--greeting',
    env: 'GREETING',
    value: 'TEXT',
    help: 'what greet answers',
    required: true,
    register: true,
    placeholder: '<your greeting>',
  },
  mode: {
    flag: '--mode',
    env: 'MODE',
    value: 'M',
    help: 'a tuning',
    default: 'fast',
    register: true,
  },
  dir: { flag: '--dir', env: 'DIR', value: 'DIR', help: 'a folder', path: true, register: true },
  secret: {
    env: 'SECRET',
    value: 'S',
    help: 'never printed',
    secret: true,
    register: true,
    placeholder: '<your secret>',
  },
} satisfies Record<string, CliOption>

const greet = defineTool({
  name: 'greet',
  description: 'Greets.',
  input: z.strictObject({}),
  output: z.strictObject({ text: z.string() }),
  access: 'read',
  handler: () => ({ text: 'hi' }),
})

function app(overrides: Partial<ServerApp<typeof options, { greeting: string }>> = {}) {
  return {
    packageJson: PACKAGE_JSON,
    summary: 'a test app.',
    options,
    settings: (values) => {
      if (values.greeting === undefined) throw new UsageError('GREETING is required')
      return { greeting: values.greeting }
    },
    serve: (_settings, context) => ({
      server: createServer({ name: context.name, version: context.version, tools: [greet] }),
    }),
    ...overrides,
  } satisfies ServerApp<typeof options, { greeting: string }>
}

async function run(
  argv: string[],
  env: Record<string, string> = {},
  overrides: Partial<ServerApp<typeof options, { greeting: string }>> = {},
  io: Partial<ServerCliIo> = {},
) {
  let stdout = ''
  let stderr = ''
  const code = await runServerCli(app(overrides), {
    argv,
    env,
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    ...io,
  })
  return { code, stdout, stderr }
}

describe('runServerCli: --help and --version', () => {
  it('prints help made of the declarations, exit 0, nothing on stderr', async () => {
    const { code, stdout, stderr } = await run(['--help'])
    expect(code).toBe(0)
    expect(stderr).toBe('')
    expect(stdout).toMatch(/^fixture-cli-mcp 1\.2\.3: a test app\.\n/)
    for (const text of [
      '--check <config file>',
      '--greeting TEXT  GREETING',
      'what greet answers (required)',
      'a tuning (default fast)',
      '--http-token T',
      'Exit codes: 0 success, 1 runtime failure, 2 bad usage or settings.',
    ]) {
      expect(stdout).toContain(text)
    }
  })

  it("prints the package's version", async () => {
    expect(await run(['--version'])).toEqual({ code: 0, stdout: '1.2.3\n', stderr: '' })
  })
})

describe('runServerCli: exit codes', () => {
  it('exits 2 on bad usage, naming it on one stderr line and nothing on stdout', async () => {
    for (const argv of [['--bogus'], ['extra'], ['--greeting'], ['--http', '--stdio']]) {
      const result = await run(argv, { GREETING: 'hi' })
      expect(result.code).toBe(2)
      expect(result.stdout).toBe('')
      expect(result.stderr).toMatch(/^fixture-cli-mcp: .+\n$/)
    }
  })

  it("exits 2 when the app's settings refuse, with the app's message", async () => {
    expect(await run([])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'fixture-cli-mcp: GREETING is required\n',
    })
  })

  it('exits 2 when --http has no token, before anything starts', async () => {
    let served = false
    const result = await run(
      ['--http'],
      { GREETING: 'hi' },
      {
        serve: (_s, context) => {
          served = true
          return {
            server: createServer({ name: context.name, version: context.version, tools: [] }),
          }
        },
      },
    )
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('no HTTP token')
    expect(served).toBe(false)
  })

  it('exits 1 on a runtime failure, with the message and never a stack', async () => {
    const result = await run(
      ['--stdio'],
      { GREETING: 'hi' },
      {
        serve: () => {
          throw new Error('the index is corrupt')
        },
      },
    )
    expect(result).toEqual({
      code: 1,
      stdout: '',
      stderr: 'fixture-cli-mcp: the index is corrupt\n',
    })
  })

  it('exits 1 when the server is not named and versioned as the package', async () => {
    const result = await run(
      [],
      { GREETING: 'hi' },
      {
        serve: () => ({
          server: createServer({ name: 'other', version: '9.9.9', tools: [greet] }),
        }),
      },
    )
    expect(result.code).toBe(1)
    expect(result.stderr).toContain(
      'the server is other 9.9.9 but the package is fixture-cli-mcp 1.2.3',
    )
  })
})

describe('runServerCli: the command extension point', () => {
  const command = {
    usage: 'fixture-cli-mcp echo <words…>  print the words',
    run: (
      args: readonly string[],
      settings: { greeting: string },
      context: { stdout: (t: string) => void },
    ) => {
      if (args[0] !== 'echo') throw new UsageError(`unknown command ${args[0]}`)
      context.stdout(`${settings.greeting} ${args.slice(1).join(' ')}\n`)
      return 7
    },
  }

  it("runs the words after the flags, with the command's own flags and exit code", async () => {
    expect(await run(['echo', 'a', '--x', '--greeting', 'yo'], {}, { command })).toEqual({
      code: 7,
      stdout: 'yo a --x\n',
      stderr: '',
    })
  })

  it('lists its usage in --help and maps its UsageError to 2', async () => {
    expect((await run(['--help'], {}, { command })).stdout).toContain(
      'fixture-cli-mcp echo <words…>',
    )
    expect((await run(['nope'], { GREETING: 'hi' }, { command })).code).toBe(2)
  })
})

describe('runServerCli: --check without a file', () => {
  it('prints registrations with this Node and the real bin, both absolute', async () => {
    const { code, stdout, stderr } = await run(['--check'])
    expect(code).toBe(0)
    expect(stderr).toBe('')
    for (const client of ['# Claude Code', '# Claude Desktop', '# Cursor', '# VS Code']) {
      expect(stdout).toContain(client)
    }
    expect(stdout).toContain(`"command": "${process.execPath}"`)
    expect(stdout).toContain(`"${BIN}"`)
    expect(stdout).toContain(
      'claude mcp add --transport http fixture-cli-http http://127.0.0.1:3000/mcp',
    )
    expect(stdout).toContain('${FIXTURE_CLI_MCP_TOKEN}')
  })

  it('carries given settings, paths made absolute, placeholders for the rest, never a secret', async () => {
    const cwd = mkdtempSync(path.join(tmpdir(), 'check-cwd-'))
    const { stdout } = await run(
      ['--check', '--dir', 'sub/folder', '--http-port', '4123'],
      { SECRET: 'never-print-me', MODE: 'fast' },
      {},
      { cwd },
    )
    expect(stdout).toContain(`"DIR": "${path.join(cwd, 'sub/folder')}"`)
    expect(stdout).toContain('"GREETING": "<your greeting>"')
    expect(stdout).toContain('"SECRET": "<your secret>"')
    expect(stdout).not.toContain('never-print-me')
    // A value equal to its default is left out; the HTTP port is the one given.
    expect(stdout).not.toContain('"MODE"')
    expect(stdout).toContain('http://127.0.0.1:4123/mcp')
  })

  it('needs no valid settings: registrations are printed before the server could start', async () => {
    expect((await run(['--check'], {})).code).toBe(0)
  })
})

describe('runServerCli: --check <file> errors', () => {
  it('exits 2 when the file cannot be read or is not JSON', async () => {
    const missing = await run(['--check', '/nonexistent/claude_desktop_config.json'])
    expect(missing.code).toBe(2)
    expect(missing.stderr).toContain(
      'cannot read the client config /nonexistent/claude_desktop_config.json (ENOENT)',
    )
  })
})
