import { frontmatterPresets } from '@wiki/wiki-adapters/markdown-folder'
import { describe, expect, it } from 'vitest'
import { buildInstructions } from '../src/instructions.js'

const READ = ['wikiSearch', 'wikiListPages', 'wikiReadPage', 'wikiGraph', 'wikiStatus']
const WRITE = ['wikiWritePage', 'wikiAppendLog']
const RAW = ['wikiListRaw', 'wikiReadRaw', 'wikiChecksum', 'wikiRawDiff']
const ALL = [...READ, ...WRITE, ...RAW]
const named = (text: string): string[] => ALL.filter((tool) => text.includes(tool))
const bytes = (text: string): number => new TextEncoder().encode(text).length

describe('server instructions per configuration', () => {
  it('stdio: domain first, every step, the it schema keys, within 2048 bytes', () => {
    const text = buildInstructions({
      domain: 'Wiki aziendale.',
      schema: frontmatterPresets.it,
      tools: ALL,
    })
    expect(text.split('\n')[0]).toBe('Wiki aziendale.')
    for (const step of ['QUERY:', 'INGEST:', 'LINT:', 'WRITE with', 'LOG:', 'CONVENTIONS:'])
      expect(text).toContain(step)
    expect(text).toContain('tipo (concetto|soggetto|procedura|normativa|entita|analisi)')
    expect(text).toContain('analisi/lint-YYYY-MM-DD.md')
    expect(named(text).sort()).toEqual([...ALL].sort())
    expect(bytes(text)).toBeLessThanOrEqual(2048)
  })

  it('stdio --read-only: no ingest or write steps, says read-only, names only registered tools', () => {
    const tools = [...READ, ...RAW]
    const text = buildInstructions({ domain: undefined, schema: frontmatterPresets.en, tools })
    expect(text.startsWith('This server maintains a Markdown knowledge wiki')).toBe(true)
    expect(text).not.toContain('INGEST:')
    expect(text).not.toContain('WRITE with')
    expect(text).toContain(
      'this instance is read-only: wikiWritePage and wikiAppendLog are not available'.replace(
        'this',
        'This',
      ),
    )
    expect(named(text).filter((tool) => !tools.includes(tool))).toEqual(WRITE)
  })

  it('HTTP without raw: says sources are not served and names no raw tool', () => {
    const text = buildInstructions({ domain: 'D', schema: frontmatterPresets.it, tools: READ })
    expect(text).toContain('not served')
    expect(named(text).filter((tool) => RAW.includes(tool))).toEqual([])
  })

  it('HTTP with raw: lint mentions wikiListRaw, still no write steps', () => {
    const text = buildInstructions({
      domain: 'D',
      schema: frontmatterPresets.en,
      tools: [...READ, ...RAW],
    })
    expect(text).toContain('stale sources via wikiListRaw')
    expect(text).not.toContain('analysis/lint')
    expect(bytes(text)).toBeLessThanOrEqual(2048)
  })
})

describe('server instructions on a folder of notes', () => {
  const none = { index: false, log: false, sources: false, overview: false }

  it('no Italian, no service pages it lacks, no lint pages, no log without the tool', () => {
    const tools = [...READ, 'wikiWritePage']
    const text = buildInstructions({
      domain: undefined,
      schema: frontmatterPresets.notes,
      tools,
      services: none,
    })
    expect(text.startsWith('This server serves a folder of Markdown notes.')).toBe(true)
    for (const absent of [
      'index',
      'log.md',
      'sources.md',
      'overview.md',
      'analisi',
      'lint-',
      'LOG:',
    ])
      expect(text).not.toContain(absent)
    expect(text).toContain('Frontmatter is optional and any YAML keys are kept')
    expect(text).toContain('#tags')
    expect(named(text).sort()).toEqual([...tools].sort())
    expect(bytes(text)).toBeLessThanOrEqual(2048)
  })

  it('mentions index.md and the log only when the wiki has them', () => {
    const text = buildInstructions({
      domain: 'D',
      schema: frontmatterPresets.notes,
      tools: [...READ, ...WRITE],
      services: { ...none, index: true, log: true },
    })
    expect(text).toContain('wikiReadPage("index") first')
    expect(text).toContain('index.md lists')
    expect(text).toContain('(kind is free text)')
    expect(text).not.toContain('sources.md')
  })
})
