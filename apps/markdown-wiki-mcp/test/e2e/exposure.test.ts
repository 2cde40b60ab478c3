// Which tools each transport exposes, both ways, HTTP authentication and refused configurations, on the built bin.
import { writeFile } from 'node:fs/promises'
import net from 'node:net'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  RAW_TOOLS,
  READ_TOOLS,
  WRITE_TOOLS,
  connectHttp,
  connectStdio,
  copyFixture,
  newToken,
  runBin,
  startHttp,
} from './helpers.js'

let fixture: Awaited<ReturnType<typeof copyFixture>>
beforeAll(async () => {
  fixture = await copyFixture()
})
afterAll(async () => {
  await fixture.cleanup()
})
const wikiEnv = (): Record<string, string> => ({ WIKI_PATH: fixture.wiki, RAW_PATH: fixture.raw })

async function stdioTools(
  args: string[],
): Promise<{ tools: string[]; instructions: string; stderr: string }> {
  const { client, close, stderr } = await connectStdio(
    { ...wikiEnv(), WIKI_DOMAIN: 'Wiki di prova sulla rete di casa.' },
    args,
  )
  try {
    const tools = (await client.listTools()).tools.map((t) => t.name)
    return { tools, instructions: client.getInstructions() ?? '', stderr: stderr() }
  } finally {
    await close()
  }
}

async function httpTools(
  env: Record<string, string>,
): Promise<{ tools: string[]; instructions: string; stderr: string }> {
  const token = newToken()
  const server = await startHttp({ ...wikiEnv(), MCP_HTTP_TOKEN: token, ...env })
  try {
    const client = await connectHttp(server.url, token)
    const tools = (await client.listTools()).tools.map((t) => t.name)
    const instructions = client.getInstructions() ?? ''
    await client.close()
    return { tools, instructions, stderr: server.stderr() }
  } finally {
    await server.close()
  }
}

function mentioned(instructions: string): string[] {
  return [...READ_TOOLS, ...WRITE_TOOLS, ...RAW_TOOLS].filter((name) => instructions.includes(name))
}

describe('tools/list per configuration', () => {
  it('stdio registers every tool; instructions start with WIKI_DOMAIN', async () => {
    const { tools, instructions, stderr } = await stdioTools([])
    expect(tools).toEqual([...READ_TOOLS, ...WRITE_TOOLS, ...RAW_TOOLS])
    expect(instructions.startsWith('Wiki di prova sulla rete di casa.\n')).toBe(true)
    expect(new TextEncoder().encode(instructions).length).toBeLessThanOrEqual(2048)
    expect(stderr).toContain('stdio; schema it; 12 pages indexed')
  })

  it('stdio --read-only drops the write tools and says so', async () => {
    const { tools, instructions } = await stdioTools(['--read-only'])
    expect(tools).toEqual([...READ_TOOLS, ...RAW_TOOLS])
    expect(instructions).toContain('read-only: wikiWritePage and wikiAppendLog are not available')
    expect(mentioned(instructions).filter((n) => !WRITE_TOOLS.includes(n))).toEqual(
      mentioned(instructions).filter((n) => tools.includes(n)),
    )
  })

  it('HTTP without the flag serves the read tools only', async () => {
    const { tools, instructions, stderr } = await httpTools({})
    expect(tools).toEqual(READ_TOOLS)
    expect(
      mentioned(instructions).every(
        (name) => READ_TOOLS.includes(name) || WRITE_TOOLS.includes(name),
      ),
    ).toBe(true)
    expect(instructions).toContain('not served')
    expect(stderr).toContain('raw tools hidden')
  })

  it('HTTP with MCP_HTTP_EXPOSE_RAW=true adds the raw tools, never the write tools', async () => {
    const { tools, stderr } = await httpTools({ MCP_HTTP_EXPOSE_RAW: 'true' })
    expect(tools).toEqual([...READ_TOOLS, ...RAW_TOOLS])
    expect(stderr).toContain('raw tools exposed')
  })

  it.each(['TRUE', '1', ' true'])(
    'HTTP with MCP_HTTP_EXPOSE_RAW=%j keeps raw hidden and quotes it',
    async (value) => {
      const { tools, stderr } = await httpTools({ MCP_HTTP_EXPOSE_RAW: value })
      expect(tools).toEqual(READ_TOOLS)
      expect(stderr).toContain(`MCP_HTTP_EXPOSE_RAW=${JSON.stringify(value)}`)
    },
  )
})

describe('HTTP authentication and transport rules', () => {
  const tokens = [newToken(), newToken()]
  const fileToken = newToken()
  let url: string
  let close: () => Promise<number | null>
  beforeAll(async () => {
    const tokenFile = path.join(fixture.base, 'tokens.txt')
    await writeFile(tokenFile, `# holders\n\n${fileToken}\n`)
    const server = await startHttp({
      ...wikiEnv(),
      MCP_HTTP_TOKEN: tokens.join(','),
      MCP_HTTP_TOKEN_FILE: tokenFile,
    })
    url = server.url
    close = () => server.close()
  })
  afterAll(async () => {
    await close()
  })

  const init = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'raw', version: '1' },
    },
  })
  const post = (headers: Record<string, string>, body: string = init, target = url) =>
    fetch(target, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...headers,
      },
      body,
    })

  it.each([
    ['no header', {}],
    ['wrong scheme', { authorization: `Basic ${tokens[0]}` }],
    ['wrong token', { authorization: `Bearer ${newToken()}` }],
  ])('%s → 401 with WWW-Authenticate', async (_name, headers) => {
    const response = await post(headers)
    expect(response.status).toBe(401)
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/)
    await response.body?.cancel()
  })

  it('each configured token, from the variable and from the file, → 200; scheme is case-insensitive', async () => {
    for (const token of [...tokens, fileToken]) {
      const response = await post({ authorization: `bearer ${token}` })
      expect(response.status).toBe(200)
      await response.body?.cancel()
    }
  })

  it('GET → 405, other path → 404, 20 MiB body → 413, foreign Origin → 403', async () => {
    const auth = { authorization: `Bearer ${tokens[0]}` }
    const get = await fetch(url, { headers: auth })
    expect(get.status).toBe(405)
    const other = await post(auth, init, url.replace(/\/mcp$/, '/other'))
    expect(other.status).toBe(404)
    const big = await post(auth, JSON.stringify({ pad: 'x'.repeat(20 * 1024 * 1024) }))
    expect(big.status).toBe(413)
    const evil = await post({ ...auth, origin: 'http://evil.example.com' })
    expect(evil.status).toBe(403)
  })

  it('write tools are unknown tools (-32602) over HTTP', async () => {
    const auth = { authorization: `Bearer ${tokens[0]}`, 'mcp-protocol-version': '2025-06-18' }
    const response = await post(
      auth,
      JSON.stringify({
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: 'wikiWritePage', arguments: { path: 'x.md', content: '# x' } },
      }),
    )
    const body = (await response.json()) as { error?: { code: number } }
    expect(body.error?.code).toBe(-32602)
  })
})

describe('refused configurations', () => {
  it('--http without a token exits non-zero, says why, prints no token and leaves the port closed', async () => {
    const port = await freePort()
    const result = await runBin(['--http'], { ...wikiEnv(), MCP_HTTP_PORT: String(port) })
    expect(result.code).not.toBe(0)
    expect(result.stderr).toMatch(/token/i)
    expect(result.stderr.trim().split('\n')).toHaveLength(1)
    await expect(connectOnce(port)).rejects.toThrow()
  })

  it('names every offender on one line: missing WIKI_PATH, nested RAW_PATH, bad zone, bad schema', async () => {
    const result = await runBin([], {
      WIKI_PATH: path.join(fixture.base, 'missing'),
      WIKI_TZ: 'Mars/Olympus',
      WIKI_SCHEMA: path.join(fixture.base, 'none.json'),
    })
    // Bad settings exit 2 in every app (mcp-core's runServerCli); 1 is a runtime failure.
    expect(result.code).toBe(2)
    expect(result.stderr.trim().split('\n')).toHaveLength(1)
    for (const name of ['WIKI_PATH', 'WIKI_TZ', 'WIKI_SCHEMA'])
      expect(result.stderr).toContain(name)
    const nested = await runBin([], {
      WIKI_PATH: fixture.wiki,
      RAW_PATH: path.join(fixture.wiki, 'concetti'),
    })
    expect(nested.stderr).toContain('must not be equal or nested')
  })

  it('refuses a custom schema with a JSON pointer', async () => {
    const file = path.join(fixture.base, 'schema.json')
    await writeFile(
      file,
      JSON.stringify({
        language: 'en',
        fields: [{ key: 'topK', role: 'type', kind: 'enum', values: ['a'], required: true }],
        exempt: [],
      }),
    )
    const result = await runBin([], { ...wikiEnv(), WIKI_SCHEMA: file })
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('/fields/0/key')
  })

  it('--help and --version need nothing else; --check prints registration snippets', async () => {
    const help = await runBin(['--help'], {})
    expect(help.code).toBe(0)
    expect(help.stdout).toContain('MCP_HTTP_EXPOSE_RAW')
    const version = await runBin(['--version'], {})
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/)
    const check = await runBin(['--check'], {})
    expect(check.code).toBe(0)
    expect(check.stdout).toContain('markdown-wiki')
    expect(check.stdout).toContain('MARKDOWN_WIKI_MCP_TOKEN')
  })
})

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
    server.once('error', reject)
  })
}

function connectOnce(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.end()
      resolve()
    })
    socket.once('error', reject)
  })
}
