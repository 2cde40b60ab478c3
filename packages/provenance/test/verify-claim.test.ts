import { describe, expect, it } from 'vitest'
import { hashContent, judgeVerifyClaim, readVerifyClaim } from '../src/index.js'
import type { ProvenanceError } from '../src/index.js'

const WIKITEXT = '== A ==\n{{bc|ls /}}\nType ls / to list.\n'
const context = (items: Parameters<typeof judgeVerifyClaim>[1]['items']) => ({
  revid: 7,
  title: 'T',
  wikitext: WIKITEXT,
  revisionWikitextUrl: 'https://w/api.php?oldid=7',
  items,
})

describe('readVerifyClaim', () => {
  it('reads the pattern and the section of each kind of evidence', () => {
    expect(
      readVerifyClaim({
        evidence: {
          revid: 7,
          content_raw: 'ls /',
          source_pattern: 'template_bc',
          source_url: 'https://w/title/T#Caf%C3%A9',
        },
      }),
    ).toMatchObject({ sourcePattern: 'template_bc', sectionAnchor: 'Café' })
    expect(readVerifyClaim({ evidence: { revid: 7, wikitext: 'x' } })).toMatchObject({
      sourcePattern: 'page',
      sectionAnchor: null,
    })
    expect(
      readVerifyClaim({ evidence: { revid: 7, content_raw: 'x', section_anchor: 'A' } }),
    ).toMatchObject({ sourcePattern: 'section', sectionAnchor: 'A' })
    expect(readVerifyClaim({ evidence: { revid: 7, message_raw: 'x' } })).toMatchObject({
      sourcePattern: 'warning',
    })
  })

  it('refuses contradictory or incomplete arguments with invalid_arguments', () => {
    const cases = [
      { evidence: { revid: 7, content_raw: 'x' }, revid: 7 },
      { evidence: { revid: 0, content_raw: 'x' } },
      { evidence: { revid: 7 } },
      { evidence: { revid: 7, content_raw: 'x', source_pattern: 'prose' } },
      { revid: 7 },
      { revid: 7, content_raw: 'x', source_pattern: 'page' as const, section_anchor: 'A' },
    ]
    for (const args of cases) {
      expect(() => readVerifyClaim(args)).toThrow(
        expect.objectContaining({ code: 'invalid_arguments' }) as ProvenanceError,
      )
    }
  })
})

describe('judgeVerifyClaim', () => {
  const block = { match: { source_pattern: 'template_bc' as const, block_index: 0 }, raw: 'ls /' }

  it('reproduces only an exact item of the claimed pattern, and reports the item found', () => {
    const claim = readVerifyClaim({ revid: 7, content_raw: 'ls /', source_pattern: 'template_bc' })
    expect(judgeVerifyClaim(claim, context([block]))).toMatchObject({
      reproduced: true,
      matched: block.match,
      found_at: 13,
      occurrences: 1,
    })
    const part = readVerifyClaim({ revid: 7, content_raw: '/', source_pattern: 'template_bc' })
    const refused = judgeVerifyClaim(part, context([block]))
    expect(refused).toMatchObject({ reproduced: false, matched: null, occurrences: 0 })
    expect(refused.reason).toMatch(
      /occurs in revision 7 \(2 times\), but it is not a \{\{bc\}\} block/,
    )
  })

  it('a hash that disagrees with the text is not reproduced, even for a real item', () => {
    const claim = readVerifyClaim({
      revid: 7,
      content_raw: 'ls /',
      content_hash: 'f'.repeat(64),
      source_pattern: 'template_bc',
    })
    const result = judgeVerifyClaim(claim, context([block]))
    expect(result).toMatchObject({ reproduced: false, computed_hash: hashContent('ls /') })
    expect(result.reason).toMatch(/not the claimed f+/)
  })

  it('a reason instead of items is carried into the answer', () => {
    const claim = readVerifyClaim({
      revid: 7,
      content_raw: 'ls /',
      source_pattern: 'template_bc',
      section_anchor: 'B',
    })
    expect(judgeVerifyClaim(claim, context('No section B.'))).toMatchObject({
      reproduced: false,
      reason: 'No section B.',
    })
  })

  it('a hash alone is matched against the candidates', () => {
    const claim = readVerifyClaim({ revid: 7, content_hash: hashContent('ls /') })
    expect(judgeVerifyClaim(claim, context([block]))).toMatchObject({
      reproduced: true,
      method: 're-extraction',
      matched: block.match,
    })
  })
})

describe('readVerifyClaim: text no hash can attest', () => {
  it('a lone surrogate in content_raw or section_anchor is invalid_arguments naming the field', () => {
    const cases = [
      [{ revid: 1, content_raw: 'rm -rf \ud800' }, 'content_raw'],
      [{ revid: 1, content_raw: '\udfff', section_anchor: 'A' }, 'content_raw'],
      [{ revid: 1, content_raw: 'ok', section_anchor: 'A\ud83d' }, 'section_anchor'],
      [{ evidence: { revid: 1, message_raw: 'x\udc00' } }, 'content_raw'],
    ] as const
    for (const [args, field] of cases) {
      let error: ProvenanceError | undefined
      try {
        readVerifyClaim(args)
      } catch (caught) {
        error = caught as ProvenanceError
      }
      expect(error?.code).toBe('invalid_arguments')
      expect(error?.message).toContain(`${field}: holds a lone UTF-16 surrogate`)
    }
    // A well-formed astral character is ordinary text.
    expect(readVerifyClaim({ revid: 1, content_raw: '😀' }).contentRaw).toBe('😀')
  })
})
