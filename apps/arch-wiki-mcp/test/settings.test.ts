import { describe, expect, it } from 'vitest'
import { readSettings, UsageError } from '../src/settings.js'

describe('readSettings', () => {
  it('serves stdio by default with the Arch Wiki defaults', () => {
    const s = readSettings([], {})
    expect(s.mode).toEqual({ kind: 'stdio' })
    expect(s).toMatchObject({
      wikiUrl: 'https://wiki.archlinux.org',
      articlePath: '/title/$1',
      apiPath: '/api.php',
      offline: undefined,
      cacheTtl: 60,
      timeout: 30,
      env: {},
    })
  })

  it('lets flags override the environment, which overrides defaults', () => {
    const env = {
      ARCH_WIKI_URL: 'https://env.example',
      ARCH_WIKI_CACHE_TTL: '5',
      ARCH_WIKI_TIMEOUT: '',
    }
    const s = readSettings(['--wiki-url', 'https://flag.example', '--api-path=/w/api.php'], env)
    expect(s.wikiUrl).toBe('https://flag.example')
    expect(s.apiPath).toBe('/w/api.php')
    expect(s.cacheTtl).toBe(5)
    expect(s.timeout).toBe(30)
    expect(s.env).toEqual({
      ARCH_WIKI_URL: 'https://flag.example',
      ARCH_WIKI_API_PATH: '/w/api.php',
    })
  })

  it('reads a tool call with its positional arguments', () => {
    const s = readSettings(['--offline', '/tmp/rec', 'commands', 'GRUB', 'Installation'], {})
    expect(s.mode).toEqual({ kind: 'tool', tool: 'commands', args: ['GRUB', 'Installation'] })
    expect(s.offline).toBe('/tmp/rec')
    const v = readSettings(['verify', '--revid', '5', '--content-hash', 'ab'], {})
    expect(v.mode).toEqual({
      kind: 'tool',
      tool: 'verify',
      args: ['--revid', '5', '--content-hash', 'ab'],
    })
  })

  it('passes --http-* flags through for mcp-core', () => {
    const s = readSettings(['--http', '--http-port', '0', '--http-token=abc'], {})
    expect(s.mode).toEqual({ kind: 'http' })
    expect(s.httpArgv).toEqual(['--http-port', '0', '--http-token', 'abc'])
  })

  it('refuses bad values and conflicting modes with usage errors', () => {
    expect(() => readSettings(['--cache-ttl', '-1'], {})).toThrow(UsageError)
    expect(() => readSettings(['--timeout', '0'], {})).toThrow(/--timeout/)
    expect(() => readSettings(['--wiki-url'], {})).toThrow(/needs a value/)
    expect(() => readSettings(['--http', '--check'], {})).toThrow(/cannot be combined/)
    expect(() => readSettings(['--bogus'], {})).toThrow(/Unknown flag/)
    expect(() => readSettings(['--check', 'page'], {})).toThrow(/takes no arguments/)
  })
})
