// The MCP Inspector CLI (§10.2) against the spawned fixture. The Inspector is not a dependency: it
// declares Node ≥ 22.19, yet its `--cli` runs on Node 20, so it is run through `pnpm dlx` with the
// engine check off (the download is cached after the first run).
import { execFile } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FIXTURE, PACKAGE_DIR, startHttpFixture, type HttpFixture } from './helpers.js'

const INSPECTOR = [
  '--config.engine-strict=false',
  '--silent',
  'dlx',
  '@modelcontextprotocol/inspector@2.12.0',
  '--cli',
]

interface Run {
  code: number | null
  stdout: string
  stderr: string
}

function inspector(args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      'pnpm',
      [...INSPECTOR, ...args],
      { cwd: PACKAGE_DIR, timeout: 90_000, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : null) : 0
        resolve({ code, stdout, stderr })
      },
    )
  })
}

/** stdout must be exactly one JSON line holding a `result`. */
function onlyResult(run: Run): Record<string, unknown> {
  const lines = run.stdout.split('\n').filter((line) => line.trim() !== '')
  if (lines.length !== 1) throw new Error(`expected one stdout line, got:\n${run.stdout}`)
  const value = JSON.parse(lines[0]!) as { result?: Record<string, unknown> }
  if (!value.result) throw new Error(`expected {"result":…}, got:\n${run.stdout}`)
  return value.result
}

const QUIET = ['-q', '--format', 'json']
const STDIO_TARGET = ['node', FIXTURE, 'stdio']

describe('Inspector CLI over stdio', () => {
  it('lists tools with --strict and exits 0', async () => {
    const run = await inspector([...QUIET, ...STDIO_TARGET, '--method', 'tools/list', '--strict'])
    expect(run).toMatchObject({ code: 0 })
    const result = onlyResult(run) as { tools: { name: string }[] }
    expect(result.tools.map((tool) => tool.name)).toContain('test_tool_with_progress')
  })

  it('calls add with JSON arguments', async () => {
    const run = await inspector([
      ...QUIET,
      ...STDIO_TARGET,
      '--method',
      'tools/call',
      '--tool-name',
      'add',
      '--tool-args-json',
      '{"a":2,"b":3}',
    ])
    expect(run).toMatchObject({ code: 0 })
    expect(onlyResult(run)).toMatchObject({ structuredContent: { sum: 5 } })
  })

  it('gets a prompt with arguments', async () => {
    const run = await inspector([
      ...QUIET,
      ...STDIO_TARGET,
      '--method',
      'prompts/get',
      '--prompt-name',
      'test_prompt_with_arguments',
      '--prompt-args',
      'arg1=x',
      'arg2=y',
    ])
    expect(run).toMatchObject({ code: 0 })
    const result = onlyResult(run) as { messages: { content: { text: string } }[] }
    expect(result.messages[0]?.content.text).toBe("Prompt with arguments: arg1='x', arg2='y'")
  })

  it('exits 5 for an isError result and for an unknown tool', async () => {
    const failed = await inspector([
      ...QUIET,
      ...STDIO_TARGET,
      '--method',
      'tools/call',
      '--tool-name',
      'fail_expected',
    ])
    expect(failed).toMatchObject({ code: 5 })
    const unknown = await inspector([
      ...QUIET,
      ...STDIO_TARGET,
      '--method',
      'tools/call',
      '--tool-name',
      'no_such_tool',
    ])
    expect(unknown).toMatchObject({ code: 5 })
  })
})

describe('Inspector CLI over HTTP', () => {
  let http: HttpFixture
  let header: string
  beforeAll(async () => {
    http = await startHttpFixture()
    header = `Authorization: Bearer ${http.token}`
  })
  afterAll(async () => {
    await http.close()
  })

  it('calls add with the bearer header', async () => {
    const run = await inspector([
      ...QUIET,
      '--transport',
      'http',
      '--server-url',
      http.url,
      '--header',
      header,
      '--method',
      'tools/call',
      '--tool-name',
      'add',
      '--tool-args-json',
      '{"a":2,"b":3}',
    ])
    expect(run).toMatchObject({ code: 0 })
    expect(onlyResult(run)).toMatchObject({ structuredContent: { sum: 5 } })
  })

  it('lists tools with --strict over HTTP', async () => {
    const run = await inspector([
      ...QUIET,
      '--server-url',
      http.url,
      '--header',
      header,
      '--method',
      'tools/list',
      '--strict',
    ])
    expect(run).toMatchObject({ code: 0 })
    expect((onlyResult(run) as { tools: unknown[] }).tools).toHaveLength(15)
  })

  it('falls back to the legacy era with --protocol-era auto', async () => {
    // The CLI does not print the era it chose; the server speaks only legacy revisions, so a
    // tools/list that succeeds after the `server/discover` probe means the fallback happened.
    const run = await inspector([
      ...QUIET,
      '--server-url',
      http.url,
      '--header',
      header,
      '--protocol-era',
      'auto',
      '--method',
      'tools/list',
    ])
    expect(run).toMatchObject({ code: 0 })
    expect((onlyResult(run) as { tools: unknown[] }).tools).toHaveLength(15)
  })

  it('exits 3 (auth required) without the header', async () => {
    const run = await inspector([
      ...QUIET,
      '--stored-auth-only',
      '--server-url',
      http.url,
      '--method',
      'tools/list',
    ])
    expect(run).toMatchObject({ code: 3 })
  })
})
