// The MCP Inspector CLI against the spawned fixture, over stdio and HTTP. How the Inspector
// is run, and how its one JSON result is read, lives in inspector-cli.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FIXTURE, startHttpFixture, type HttpFixture } from './helpers.js'
import { inspectorResult, runInspector } from './inspector-cli.js'

const STDIO_TARGET = ['node', FIXTURE, 'stdio']

describe('Inspector CLI over stdio', () => {
  it('lists tools with --strict and exits 0', async () => {
    const result = await inspectorResult<{ tools: { name: string }[] }>([
      ...STDIO_TARGET,
      '--method',
      'tools/list',
      '--strict',
    ])
    expect(result.tools.map((tool) => tool.name)).toContain('test_tool_with_progress')
  })

  it('calls add with JSON arguments', async () => {
    const result = await inspectorResult([
      ...STDIO_TARGET,
      '--method',
      'tools/call',
      '--tool-name',
      'add',
      '--tool-args-json',
      '{"a":2,"b":3}',
    ])
    expect(result).toMatchObject({ structuredContent: { sum: 5 } })
  })

  it('gets a prompt with arguments', async () => {
    const result = await inspectorResult<{ messages: { content: { text: string } }[] }>([
      ...STDIO_TARGET,
      '--method',
      'prompts/get',
      '--prompt-name',
      'test_prompt_with_arguments',
      '--prompt-args',
      'arg1=x',
      'arg2=y',
    ])
    expect(result.messages[0]?.content.text).toBe("Prompt with arguments: arg1='x', arg2='y'")
  })

  it('exits 5 for an isError result and for an unknown tool', async () => {
    const failed = await runInspector([
      ...STDIO_TARGET,
      '--method',
      'tools/call',
      '--tool-name',
      'fail_expected',
    ])
    expect(failed).toMatchObject({ code: 5 })
    const unknown = await runInspector([
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
  /** The fixture's endpoint with its bearer header. */
  let target: string[]
  beforeAll(async () => {
    http = await startHttpFixture()
    target = ['--server-url', http.url, '--header', `Authorization: Bearer ${http.token}`]
  })
  afterAll(async () => {
    await http.close()
  })

  it('calls add with the bearer header', async () => {
    const result = await inspectorResult([
      '--transport',
      'http',
      ...target,
      '--method',
      'tools/call',
      '--tool-name',
      'add',
      '--tool-args-json',
      '{"a":2,"b":3}',
    ])
    expect(result).toMatchObject({ structuredContent: { sum: 5 } })
  })

  it('lists tools with --strict over HTTP', async () => {
    const result = await inspectorResult<{ tools: unknown[] }>([
      ...target,
      '--method',
      'tools/list',
      '--strict',
    ])
    expect(result.tools).toHaveLength(15)
  })

  it('falls back to the legacy era with --protocol-era auto', async () => {
    // The CLI does not print the era it chose; the server speaks only legacy revisions, so a
    // tools/list that succeeds after the `server/discover` probe means the fallback happened.
    const result = await inspectorResult<{ tools: unknown[] }>([
      ...target,
      '--protocol-era',
      'auto',
      '--method',
      'tools/list',
    ])
    expect(result.tools).toHaveLength(15)
  })

  it('exits 3 (auth required) without the header', async () => {
    const run = await runInspector([
      '--stored-auth-only',
      '--server-url',
      http.url,
      '--method',
      'tools/list',
    ])
    expect(run).toMatchObject({ code: 3 })
  })
})
