// The built bin in --http mode: bearer token required, same tools and prompt as stdio.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { SHARED_MISSING_REASON, sharedDir } from '@wiki/test-utils'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BIN, exerciseEveryTool } from './helpers.js'

const shared = sharedDir()
const dir = shared && join(shared, 'arch-fixtures')
const TOKEN = 'e2e-token-0123456789abcdef'

describe.skipIf(!dir)(`arch-wiki-mcp over --http ${dir ? '' : SHARED_MISSING_REASON}`, () => {
  let child: ChildProcess
  let url: string

  beforeAll(async () => {
    child = spawn(process.execPath, [BIN, '--http', '--http-port', '0'], {
      env: {
        PATH: process.env.PATH ?? '',
        ARCH_WIKI_OFFLINE: dir as string,
        MCP_HTTP_TOKEN: TOKEN,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    url = await new Promise<string>((resolve, reject) => {
      let stderr = ''
      child.stderr?.on('data', (chunk: Buffer) => {
        stderr += chunk.toString()
        const match = / on (http:\/\/[^\s;]+)/.exec(stderr)
        if (match) resolve(match[1] as string)
      })
      child.on('exit', (code) => reject(new Error(`exited ${code}: ${stderr}`)))
    })
  })

  afterAll(async () => {
    const exited = new Promise((resolve) => child.on('exit', resolve))
    child.kill('SIGTERM')
    await exited
  })

  it('refuses to start without a token', () => {
    const run = spawnSync(process.execPath, [BIN, '--http', '--http-port', '0'], {
      env: { PATH: process.env.PATH ?? '', ARCH_WIKI_OFFLINE: dir as string },
      encoding: 'utf8',
      timeout: 20_000,
    })
    // A missing token is a bad setting: exit 2, as in every app.
    expect(run.status).toBe(2)
    expect(run.stderr).toMatch(/token/i)
    expect(run.stdout).toBe('')
  })

  it('answers 401 without the bearer token', async () => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    })
    expect(response.status).toBe(401)
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/)
  })

  it('serves every tool and the prompt: every tool succeeds and fails closed', async () => {
    const client = new Client({ name: 'e2e-http', version: '1.0.0' })
    await client.connect(
      new StreamableHTTPClientTransport(new URL(url), {
        requestInit: { headers: { Authorization: `Bearer ${TOKEN}` } },
      }),
    )
    try {
      const { tools } = await client.listTools()
      expect(tools).toHaveLength(15)
      const { prompts } = await client.listPrompts()
      expect(prompts.map((p) => p.name)).toEqual(['arch-wiki-usage'])
      await exerciseEveryTool((name, args) => client.callTool({ name, arguments: args }) as never)
    } finally {
      await client.close()
    }
  })
})
