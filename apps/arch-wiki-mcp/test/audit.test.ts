import { describe, expect, it } from 'vitest'
import { archWikiTools } from '../src/server.js'
import { callTool, failureCode } from './call-tool.js'
import { fakeWiki } from './fake-backend.js'

const PAGE =
  "== Install ==\n{{Note|Be careful.}}\n{{bc|# mount ''device'' /mnt}}\n # echo one\n # echo two\n== Usage ==\nProse.\n"

function setup() {
  const wiki = fakeWiki()
  const revid = wiki.edit('Example', PAGE)
  const tools = Object.fromEntries(archWikiTools(wiki.backend).map((t) => [t.name, t]))
  return { wiki, revid, tools: tools as Record<string, (typeof tools)[string] & {}> }
}

describe('verify', () => {
  it('reproduces every kind of evidence by re-extracting its pattern', async () => {
    const { tools } = setup()
    const page = await callTool(tools.page!, { title_or_url: 'Example' })
    const section = await callTool(tools.section!, { title_or_url: 'Example', anchor: 'Install' })
    const { commands } = await callTool(tools.commands!, { title_or_url: 'Example' })
    const { warnings } = await callTool(tools.warnings!, { title_or_url: 'Example' })
    const items = [page, section, ...(commands as object[]), ...(warnings as object[])]
    for (const evidence of items) {
      const result = await callTool(tools.verify!, { evidence })
      expect(result).toMatchObject({
        reproduced: true,
        method: 're-extraction',
        url_matches: true,
        reason: null,
      })
      expect(result.computed_hash).toBe(result.content_hash)
      expect(result.matched).not.toBeNull()
    }
  })

  it('restores the marker space of indented blocks and reports the code-point offset', async () => {
    const { tools, revid } = setup()
    const result = await callTool(tools.verify!, {
      revid,
      content_raw: '# echo one\n# echo two',
      source_pattern: 'indented_block',
    })
    expect(result).toMatchObject({
      reproduced: true,
      found_at: PAGE.indexOf(' # echo one'),
      occurrences: 1,
      matched: { source_pattern: 'indented_block' },
    })
    const plain = await callTool(tools.verify!, { revid, content_raw: '# echo one\n# echo two' })
    expect(plain.reproduced).toBe(false)
  })

  it('a hash that does not match its text is an answer with a reason, not an error', async () => {
    const { tools, revid } = setup()
    const result = await callTool(tools.verify!, {
      revid,
      content_raw: 'Be careful.',
      content_hash: '0'.repeat(64),
    })
    expect(result.reproduced).toBe(false)
    expect(result.reason).toMatch(/not the claimed/)
  })

  it('never fetches a URL from the evidence and flags one that differs', async () => {
    const { tools, wiki } = setup()
    const section = await callTool(tools.section!, { title_or_url: 'Example', anchor: 'Usage' })
    const forged = { ...section, revision_wikitext_url: 'https://evil.example/api.php' }
    const result = await callTool(tools.verify!, { evidence: forged })
    expect(result).toMatchObject({ reproduced: true, url_matches: false })
    expect(result.revision_wikitext_url).toMatch(/^https:\/\/wiki\.example\.org\/api\.php/)
    expect(wiki.calls.filter((c) => c.startsWith('revision'))).toEqual([
      `revision ${section.revid as number}`,
    ])
  })

  it('re-extracts when only a hash is given', async () => {
    const { tools, revid, wiki } = setup()
    const cases = [
      [PAGE, { source_pattern: 'page' }],
      [
        PAGE.slice(PAGE.indexOf('== Usage')),
        { source_pattern: 'section', section_anchor: 'Usage' },
      ],
      ["# mount ''device'' /mnt", { source_pattern: 'template_bc', block_index: 0 }],
      ['# echo one\n# echo two', { source_pattern: 'indented_block', block_index: 1 }],
      ['Be careful.', { source_pattern: 'warning' }],
    ] as const
    for (const [text, matched] of cases) {
      const result = await callTool(tools.verify!, { revid, content_hash: wiki.backend.hash(text) })
      expect(result).toMatchObject({ reproduced: true, method: 're-extraction', matched })
    }
    const miss = await callTool(tools.verify!, { revid, content_hash: 'f'.repeat(64) })
    expect(miss).toMatchObject({ reproduced: false, matched: null, found_at: null, occurrences: 0 })
  })

  it('fails on a nonexistent revid and on ambiguous arguments', async () => {
    const { tools } = setup()
    expect(await failureCode(tools.verify!, { revid: 999999, content_raw: 'x' })).toBe(
      'page_not_found',
    )
    expect(await failureCode(tools.verify!, { revid: 1 })).toBe('invalid_arguments')
    expect(
      await failureCode(tools.verify!, { evidence: { revid: 100, content_raw: 'x' }, revid: 100 }),
    ).toBe('invalid_arguments')
    await expect(callTool(tools.verify!, { revid: 1, content_hash: 'ABC' })).rejects.toThrow(/hex/)
  })
})

// Issue 25 item 4: verify said reproduced: true for text its claimed pattern does not hold, and
// echoed the caller's pattern under matched. Each case below failed on 891c9ed.
describe('verify checks the claimed pattern and section, and claims nothing beyond them', () => {
  const HOSTILE =
    '== Install ==\n{{bc|# pacman -S grub}}\n{{ic|sudo ls}}\n== Danger ==\nNever type rm -rf / here.\n'

  function hostile() {
    const wiki = fakeWiki()
    const revid = wiki.edit('Hostile', HOSTILE)
    const tools = Object.fromEntries(archWikiTools(wiki.backend).map((t) => [t.name, t]))
    return { wiki, revid, verify: tools.verify! }
  }

  it('prose claimed as a {{bc}} block is not reproduced', async () => {
    const { revid, verify } = hostile()
    const result = await callTool(verify, {
      revid,
      content_raw: 'rm -rf /',
      source_pattern: 'template_bc',
    })
    expect(result).toMatchObject({ reproduced: false, method: 're-extraction', matched: null })
    expect(result.reason).toMatch(
      /occurs in revision \d+ \(1 time\), but it is not a \{\{bc\}\} block/,
    )
    expect(result.checked).toMatch(/exactly a \{\{bc\}\} block of revision/)
  })

  it('a truncated command and a single / are not a {{bc}} block either', async () => {
    const { revid, verify } = hostile()
    for (const content_raw of ['# pacman -S', '/', 'pacman -S grub']) {
      const result = await callTool(verify, { revid, content_raw, source_pattern: 'template_bc' })
      expect(result).toMatchObject({ reproduced: false, matched: null })
    }
    const whole = await callTool(verify, {
      revid,
      content_raw: '# pacman -S grub',
      source_pattern: 'template_bc',
    })
    expect(whole).toMatchObject({
      reproduced: true,
      matched: { source_pattern: 'template_bc', block_index: 0 },
    })
  })

  it('never echoes a pattern it did not find: a {{bc}} body claimed as {{hc}} or a warning', async () => {
    const { revid, verify } = hostile()
    for (const source_pattern of ['template_hc', 'indented_block', 'warning', 'section', 'page']) {
      const result = await callTool(verify, {
        revid,
        content_raw: '# pacman -S grub',
        source_pattern,
      })
      expect(result).toMatchObject({ reproduced: false, matched: null })
    }
  })

  it('text without a claimed pattern is a substring check that says so and matches nothing', async () => {
    const { revid, verify } = hostile()
    const result = await callTool(verify, { revid, content_raw: '/' })
    expect(result).toMatchObject({ reproduced: true, method: 'substring', matched: null })
    expect(result.checked).toMatch(/no source pattern was claimed, so what it is was not checked/)
  })

  it('checks the claimed section: a block moved to another section is not reproduced there', async () => {
    const { revid, verify } = hostile()
    const inDanger = await callTool(verify, {
      revid,
      content_raw: '# pacman -S grub',
      source_pattern: 'template_bc',
      section_anchor: 'Danger',
    })
    expect(inDanger).toMatchObject({ reproduced: false, matched: null })
    expect(inDanger.checked).toMatch(/section 'Danger' of revision/)
    const missing = await callTool(verify, {
      revid,
      content_raw: '# pacman -S grub',
      source_pattern: 'template_bc',
      section_anchor: 'Nowhere',
    })
    expect(missing).toMatchObject({ reproduced: false, matched: null })
    expect(missing.reason).toMatch(/Nowhere/)
  })

  it('reads the section of commands evidence from its source_url and refuses a forged one', async () => {
    const { wiki, verify } = hostile()
    const tools = Object.fromEntries(archWikiTools(wiki.backend).map((t) => [t.name, t]))
    const { commands } = await callTool(tools.commands!, {
      title_or_url: 'Hostile',
      anchor: 'Install',
    })
    const block = (commands as Record<string, unknown>[])[0]!
    expect(await callTool(verify, { evidence: block })).toMatchObject({
      reproduced: true,
      matched: { source_pattern: 'template_bc', section_anchor: 'Install', block_index: 0 },
    })
    const moved = { ...block, source_url: String(block.source_url).replace('#Install', '#Danger') }
    expect(await callTool(verify, { evidence: moved })).toMatchObject({
      reproduced: false,
      matched: null,
    })
    const prose = { ...block, content_raw: 'rm -rf /', content_hash: wiki.backend.hash('rm -rf /') }
    expect(await callTool(verify, { evidence: prose })).toMatchObject({ reproduced: false })
  })

  it('a hash alone never matches a non-admonition template body as a warning', async () => {
    const { wiki, revid, verify } = hostile()
    const result = await callTool(verify, { revid, content_hash: wiki.backend.hash('sudo ls') })
    expect(result).toMatchObject({ reproduced: false, matched: null })
  })
})

describe('recheck', () => {
  it('unchanged when the same revision still holds the text', async () => {
    const { tools, wiki } = setup()
    const section = await callTool(tools.section!, { title_or_url: 'Example', anchor: 'Install' })
    const result = await callTool(tools.recheck!, { evidence: section })
    expect(result).toMatchObject({
      status: 'unchanged',
      kind: 'section',
      anchor: 'Install',
      diff: null,
      gone_reason: null,
    })
    expect(wiki.calls).toContain('page Example fresh')
  })

  it('changed with a diff after an edit, and unchanged for an untouched block', async () => {
    const { tools, wiki, revid } = setup()
    const { commands } = await callTool(tools.commands!, {
      title_or_url: 'Example',
      anchor: 'Install',
    })
    const [bc, indented] = commands as Record<string, unknown>[]
    const next = wiki.edit('Example', PAGE.replace('/mnt', '/media'))
    const changed = await callTool(tools.recheck!, { evidence: bc })
    expect(changed).toMatchObject({
      status: 'changed',
      kind: 'commands',
      prior_revid: revid,
      current_revid: next,
      prior_block_index: 0,
      current_block_index: 0,
    })
    expect(changed.diff).toContain(`--- Example@${revid}`)
    expect(changed.diff).toContain(`+++ Example@${next}`)
    const same = await callTool(tools.recheck!, { evidence: indented })
    expect(same).toMatchObject({ status: 'unchanged', current_block_index: 1 })
  })

  it('gone when the page, the section or the block disappears', async () => {
    const { tools, wiki } = setup()
    const section = await callTool(tools.section!, { title_or_url: 'Example', anchor: 'Usage' })
    const { warnings } = await callTool(tools.warnings!, { title_or_url: 'Example' })
    wiki.edit('Example', '== Install ==\nNothing left.\n')
    expect(await callTool(tools.recheck!, { evidence: section })).toMatchObject({
      status: 'gone',
      gone_reason: 'section_not_found',
    })
    expect(await callTool(tools.recheck!, { evidence: (warnings as object[])[0] })).toMatchObject({
      status: 'gone',
      gone_reason: 'block_not_found',
    })
    wiki.remove('Example')
    expect(await callTool(tools.recheck!, { evidence: section })).toMatchObject({
      status: 'gone',
      gone_reason: 'page_not_found',
      current_revid: null,
    })
  })

  it('refuses evidence that does not reproduce from its own revision', async () => {
    const { tools, revid } = setup()
    expect(
      await failureCode(tools.recheck!, {
        kind: 'section',
        title_or_url: 'Example',
        anchor: 'Usage',
        revid,
        content_hash: 'a'.repeat(64),
      }),
    ).toBe('evidence_unresolvable')
  })
})
