// Spawning the built markdown-wiki-mcp bin for end-to-end tests: a fresh copy of the fixture wiki
// per test, stdio or HTTP on an ephemeral loopback port, always stopped again.
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { cp, mkdtemp, rm } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'

export const APP_DIR: string = fileURLToPath(new URL('../../', import.meta.url))
export const BIN: string = path.join(APP_DIR, 'bin.js')
/** Where spawned servers keep their index caches: one temporary folder, not the user's cache. */
export const E2E_CACHE: string = path.join(tmpdir(), 'markdown-wiki-mcp-e2e-cache')
const FIXTURE = fileURLToPath(new URL('../../../../fixtures/markdown-wiki/', import.meta.url))

if (!existsSync(path.join(APP_DIR, 'dist', 'main.js'))) {
  throw new Error(
    'apps/markdown-wiki-mcp/dist is missing: run `pnpm --filter markdown-wiki-mcp... build` first',
  )
}

export const READ_TOOLS = [
  'wikiSearch',
  'wikiListPages',
  'wikiReadPage',
  'wikiGraph',
  'wikiStatus',
  'wikiRecentChanges',
  'wikiListTags',
]
export const WRITE_TOOLS = [
  'wikiWritePage',
  'wikiAppendLog',
  'wikiEditPage',
  'wikiMovePage',
  'wikiDeletePage',
]
export const RAW_TOOLS = ['wikiListRaw', 'wikiReadRaw', 'wikiChecksum', 'wikiRawDiff']

export function newToken(): string {
  return randomBytes(24).toString('hex')
}

/** A private copy of fixtures/markdown-wiki: `{base, wiki, raw}`, removed by `cleanup`. */
export async function copyFixture(): Promise<{
  base: string
  wiki: string
  raw: string
  cleanup: () => Promise<void>
}> {
  const base = await mkdtemp(path.join(tmpdir(), 'md-wiki-e2e-'))
  await cp(FIXTURE, base, { recursive: true })
  return {
    base,
    wiki: path.join(base, 'wiki'),
    raw: path.join(base, 'raw'),
    cleanup: () => rm(base, { recursive: true, force: true }),
  }
}

export function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: nothing within ${ms} ms`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

/** A client on a spawned stdio server; `stderr()` is what the server printed. */
export async function connectStdio(
  env: Record<string, string>,
  args: string[] = [],
): Promise<{ client: Client; stderr: () => string; close: () => Promise<void> }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, ...args],
    env: { PATH: process.env.PATH ?? '', XDG_CACHE_HOME: E2E_CACHE, ...env },
    stderr: 'pipe',
  })
  let stderr = ''
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8')
  })
  const client = new Client({ name: 'markdown-wiki-e2e', version: '0.0.1' })
  await client.connect(transport)
  return { client, stderr: () => stderr, close: () => client.close() }
}

export interface HttpServer {
  url: string
  child: ChildProcessWithoutNullStreams
  stderr(): string
  close(): Promise<number | null>
}

/** Starts `--http` on port 0 and resolves once the start-up line names the URL. */
export async function startHttp(
  env: Record<string, string>,
  args: string[] = [],
): Promise<HttpServer> {
  const child = spawn(process.execPath, [BIN, '--http', ...args], {
    env: { PATH: process.env.PATH ?? '', XDG_CACHE_HOME: E2E_CACHE, MCP_HTTP_PORT: '0', ...env },
  })
  let stderr = ''
  child.stdout.resume()
  const url = await within(
    20_000,
    'markdown-wiki-mcp --http start-up',
    new Promise<string>((resolve, reject) => {
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString('utf8')
        const match = / on (http:\/\/[^\s;]+)/.exec(stderr)
        if (match?.[1]) resolve(match[1])
      })
      child.once('exit', (code) => reject(new Error(`exited with ${code}: ${stderr}`)))
    }),
  )
  return {
    url,
    child,
    stderr: () => stderr,
    close: () => {
      if (child.exitCode !== null) return Promise.resolve(child.exitCode)
      return new Promise((resolve) => {
        child.once('exit', (code) => resolve(code))
        child.kill('SIGTERM')
      })
    },
  }
}

export async function connectHttp(url: string, token: string): Promise<Client> {
  const client = new Client({ name: 'markdown-wiki-e2e', version: '0.0.1' })
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    }),
  )
  return client
}

/** Runs the bin to completion (for --help, --check and refused configurations). */
export function runBin(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      env: { PATH: process.env.PATH ?? '', XDG_CACHE_HOME: E2E_CACHE, ...env },
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')))
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')))
    child.stdin.end()
    child.once('exit', (code) => resolve({ code, stdout, stderr }))
  })
}

interface CallResult {
  isError?: boolean
  structuredContent?: Record<string, unknown>
  content?: { type: string; text?: string }[]
}

/** Calls a tool and checks the result shape: text === JSON of structuredContent, or a coded error. */
export async function call(
  client: Client,
  name: string,
  args: Record<string, unknown>,
): Promise<
  | { ok: true; value: Record<string, unknown> }
  | { ok: false; error: { code: string; message: string } & Record<string, unknown> }
> {
  const result = (await client.callTool({ name, arguments: args })) as CallResult
  const text = result.content?.[0]?.text ?? ''
  if (result.isError) {
    if (result.structuredContent !== undefined)
      throw new Error(`${name}: an error carried structuredContent`)
    // The failure text is `{"error": message, "code": code, …data}`.
    const { error, code, ...rest } = JSON.parse(text) as Record<string, unknown>
    if (typeof error !== 'string' || typeof code !== 'string')
      throw new Error(`${name}: a failure without a string error and code: ${text}`)
    return { ok: false, error: { ...rest, code, message: error } }
  }
  if (result.content?.length !== 1) throw new Error(`${name}: expected exactly one content block`)
  if (JSON.stringify(result.structuredContent) !== text)
    throw new Error(`${name}: text differs from structuredContent`)
  return { ok: true, value: result.structuredContent ?? {} }
}
