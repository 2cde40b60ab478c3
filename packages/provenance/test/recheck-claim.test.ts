import { describe, expect, it } from 'vitest'
import { createWikiSite, judgeRecheck, readRecheckClaim } from '../src/index.js'

const site = createWikiSite()
const item = (raw: string, sort = 'template_bc') => ({ raw, hash: `h:${raw}`, sort })

describe('readRecheckClaim', () => {
  it('reads kind, title and section from an evidence object and its source_url', () => {
    expect(
      readRecheckClaim(site, {
        evidence: {
          revid: 5,
          content_hash: 'h:a',
          source_pattern: 'template_bc',
          source_url: 'http://wiki.archlinux.org/title/GRUB#Installation',
        },
      }),
    ).toEqual({
      kind: 'commands',
      title: 'GRUB',
      anchor: 'Installation',
      revid: 5,
      contentHash: 'h:a',
      blockIndex: null,
    })
  })

  it('refuses mixed, incomplete and foreign arguments with their codes', () => {
    const code = (args: Parameters<typeof readRecheckClaim>[1]) => {
      try {
        readRecheckClaim(site, args)
      } catch (error) {
        return (error as { code: string }).code
      }
      return 'none'
    }
    expect(code({ evidence: { revid: 1, wikitext: 'x', wikitext_hash: 'h' }, revid: 1 })).toBe(
      'invalid_arguments',
    )
    expect(code({ kind: 'section', title_or_url: 'A', revid: 1, content_hash: 'h' })).toBe(
      'invalid_arguments',
    )
    expect(
      code({
        kind: 'page',
        title_or_url: 'https://evil.example/title/A',
        revid: 1,
        content_hash: 'h',
      }),
    ).toBe('malformed_wiki_url')
  })
})

describe('judgeRecheck', () => {
  const claim = readRecheckClaim(site, {
    kind: 'commands',
    title_or_url: 'GRUB',
    revid: 1,
    content_hash: 'h:b',
  })
  const seen = (current: ReturnType<typeof item>[] | 'section_not_found') => ({
    currentTitle: 'GRUB',
    currentRevid: 2,
    prior: [item('a'), item('b')],
    current,
  })

  it('unchanged, changed with a diff, or gone', () => {
    expect(judgeRecheck(claim, seen([item('b')]))).toMatchObject({
      status: 'unchanged',
      prior_block_index: 1,
      current_block_index: 0,
    })
    const changed = judgeRecheck(claim, seen([item('a'), item('c')]))
    expect(changed).toMatchObject({ status: 'changed', current_content_hash: 'h:c' })
    expect(changed.diff).toContain('--- GRUB@1\n+++ GRUB@2')
    expect(judgeRecheck(claim, seen([item('a'), item('c', 'template_hc')]))).toMatchObject({
      status: 'gone',
      gone_reason: 'block_not_found',
    })
    expect(judgeRecheck(claim, seen('section_not_found'))).toMatchObject({
      status: 'gone',
      gone_reason: 'section_not_found',
    })
  })

  it('refuses prior evidence that does not reproduce from its own revision', () => {
    const stray = { ...claim, contentHash: 'h:z' }
    expect(() => judgeRecheck(stray, seen([item('b')]))).toThrow(
      expect.objectContaining({ code: 'evidence_unresolvable' }) as Error,
    )
  })
})
