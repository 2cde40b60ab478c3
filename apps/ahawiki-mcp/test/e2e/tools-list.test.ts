import { McpError } from '@modelcontextprotocol/sdk/types.js'
import { afterEach, describe, expect, it } from 'vitest'
import type { FakeAhaWiki } from '../fake/fake-ahawiki.mjs'
import { startApp, startFake, stopFake, type RunningApp } from './harness.js'

const READ_TOOLS = [
  'ahawiki_search',
  'ahawiki_read_page',
  'ahawiki_list_pages',
  'ahawiki_recent_changes',
]

let fake: FakeAhaWiki
let app: RunningApp | undefined
afterEach(async () => {
  await app?.close()
  app = undefined
  await stopFake(fake)
})

async function toolNames(env: Record<string, string>) {
  fake = await startFake({ pages: [{ name: 'A', text: 'a' }] })
  app = await startApp(fake, env)
  return (await app.client.listTools()).tools
}

describe('ahawiki-mcp tools/list', () => {
  it.each(['', 'true', 'yes', '0', ' 1', '1 ', 'on'])(
    'offers the four read tools when AHAWIKI_MCP_WRITE=%j',
    async (value) => {
      const tools = await toolNames(value === '' ? {} : { AHAWIKI_MCP_WRITE: value })
      expect(tools.map((t) => t.name)).toEqual(READ_TOOLS)
      for (const tool of tools) {
        expect(tool.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: true })
      }
    },
  )

  it('adds ahawiki_save_page last with AHAWIKI_MCP_WRITE=1, marked destructive', async () => {
    const tools = await toolNames({ AHAWIKI_MCP_WRITE: '1' })
    expect(tools.map((t) => t.name)).toEqual([...READ_TOOLS, 'ahawiki_save_page'])
    expect(tools[4]!.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: false,
      openWorldHint: true,
    })
    expect(tools[4]!.inputSchema).toMatchObject({
      required: expect.arrayContaining(['name', 'text', 'revision', 'comment']),
      additionalProperties: false,
    })
  })

  it('answers a save call without the switch as an unknown tool (-32602), sending nothing', async () => {
    await toolNames({})
    const call = app!.call('ahawiki_save_page', {
      name: 'A',
      text: 'b',
      revision: 1,
      comment: 'c',
    })
    await expect(call).rejects.toBeInstanceOf(McpError)
    await expect(call).rejects.toMatchObject({ code: -32602 })
    expect(fake.requests).toEqual([])
  })

  it('initializes as ahawiki-mcp with instructions about revisions and KST', async () => {
    await toolNames({})
    expect(app!.client.getServerVersion()?.name).toBe('ahawiki-mcp')
    const instructions = app!.client.getInstructions() ?? ''
    expect(instructions).toContain('revision_conflict')
    expect(instructions).toContain('KST')
    // No wiki request happens at start-up.
    expect(fake.requests).toEqual([])
  })

  it('logs start-up and each wiki request as one stderr line, without headers', async () => {
    await toolNames({})
    await app!.call('ahawiki_read_page', { name: 'A' })
    const lines = app!.stderr().trim().split('\n')
    expect(lines[0]).toMatch(
      // Every app's start-up line: `<name>: <version> on <transport>; <what the app adds>`.
      /^ahawiki-mcp: \d+\.\d+\.\d+\S* on stdio; wiki http:\/\/127\.0\.0\.1:\d+, write off$/,
    )
    expect(lines).toContainEqual(
      expect.stringMatching(/^ahawiki-mcp: GET \/api\/v1\/page\/A 200 \d+ms attempt 1$/),
    )
    expect(app!.stderr()).not.toMatch(/authorization|bearer/i)
  })
})
