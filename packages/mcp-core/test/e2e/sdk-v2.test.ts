// The SDK v2 client (2.4.0) in its three modes against the fixture, over stdio and HTTP: pinned to
// 2026-07-28, `auto` (it probes with server/discover and, finding a 2026-07-28 server, stays
// stateless: no fallback) and left on its default, the legacy handshake. Connect times are printed
// for comparison, never asserted: the machine they run on is shared.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FIXTURE, PACKAGE_DIR, startHttpFixture, type HttpFixture } from './helpers.js'

type Mode = 'pinned' | 'auto' | 'legacy'

function newClient(mode: Mode): Client {
  const info = { name: `e2e-sdk-v2-${mode}`, version: '0.0.1' }
  if (mode === 'legacy') return new Client(info)
  return new Client(info, {
    versionNegotiation: { mode: mode === 'auto' ? 'auto' : { pin: '2026-07-28' } },
  })
}

/** What a short session sees, for one comparison per test. */
async function exercise(client: Client) {
  const { tools } = await client.listTools()
  const result = await client.callTool({ name: 'echo', arguments: { text: 'v2' } })
  const failed = await client.callTool({ name: 'fail_expected', arguments: {} })
  const prompt = await client.getPrompt({ name: 'test_simple_prompt' })
  return {
    era: client.getProtocolEra(),
    version: client.getNegotiatedProtocolVersion(),
    server: client.getServerVersion()?.name,
    icons: client.getServerVersion()?.icons,
    echoIcons: tools.find((tool) => tool.name === 'echo')?.icons,
    structured: result.structuredContent,
    text: (result.content as { text: string }[])[0]?.text,
    failure: JSON.parse((failed.content as { text: string }[])[0]!.text) as unknown,
    promptMessages: prompt.messages.length,
  }
}

const ICON = {
  src: 'https://mcp-core.example/fixture.png',
  mimeType: 'image/png',
  sizes: ['32x32'],
}
const common = {
  server: 'mcp-core-fixture',
  structured: { text: 'v2' },
  text: '{"text":"v2"}',
  failure: { error: 'No page titled Foo', code: 'not_found', suggestions: ['Foobar'] },
  promptMessages: 1,
  icons: [ICON],
  echoIcons: [ICON],
}
const EXPECTED: Record<Mode, object> = {
  pinned: { era: 'modern', version: '2026-07-28', ...common },
  auto: { era: 'modern', version: '2026-07-28', ...common },
  legacy: { era: 'legacy', version: '2025-11-25', ...common },
}

const MODES: Mode[] = ['pinned', 'auto', 'legacy']
const timings: string[] = []

/**
 * Connects and lists the tools, timing both: over stdio a negotiating client probes on a spare
 * process and starts the session's own process only after, so its first answer shows readiness.
 */
async function timedConnect(client: Client, transport: Parameters<Client['connect']>[0]) {
  const started = performance.now()
  await client.connect(transport)
  const connected = performance.now()
  await client.listTools()
  const ready = performance.now()
  return `connect ${(connected - started).toFixed(0)} ms, ready ${(ready - started).toFixed(0)} ms`
}

afterAll(() => {
  process.stdout.write(`SDK v2 connect times (this run):\n${timings.join('\n')}\n`)
})

describe.each(MODES)('SDK v2 client, %s', (mode) => {
  it('over stdio: connects, lists and calls', async () => {
    const client = newClient(mode)
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [FIXTURE, 'stdio'],
      cwd: PACKAGE_DIR,
      stderr: 'pipe',
    })
    timings.push(`  stdio ${mode}: ${await timedConnect(client, transport)}`)
    try {
      expect(await exercise(client)).toEqual(EXPECTED[mode])
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

    it('connects with a bearer token, lists and calls', async () => {
      const client = newClient(mode)
      const transport = new StreamableHTTPClientTransport(new URL(http.url), {
        requestInit: { headers: { Authorization: `Bearer ${http.token}` } },
      })
      timings.push(`  http ${mode}: ${await timedConnect(client, transport)}`)
      try {
        expect(await exercise(client)).toEqual(EXPECTED[mode])
      } finally {
        await client.close()
      }
    })
  })
})

describe('SDK v2 client pinned to 2026-07-28: what the revision changed', () => {
  it('opens a subscription that is acknowledged, and rediscovers the revisions served', async () => {
    const http = await startHttpFixture()
    const client = newClient('pinned')
    try {
      await client.connect(
        new StreamableHTTPClientTransport(new URL(http.url), {
          requestInit: { headers: { Authorization: `Bearer ${http.token}` } },
        }),
      )
      // Nothing the server offers can change, so it honours none of the filter and ends at once.
      const subscription = await client.listen({ toolsListChanged: true })
      expect(subscription.honoredFilter).toEqual({})
      expect(await subscription.closed).toBe('graceful')
      const discovered = await client.discover()
      expect(discovered.supportedVersions).toEqual([
        '2026-07-28',
        '2025-11-25',
        '2025-06-18',
        '2025-03-26',
        '2024-11-05',
      ])
      expect(discovered).toMatchObject({ ttlMs: 3_600_000, cacheScope: 'private' })
    } finally {
      await client.close()
      await http.close()
    }
  })
})
