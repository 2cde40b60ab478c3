import { describe, expect, it } from 'vitest'
import { KEY, runBin } from './harness.js'

const PATH = process.env.PATH ?? ''

describe('start-up configuration', () => {
  it.each([
    [{}, 'AHAWIKI_BASE_URL, AHAWIKI_API_KEY'],
    [{ AHAWIKI_BASE_URL: ' ', AHAWIKI_API_KEY: KEY }, 'AHAWIKI_BASE_URL'],
    [{ AHAWIKI_BASE_URL: 'https://wiki.example.test', AHAWIKI_API_KEY: '' }, 'AHAWIKI_API_KEY'],
  ])('exits 2 naming every missing variable (%j)', (env, named) => {
    const run = runBin([], { PATH, ...env })
    // Every app exits 2 on bad settings (mcp-core's runServerCli); 1 is a runtime failure.
    expect(run.status).toBe(2)
    expect(run.stdout).toBe('')
    expect(run.stderr).toBe(`ahawiki-mcp: missing required environment variable(s): ${named}\n`)
  })

  it.each([
    [{ AHAWIKI_BASE_URL: 'ftp://wiki.example.test' }, 'AHAWIKI_BASE_URL'],
    [{ AHAWIKI_BASE_URL: 'https://user:pw@wiki.example.test' }, 'credentials'],
    [{ AHAWIKI_BASE_URL: 'https://wiki.example.test/?x=1' }, 'query'],
    [{ AHAWIKI_BASE_URL: 'http://wiki.example.test' }, 'AHAWIKI_ALLOW_HTTP'],
    [{ AHAWIKI_API_KEY: 'has space' }, 'AHAWIKI_API_KEY'],
    [{ AHAWIKI_TIMEOUT_MS: '500' }, 'AHAWIKI_TIMEOUT_MS'],
    [{ AHAWIKI_TIMEOUT_MS: '2000.5' }, 'AHAWIKI_TIMEOUT_MS'],
  ])('exits 2 on an invalid variable (%j)', (env, named) => {
    const run = runBin([], {
      PATH,
      AHAWIKI_BASE_URL: 'https://wiki.example.test',
      AHAWIKI_API_KEY: KEY,
      ...env,
    })
    expect(run.status).toBe(2)
    expect(run.stdout).toBe('')
    expect(run.stderr.split('\n')).toHaveLength(2) // one line plus the final newline
    expect(run.stderr).toContain(named)
    expect(run.stderr).not.toContain(KEY)
    expect(run.stderr).not.toContain('has space')
  })

  it('accepts plain http off loopback only with AHAWIKI_ALLOW_HTTP=1', () => {
    const run = runBin([], {
      PATH,
      AHAWIKI_BASE_URL: 'http://wiki.example.test',
      AHAWIKI_API_KEY: KEY,
      AHAWIKI_ALLOW_HTTP: '1',
    })
    // Serves stdio until stdin closes (it is empty here), then exits cleanly.
    expect(run.status).toBe(0)
    expect(run.stdout).toBe('')
    expect(run.stderr).toContain('write off')
  })
})

describe('CLI flags', () => {
  it('prints help and version without any environment', () => {
    const help = runBin(['--help'], { PATH })
    expect(help.status).toBe(0)
    expect(help.stdout).toContain('AHAWIKI_MCP_WRITE')
    const version = runBin(['--version'], { PATH })
    expect(version.status).toBe(0)
    expect(version.stdout).toMatch(/^\d+\.\d+\.\d+/)
  })

  it('refuses an unknown flag as bad usage', () => {
    const run = runBin(['--delete-everything'], { PATH })
    expect(run.status).toBe(2)
    expect(run.stderr).toContain('--delete-everything')
  })
})
