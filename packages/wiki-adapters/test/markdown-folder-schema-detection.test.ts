import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { detectFrontmatterSchema } from '@wiki/wiki-adapters/markdown-folder'
import { itPage, makeWiki } from './markdown-folder/helpers.js'

const EXAMPLE = fileURLToPath(new URL('../../../fixtures/markdown-wiki/wiki/', import.meta.url))

let cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups) await cleanup()
  cleanups = []
})

async function folder(files: Record<string, string>): Promise<string> {
  const made = await makeWiki(files)
  cleanups.push(made.cleanup)
  return made.wiki
}

const enPage = (title: string): string =>
  `---\ntype: concept\ntags: [x]\nsources: []\nupdated: 2026-01-01\nstatus: draft\n---\n# ${title}\n`

describe('detectFrontmatterSchema', () => {
  it('picks it for the example wiki, by its pages and service pages', () => {
    const detected = detectFrontmatterSchema(EXAMPLE)
    expect(detected.name).toBe('it')
    expect(detected.reason).toMatch(/of \d+ sampled pages carry its fields \(tipo, fonti/)
  })

  it('picks en when most pages carry the en keys', async () => {
    const wiki = await folder({ 'a.md': enPage('A'), 'b.md': enPage('B'), 'c.md': '# C\n' })
    const detected = detectFrontmatterSchema(wiki)
    expect(detected.name).toBe('en')
    expect(detected.reason).toContain('2 of 3 sampled pages')
  })

  it('picks notes for an Obsidian-style folder, even with an index.md', async () => {
    const wiki = await folder({
      'index.md': '# Home\n',
      'README.md': '# Readme\n',
      'note.md': '---\ntags: homelab\naliases: [Rack]\nstatus: draft\n---\n# Note\n',
      'sub/other.md': 'No frontmatter at all.\n',
    })
    const detected = detectFrontmatterSchema(wiki)
    expect(detected.name).toBe('notes')
    expect(detected.schema.fields).toEqual([])
    expect(detected.reason).toBe(
      'only index.md of the LLM-wiki service pages; 0 of 3 sampled pages carry the it or en fields',
    )
  })

  it('picks a preset for a new LLM wiki that has only its service pages', async () => {
    const wiki = await folder({ 'index.md': '# Indice\n', 'log.md': '# Log\n' })
    expect(detectFrontmatterSchema(wiki)).toMatchObject({
      name: 'it',
      reason: expect.stringContaining('LLM-wiki service pages index.md, log.md') as unknown,
    })
    const notes = await folder({ 'a.md': itPage('A', 'x'), 'b.md': '# B', 'c.md': '# C' })
    expect(detectFrontmatterSchema(notes).name).toBe('notes')
  })
})
