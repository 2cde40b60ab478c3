import { describe, expect, it } from 'vitest'
import { readConfig } from '../src/lib/read-config.js'

const ok = { AHAWIKI_BASE_URL: 'https://wiki.example.test/aha/', AHAWIKI_API_KEY: ' key-1 ' }

describe('readConfig', () => {
  it('reads a valid environment, trimming the key and the trailing slash', () => {
    expect(readConfig(ok)).toEqual({
      ok: true,
      config: {
        baseUrl: 'https://wiki.example.test/aha',
        origin: 'https://wiki.example.test',
        apiKey: 'key-1',
        write: false,
        timeoutMs: 15000,
      },
    })
  })

  it.each([
    ['1', true],
    ['true', false],
    [' 1', false],
    ['yes', false],
    ['0', false],
  ])('turns writing on only for AHAWIKI_MCP_WRITE=%j', (value, write) => {
    const result = readConfig({ ...ok, AHAWIKI_MCP_WRITE: value })
    expect(result.ok && result.config.write).toBe(write)
  })

  it('names every missing variable at once', () => {
    expect(readConfig({ AHAWIKI_BASE_URL: '  ' })).toEqual({
      ok: false,
      message: 'missing required environment variable(s): AHAWIKI_BASE_URL, AHAWIKI_API_KEY',
    })
  })

  it('allows plain http on loopback, and elsewhere only with AHAWIKI_ALLOW_HTTP=1', () => {
    for (const host of ['127.0.0.1:8080', 'localhost', '[::1]:9000']) {
      expect(readConfig({ ...ok, AHAWIKI_BASE_URL: `http://${host}` }).ok).toBe(true)
    }
    const remote = { ...ok, AHAWIKI_BASE_URL: 'http://wiki.example.test' }
    expect(readConfig(remote).ok).toBe(false)
    expect(readConfig({ ...remote, AHAWIKI_ALLOW_HTTP: '1' }).ok).toBe(true)
  })

  it('reports missing and invalid variables in one message without echoing the key', () => {
    const result = readConfig({
      AHAWIKI_API_KEY: 'bad key with spaces',
      AHAWIKI_TIMEOUT_MS: '999',
    })
    expect(result.ok).toBe(false)
    const message = result.ok ? '' : result.message
    expect(message).toContain('missing required environment variable(s): AHAWIKI_BASE_URL')
    expect(message).toContain('AHAWIKI_API_KEY must be printable ASCII without spaces')
    expect(message).toContain('AHAWIKI_TIMEOUT_MS must be an integer from 1000 to 120000')
    expect(message).not.toContain('bad key')
  })

  it.each(['https://u:p@wiki.test', 'https://wiki.test/?a=1', 'https://wiki.test/#x', 'wiki.test'])(
    'refuses the base URL %j',
    (url) => {
      expect(readConfig({ ...ok, AHAWIKI_BASE_URL: url }).ok).toBe(false)
    },
  )
})
