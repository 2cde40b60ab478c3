import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { readHttpSettings } from '@wiki/mcp-core/node'

const LONG = 'k'.repeat(32)
const dir = mkdtempSync(join(tmpdir(), 'mcp-core-settings-'))
afterAll(() => {
  rmSync(dir, { recursive: true, force: true })
})

describe('readHttpSettings', () => {
  it('defaults to 127.0.0.1:3000 and requires a token', () => {
    expect(readHttpSettings({ env: {}, argv: [] })).toEqual({
      host: '127.0.0.1',
      port: 3000,
      tokens: [],
      warnings: [],
      problems: [
        'no HTTP token: set MCP_HTTP_TOKEN or MCP_HTTP_TOKEN_FILE (or --http-token / --http-token-file)',
      ],
    })
  })

  it('reads the environment; flags override it; empty values count as unset', () => {
    const settings = readHttpSettings({
      env: { MCP_HTTP_TOKEN: `${LONG}, ${LONG}x `, MCP_HTTP_HOST: '', MCP_HTTP_PORT: '4000' },
      argv: ['--stdio', '--http-port', '0', `--http-host=localhost`],
    })
    expect(settings).toEqual({
      host: 'localhost',
      port: 0,
      tokens: [LONG, `${LONG}x`],
      warnings: [],
      problems: [],
    })
    expect(
      readHttpSettings({ env: { MCP_HTTP_TOKEN: LONG }, argv: ['--http-token', ''] }).tokens,
    ).toEqual([LONG])
  })

  it('adds tokens from a file, skipping blank and # lines', () => {
    const file = join(dir, 'tokens')
    writeFileSync(file, `# team tokens\n\n${LONG}a\n  ${LONG}b  \n`)
    const settings = readHttpSettings({
      env: { MCP_HTTP_TOKEN: LONG },
      argv: ['--http-token-file', file],
    })
    expect(settings.tokens).toEqual([LONG, `${LONG}a`, `${LONG}b`])
    expect(settings.problems).toEqual([])
  })

  it('reports unreadable files, bad ports, bad tokens and missing flag values as problems', () => {
    const settings = readHttpSettings({
      env: { MCP_HTTP_TOKEN_FILE: join(dir, 'missing'), MCP_HTTP_PORT: '70000' },
      argv: ['--http-token', 'has\u0007bell', '--http-host'],
    })
    expect(settings.problems).toEqual([
      '--http-host needs a value',
      'MCP_HTTP_PORT/--http-port: "70000" is not a port (0-65535)',
      'MCP_HTTP_TOKEN/--http-token: a token contains whitespace or non-printable characters',
      `MCP_HTTP_TOKEN_FILE/--http-token-file: cannot read ${join(dir, 'missing')} (ENOENT)`,
    ])
  })

  it('warns about short tokens and non-loopback hosts', () => {
    const settings = readHttpSettings({
      env: { MCP_HTTP_TOKEN: 'short', MCP_HTTP_HOST: '0.0.0.0' },
    })
    expect(settings.tokens).toEqual(['short'])
    expect(settings.problems).toEqual([])
    expect(settings.warnings).toHaveLength(2)
    expect(settings.warnings[0]).toMatch(/0\.0\.0\.0 is not loopback/)
    expect(settings.warnings[1]).toMatch(/shorter than 16 characters/)
  })
})
