// The AhaWiki key never leaves in a message, even when the wiki echoes it, and redaction never
// touches our own words. Each case here broke before messages were built by one redactor
// (issue 25 item 5): text was cut to 200 characters before the key was replaced, so a key
// across the cut survived in part, and the key was replaced in the finished message, so a key
// `k` turned `network failure` into `networ[redacted] failure`.
import { describe, expect, it } from 'vitest'
import {
  createAhaWikiSource,
  WikiSourceError,
  type AhaWikiSourceOptions,
} from '@wiki/wiki-adapters/ahawiki'
import { replayFetch, type Answer } from './ahawiki/replay-fetch.js'

const KEY = 'Zq7Kx9LmWp3RtY8vNb2HcD5f'
const BASE = 'https://wiki.example.test'

function source(answers: Answer[], options: Partial<AhaWikiSourceOptions> = {}) {
  return createAhaWikiSource({
    baseUrl: BASE,
    apiKey: KEY,
    fetch: replayFetch(answers).fetch,
    retries: 0,
    ...options,
  })
}

async function messageOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise
  } catch (error) {
    expect(error).toBeInstanceOf(WikiSourceError)
    return (error as WikiSourceError).message
  }
  throw new Error('expected a failure')
}

/** No run of 6 or more characters of the key, anywhere in the text. */
function expectNoPartOfKey(text: string, key = KEY): void {
  for (let start = 0; start + 6 <= key.length; start++) {
    expect(text).not.toContain(key.slice(start, start + 6))
  }
}

describe('a key the wiki echoes across the 200-character cut', () => {
  // 190 characters before the key: a cut at 200 keeps its first 10 characters.
  const echo = `${'x'.repeat(190)}${KEY}${'y'.repeat(40)}`

  it('is redacted in a 500 envelope before the quote is cut', async () => {
    const message = await messageOf(source([{ status: 500, body: { error: echo } }]).getPage('A'))
    expectNoPartOfKey(message)
    expect(message).toContain(`${'x'.repeat(190)}[redacted]`)
    expect(message).toMatch(/…"\)$/)
  })

  it('is redacted in a 400 message before it is cut', async () => {
    const message = await messageOf(
      source([{ status: 400, body: { error: echo } }]).recentChanges(),
    )
    expectNoPartOfKey(message)
    expect(message).toContain('[redacted]')
  })

  it('is redacted in a network error before the 120-character cut', async () => {
    const error = new TypeError(`fetch failed: ${'z'.repeat(100)}${KEY}`)
    const message = await messageOf(source([error]).getPage('A'))
    expectNoPartOfKey(message)
    expect(message).toContain('network failure: fetch failed: ')
  })
})

describe('a one-character key', () => {
  const short = (answers: Answer[]) => source(answers, { apiKey: 'k' })

  it('leaves our own words whole', async () => {
    const network = await messageOf(short([new TypeError('fetch failed')]).getPage('A'))
    expect(network).toBe('GET /api/v1/page/A: network failure: fetch failed')
    const unauthorized = await messageOf(
      short([{ status: 401, body: { error: 'no' } }]).getPage('A'),
    )
    expect(unauthorized).toBe(
      'GET /api/v1/page/A: HTTP 401: the API key is missing, invalid or revoked; check AHAWIKI_API_KEY',
    )
    const refused = await messageOf(short([{ status: 403, body: { error: 'no' } }]).listPages())
    expect(refused).toBe(
      "GET /api/v1/pages: HTTP 403: the key's owner may not read this page; nothing was changed",
    )
  })

  it('still takes it out of what the wiki said', async () => {
    const message = await messageOf(
      short([{ status: 500, body: { error: 'bad key k' } }]).getPage('A'),
    )
    expect(message).toBe(
      'GET /api/v1/page/A: HTTP 500 (server said: "bad [redacted]ey [redacted]")',
    )
  })
})

describe('keys redaction cannot find', () => {
  it('refuses a key with spaces, which a flattened quote could rebuild', () => {
    expect(() => source([], { apiKey: 'two words' })).toThrow(/printable ASCII without spaces/)
  })
})

describe('createRedactor, the one builder of those messages', () => {
  it('redacts a key formed across the edge of two quoted pieces, and only there', async () => {
    const { createRedactor, clip } = await import('../src/lib/ahawiki/redact.js')
    const say = createRedactor('secret')
    expect(say`a ${'sec'}${'ret'} b`.text).toBe('a [redacted] b')
    expect(say`a ${'sec'}ret b`.text).toBe('a [redacted] b')
    // Our own words are never redacted, even when they hold the key.
    expect(say`a secret ${'x'}`.text).toBe('a secret x')
    // Numbers and messages already built go in as they are.
    expect(say`${404}: ${say`kept ${clip('secret and more', 12)}`}`.text).toBe(
      '404: kept [redacted] a…',
    )
  })

  it('never redacts the letters of its own mark again', async () => {
    const { createRedactor } = await import('../src/lib/ahawiki/redact.js')
    expect(createRedactor('d')`${'bad key d'}!`.text).toBe('ba[redacted] key [redacted]!')
  })
})
