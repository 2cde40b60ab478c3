import { UsageError } from '@wiki/mcp-core/node'
import { describe, expect, it } from 'vitest'
import { OPTIONS, readSettings } from '../src/settings.js'

// Reading flags and variables is mcp-core's (runServerCli); these are the app's own rules.
const none = Object.fromEntries(Object.keys(OPTIONS).map((key) => [key, undefined])) as Parameters<
  typeof readSettings
>[0]

describe('readSettings', () => {
  it('serves the Arch Wiki by default', () => {
    expect(readSettings(none)).toMatchObject({
      wikiUrl: 'https://wiki.archlinux.org',
      articlePath: '/title/$1',
      apiPath: '/api.php',
      offline: undefined,
      cacheTtl: 60,
      timeout: 30,
    })
  })

  it('takes the given values and checks the site they make', () => {
    const settings = readSettings({
      ...none,
      wikiUrl: 'https://wiki.example.org',
      apiPath: '/w/api.php',
      cacheTtl: '5',
    })
    expect(settings).toMatchObject({ wikiUrl: 'https://wiki.example.org', cacheTtl: 5 })
    expect(settings.site).toMatchObject({ base: 'https://wiki.example.org', apiPath: '/w/api.php' })
  })

  it('refuses bad values with usage errors naming the flag', () => {
    expect(() => readSettings({ ...none, cacheTtl: '-1' })).toThrow(UsageError)
    expect(() => readSettings({ ...none, timeout: '0' })).toThrow(/--timeout/)
    expect(() => readSettings({ ...none, timeout: '1.5' })).toThrow(/whole number/)
    expect(() => readSettings({ ...none, articlePath: '/wiki/' })).toThrow(UsageError)
  })

  it('registers the wiki settings and the recordings folder, never the tuning', () => {
    const registered = Object.entries(OPTIONS)
      .filter(([, option]) => 'register' in option && option.register)
      .map(([, option]) => option.env)
    expect(registered).toEqual([
      'ARCH_WIKI_URL',
      'ARCH_WIKI_ARTICLE_PATH',
      'ARCH_WIKI_API_PATH',
      'ARCH_WIKI_OFFLINE',
      'ARCH_WIKI_SITES',
    ])
  })
})
