// Shared by the end-to-end suites: where the built bin is, and how to read a tool result.
import { fileURLToPath } from 'node:url'

export const BIN = fileURLToPath(new URL('../../bin.js', import.meta.url))

interface CallResult {
  isError?: boolean
  structuredContent?: unknown
  content?: unknown
}

/** The error code of a failed call, whose text is `{"error": message, "code": code, …}`. */
export function errorCode(result: CallResult): string | undefined {
  if (result.isError !== true) return undefined
  const content = result.content as { type: string; text: string }[]
  const body = JSON.parse(content[0]?.text ?? '{}') as { code?: string; error?: unknown }
  if (typeof body.error !== 'string') throw new Error(`error is not a message: ${content[0]?.text}`)
  return body.code
}

/** The structured result of a successful call; fails loudly on an error result. */
export function structured(result: CallResult): Record<string, unknown> {
  if (result.isError) {
    throw new Error(`tool failed: ${JSON.stringify(result.content)}`)
  }
  const content = result.content as { type: string; text: string }[]
  // The text block carries the same object as structuredContent.
  if (
    JSON.stringify(JSON.parse(content[0]?.text ?? 'null')) !==
    JSON.stringify(result.structuredContent)
  ) {
    throw new Error('text and structuredContent differ')
  }
  return result.structuredContent as Record<string, unknown>
}

type Call = (name: string, args: Record<string, unknown>) => Promise<CallResult>

/**
 * Calls each of the original nine tools once with a success and once with a failure on the recorded
 * corpus, asserting the answers. Shared by the stdio and HTTP suites so both transports run the
 * same calls.
 */
export async function exerciseEveryTool(call: Call): Promise<void> {
  const { expect } = await import('vitest')
  const search = structured(await call('search', { query: 'GRUB' }))
  expect((search.results as { title: string; match: string }[])[0]).toMatchObject({
    title: 'GRUB',
    match: 'title',
  })
  const page = structured(await call('page', { title_or_url: 'Iwd' }))
  expect(page.revid).toBe(847035)
  const sections = structured(await call('sections', { title_or_url: 'Iwd' }))
  const section = structured(await call('section', { title_or_url: 'Iwd', anchor: 'Usage' }))
  expect(section.revid).toBe(847035)
  const commands = structured(
    await call('commands', { title_or_url: 'GRUB', anchor: 'Installation' }),
  )
  expect(commands.commands).toContainEqual(
    expect.objectContaining({
      content_hash: '8b8dfad439a8fb73f328ec9c2da75cf575e7a24ad945d3890ddc626f180b7a44',
    }),
  )
  const warnings = structured(await call('warnings', { title_or_url: 'Iwd', anchor: 'Usage' }))
  expect(warnings.warnings).toContainEqual(
    expect.objectContaining({
      content_hash: '9e183a7fb724a74e42120dc6f7e3d9631ca1036fb8758e3a481d1ff2ca22ed3a',
    }),
  )
  const links = structured(await call('links', { title_or_url: 'Iwd', anchor: 'Usage' }))
  for (const pointer of [search, sections]) {
    expect(JSON.stringify(pointer)).not.toMatch(/"revid"|hash/)
  }
  expect(JSON.stringify(links)).not.toMatch(/hash/)
  expect(links.links).toContainEqual(expect.objectContaining({ revid: 847035 }))
  expect(structured(await call('verify', { evidence: section }))).toMatchObject({
    reproduced: true,
    method: 're-extraction',
    matched: { source_pattern: 'section', section_anchor: 'Usage' },
    url_matches: true,
  })
  expect(structured(await call('recheck', { evidence: page }))).toMatchObject({
    status: 'unchanged',
    kind: 'page',
    current_revid: 847035,
  })

  const missing = { title_or_url: 'Nonexistent page xyz' }
  for (const name of ['page', 'sections', 'commands', 'warnings', 'links']) {
    expect(errorCode(await call(name, missing))).toBe('page_not_found')
  }
  expect(errorCode(await call('section', { title_or_url: 'GRUB', anchor: 'Nope' }))).toBe(
    'section_not_found',
  )
  expect(
    errorCode(
      await call('commands', {
        title_or_url: 'Transcluded example',
        anchor: 'Transcluded_section',
      }),
    ),
  ).toBe('evidence_unresolvable')
  expect(errorCode(await call('page', { title_or_url: 'https://evil.example/title/GRUB' }))).toBe(
    'malformed_wiki_url',
  )
  expect(errorCode(await call('search', { query: '' }))).toBe('invalid_arguments')
  // A revision nobody recorded: a missing recording is loud, never an empty answer.
  expect(errorCode(await call('verify', { revid: 1, content_raw: 'x' }))).toBe('internal_error')
  expect(
    errorCode(
      await call('recheck', {
        evidence: { revid: 858930, wikitext: 'x', wikitext_hash: 'a'.repeat(64), title: 'GRUB' },
      }),
    ),
  ).toBe('evidence_unresolvable')
}
