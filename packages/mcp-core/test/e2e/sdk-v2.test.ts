// The SDK v2 client (2.4.0) with automatic version negotiation: it probes `server/discover`, gets
// a fast -32601 and falls back to the legacy `initialize` handshake.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FIXTURE, PACKAGE_DIR, startHttpFixture, type HttpFixture } from './helpers.js'

function newClient(): Client {
  return new Client(
    { name: 'e2e-sdk-v2', version: '0.0.1' },
    { versionNegotiation: { mode: 'auto' } },
  )
}

/** What a short legacy session sees, for one comparison per test. */
async function exercise(client: Client) {
  const { tools } = await client.listTools()
  const result = await client.callTool({ name: 'echo', arguments: { text: 'v2' } })
  const prompt = await client.getPrompt({ name: 'test_simple_prompt' })
  return {
    era: client.getProtocolEra(),
    server: client.getServerVersion()?.name,
    hasEcho: tools.some((tool) => tool.name === 'echo'),
    structured: result.structuredContent,
    text: (result.content as { text: string }[])[0]?.text,
    promptMessages: prompt.messages.length,
  }
}

const LEGACY_SESSION = {
  era: 'legacy',
  server: 'mcp-core-fixture',
  hasEcho: true,
  structured: { text: 'v2' },
  text: '{"text":"v2"}',
  promptMessages: 1,
}

describe('SDK v2 client, versionNegotiation auto', () => {
  it('falls back to legacy over stdio (the probe and the session each spawn a server)', async () => {
    const client = newClient()
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [FIXTURE, 'stdio'],
      cwd: PACKAGE_DIR,
      stderr: 'pipe',
    })
    await client.connect(transport)
    try {
      expect(await exercise(client)).toEqual(LEGACY_SESSION)
    } finally {
      await client.close()
    }
  })

  describe('over HTTP', () => {
    let http: HttpFixture
    beforeAll(async () => {
      http = await startHttpFixture()
    })
    afterAll(async () => {
      await http.close()
    })

    it('falls back to legacy with a bearer token', async () => {
      const client = newClient()
      const transport = new StreamableHTTPClientTransport(new URL(http.url), {
        requestInit: { headers: { Authorization: `Bearer ${http.token}` } },
      })
      await client.connect(transport)
      try {
        expect(await exercise(client)).toEqual(LEGACY_SESSION)
      } finally {
        await client.close()
      }
    })
  })
})
