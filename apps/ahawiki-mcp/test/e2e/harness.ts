// Spawns the built bin through the official SDK client over stdio, against the fake AhaWiki.
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { expect } from 'vitest'
import {
  startFakeAhaWiki,
  type FakeAhaWiki,
  type FakeAhaWikiOptions,
} from '../fake/fake-ahawiki.mjs'

/** Distinctive, so a leak anywhere is unmistakable. */
export const KEY = 'ahaE2E-k3y-Qz81-never-print-me'
export const BIN = fileURLToPath(new URL('../../bin.js', import.meta.url))

export async function startFake(options: FakeAhaWikiOptions = {}): Promise<FakeAhaWiki> {
  return startFakeAhaWiki({
    keys: [{ key: KEY, userEmail: 'agent@example.test', name: 'e2e-agent' }],
    ...options,
  })
}

/** Results are read loosely in tests; their exact shapes are what the tests assert. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any

export interface ToolResult {
  content: Array<{ type: string; text?: string }>
  structuredContent?: Record<string, unknown>
  isError?: boolean
}

export interface RunningApp {
  client: Client
  call(name: string, args?: Record<string, unknown>): Promise<ToolResult>
  stderr(): string
  /** Every JSON-RPC message read from the server's stdout. */
  messages: unknown[]
  transportErrors: Error[]
  close(): Promise<void>
}

/** Environment for the app: only what the test says, plus PATH. */
export function appEnv(fake: FakeAhaWiki | undefined, extra: Record<string, string> = {}) {
  return {
    PATH: process.env.PATH ?? '',
    ...(fake ? { AHAWIKI_BASE_URL: fake.url, AHAWIKI_API_KEY: KEY } : {}),
    ...extra,
  }
}

export async function startApp(
  fake: FakeAhaWiki | undefined,
  extraEnv: Record<string, string> = {},
  args: string[] = [],
): Promise<RunningApp> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, ...args],
    env: appEnv(fake, extraEnv),
    stderr: 'pipe',
  })
  let stderr = ''
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8')
  })
  const client = new Client({ name: 'ahawiki-e2e', version: '1.0.0' })
  const messages: unknown[] = []
  const transportErrors: Error[] = []
  await client.connect(transport)
  // Wrap after connect, when the client has installed its handlers.
  const onmessage = transport.onmessage
  transport.onmessage = (message) => {
    messages.push(message)
    onmessage?.(message)
  }
  const onerror = transport.onerror
  transport.onerror = (error) => {
    transportErrors.push(error)
    onerror?.(error)
  }
  return {
    client,
    async call(name, callArgs = {}) {
      return (await client.callTool({ name, arguments: callArgs })) as ToolResult
    },
    stderr: () => stderr,
    messages,
    transportErrors,
    async close() {
      await client.close()
      // The key never leaves the process: not on stdout, not on stderr.
      expect(JSON.stringify(messages)).not.toContain(KEY)
      expect(stderr).not.toContain(KEY)
      expect(transportErrors).toEqual([])
    },
  }
}

/**
 * The failure of an `isError` result, whose text is `{"error": message, "code": code, …}`,
 * as `{code, message, …}` for the assertions.
 */
export function errorOf(
  result: ToolResult,
): Record<string, unknown> & { code: string; message: string } {
  expect(result.isError).toBe(true)
  expect(result.structuredContent).toBeUndefined()
  const text = result.content[0]?.text ?? ''
  const { error, code, ...rest } = JSON.parse(text) as Record<string, unknown>
  expect(typeof error).toBe('string')
  expect(typeof code).toBe('string')
  return { ...rest, code: code as string, message: error as string }
}

/** Checks the fake never saw a delete or a rename, then stops it. */
export async function stopFake(fake: FakeAhaWiki): Promise<void> {
  for (const request of fake.requests) {
    expect(request.method).not.toBe('DELETE')
    expect(request.path).not.toMatch(/\/api\/v1\/(rename|pages\/metadata)/)
  }
  await fake.close()
}

/** Runs the bin to completion without a client, for start-up and CLI checks. */
export function runBin(args: string[], env: Record<string, string>) {
  const result = spawnSync(process.execPath, [BIN, ...args], {
    env,
    encoding: 'utf8',
    input: '',
    timeout: 20_000,
  })
  return { status: result.status, stdout: result.stdout, stderr: result.stderr }
}
