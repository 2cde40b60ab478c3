// Answers no MediaWiki sends, and arguments no evidence holds, through the real backend and the
// tools: each is reported with its code (what to do next), never as internal_error.
import { describe, expect, it } from 'vitest'
import { createBackend, siteFrom } from '../src/create-backend.js'
import { toToolError } from '../src/errors.js'
import { archWikiTools } from '../src/server.js'
import { DEFAULTS } from '../src/settings.js'
import { callTool } from './call-tool.js'

function toolsAnswering(body: () => string) {
  const fetch = () =>
    Promise.resolve(new Response(body(), { headers: { 'content-type': 'application/json' } }))
  const backend = createBackend({
    site: siteFrom(DEFAULTS),
    source: { fetch, cacheTtl: 0, retries: 0, onWarning: () => undefined },
  })
  return Object.fromEntries(archWikiTools(backend).map((t) => [t.name, t]))
}

/** The code the client sees: the tool's error code, or internal_error for anything unexpected. */
async function clientCode(promise: Promise<unknown>): Promise<string> {
  try {
    await promise
  } catch (error) {
    return toToolError(error)?.code ?? 'internal_error'
  }
  return 'resolved'
}

const parse = (revid: string, wikitext = 'x') =>
  `{"parse":{"title":"GRUB","pageid":1,"revid":${revid},"wikitext":{"*":${JSON.stringify(wikitext).replace('LONE', '\\ud800')}},"sections":[]}}`

describe('a hostile wiki', () => {
  it.each([
    ['a non-integer revid', () => parse('1.5')],
    ['a revid past 2^53', () => parse('1e300')],
    ['a lone surrogate in the wikitext', () => parse('3', 'rm -rf LONE')],
    ['200,000-deep JSON', () => `${'['.repeat(200_000)}${']'.repeat(200_000)}`],
    [
      '200,000-deep JSON inside a parse',
      () => parse('3').replace('"sections":[]', `"sections":${'['.repeat(2e5)}${']'.repeat(2e5)}`),
    ],
  ])('%s is upstream_api_error in page, commands and verify', async (_name, body) => {
    const tools = toolsAnswering(body)
    expect(await clientCode(callTool(tools.page!, { title_or_url: 'GRUB' }))).toBe(
      'upstream_api_error',
    )
    expect(await clientCode(callTool(tools.commands!, { title_or_url: 'GRUB' }))).toBe(
      'upstream_api_error',
    )
    expect(await clientCode(callTool(tools.verify!, { revid: 3, content_raw: 'rm -rf' }))).toBe(
      'upstream_api_error',
    )
  })
})

describe('hostile arguments', () => {
  it('a lone surrogate in verify input is invalid_arguments', async () => {
    const tools = toolsAnswering(() => parse('3', 'rm -rf /'))
    for (const args of [
      { revid: 3, content_raw: 'rm -rf \ud800' },
      { revid: 3, content_raw: 'rm', section_anchor: 'A\udfff' },
      { evidence: { revid: 3, content_raw: '\udc00', content_hash: 'a'.repeat(64) } },
    ]) {
      expect(await clientCode(callTool(tools.verify!, args))).toBe('invalid_arguments')
    }
  })
})
