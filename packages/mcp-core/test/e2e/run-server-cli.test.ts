// An app on runServerCli, run as a process and driven by the official SDK client: the version it
// reports, its one error mapping (onError), a secret setting kept out of stderr, a clean exit.
import { realpathSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { describe, expect, it } from 'vitest'
import { within } from './helpers.js'

const BIN = realpathSync(fileURLToPath(new URL('../fixtures/cli-app/bin.mjs', import.meta.url)))
const SECRET = 'fixture-secret-Qz81-never-print'

describe('an app on runServerCli over stdio', () => {
  it('serves its package version, maps errors in one place and keeps its secret off stderr', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN],
      env: {
        PATH: process.env.PATH ?? '',
        FIXTURE_GREETING: 'hello',
        FIXTURE_SECRET: SECRET,
      },
      stderr: 'pipe',
    })
    let stderr = ''
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')))
    const client = new Client({ name: 'e2e', version: '1' })
    await client.connect(transport)
    try {
      expect(client.getServerVersion()).toMatchObject({ name: 'fixture-cli-mcp', version: '1.2.3' })
      const greeted = await client.callTool({ name: 'greet', arguments: {} })
      expect(greeted.structuredContent).toEqual({ text: 'hello' })

      const expected = await client.callTool({ name: 'fail', arguments: { expected: true } })
      expect(expected.isError).toBe(true)
      const text = (expected.content as { text: string }[])[0]!.text
      expect(JSON.parse(text)).toEqual({ error: 'it failed as asked', code: 'fixture_failure' })

      const bug = await client.callTool({ name: 'fail', arguments: { expected: false } })
      const payload = JSON.parse((bug.content as { text: string }[])[0]!.text) as {
        code: string
        ref: string
      }
      expect(payload.code).toBe('internal_error')
      expect(JSON.stringify(payload)).not.toContain('a bug with a detail')
      await within(
        5000,
        'the ref in the log',
        (async () => {
          while (!stderr.includes(payload.ref)) await new Promise((r) => setTimeout(r, 20))
        })(),
      )
    } finally {
      await client.close()
    }
    expect(stderr).toContain('fixture-cli-mcp: 1.2.3 on stdio; greeting hello\n')
    expect(stderr).toContain('fixture-cli-mcp: the secret is [redacted]\n')
    expect(stderr).not.toContain(SECRET)
  })
})
