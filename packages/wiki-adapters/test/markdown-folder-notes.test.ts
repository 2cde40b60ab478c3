// The `notes` schema on an ordinary folder of Markdown notes: optional frontmatter, any keys kept,
// YAML still checked before anything reaches the disk.
import { mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import {
  createMarkdownFolderSource,
  frontmatterPresets,
  type MarkdownFolderSource,
} from '@wiki/wiki-adapters/markdown-folder'
import { caught, makeWiki, treeHash } from './markdown-folder/helpers.js'

let cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups) await cleanup()
  cleanups = []
})

async function open(
  files: Record<string, string>,
): Promise<{ source: MarkdownFolderSource; wiki: string; base: string }> {
  const made = await makeWiki(files)
  const source = await createMarkdownFolderSource({
    wikiPath: made.wiki,
    schema: frontmatterPresets.notes,
    timeZone: 'UTC',
    watch: false,
  })
  cleanups.push(async () => {
    await source.close()
    await made.cleanup()
  })
  return { source, wiki: made.wiki, base: made.base }
}

const OBSIDIAN = [
  '---',
  'tags: homelab',
  'aliases: [Rack]',
  'cssclasses: [wide]',
  'created: 2024-03-01T10:00',
  '# a comment the user keeps',
  '---',
  '# Server rack',
  '',
  'Body.',
  '',
].join('\n')

describe('notes schema', () => {
  it('writes a page without frontmatter and an edit of an Obsidian page, keys verbatim', async () => {
    const { source, wiki } = await open({ 'rack.md': OBSIDIAN })
    const plain = await source.writePage({ path: 'new/plain.md', content: 'Just text.\n' })
    expect(plain.created).toBe(true)
    const edited = OBSIDIAN.replace('Body.', 'Body, edited.')
    const read = await source.readPage('rack')
    await source.writePage({ path: 'rack.md', content: edited, expectedChecksum: read.sha256 })
    expect(await readFile(path.join(wiki, 'rack.md'), 'utf8')).toBe(edited)
    const again = await source.readPage('rack')
    expect(again.frontmatter).toEqual({
      tags: 'homelab',
      aliases: ['Rack'],
      cssclasses: ['wide'],
      created: '2024-03-01T10:00',
    })
    expect(again.tags).toEqual(['homelab'])
    const listed = await source.listPages()
    expect(listed.pages.find((p) => p.slug === 'rack')?.frontmatter).toEqual(again.frontmatter)
  })

  it('refuses broken YAML with its line and column, and nothing reaches the disk', async () => {
    const { source, base } = await open({ 'rack.md': OBSIDIAN })
    const before = await treeHash(base)
    const error = await caught(
      source.writePage({ path: 'bad.md', content: '---\ntitle: ok\ntags: [a, b\n---\n# Bad\n' }),
    )
    expect(error.code).toBe('invalid_frontmatter')
    expect(error.message).toMatch(/\(line \d+, column \d+\)/)
    expect(await treeHash(base)).toBe(before)
  })

  it('counts status by top-level folder and by tag, in any of the three tag forms', async () => {
    const { source } = await open({
      'rack.md': OBSIDIAN,
      'a/one.md': '---\ntags: [homelab, net]\n---\n# One\n',
      'a/b/two.md': '---\ntags: net, dns\n---\nText #homelab\n',
      'three.md': 'No tags here.\n',
    })
    const status = await source.status()
    expect(status.totalPages).toBe(4)
    expect(status.buckets).toEqual({
      byFolder: { '(root)': 2, a: 2 },
      byTag: { homelab: 3, net: 2, dns: 1, 'no-tags': 1 },
    })
  })

  it('appends a log entry of a free-form kind, one line without "|"', async () => {
    const { source } = await open({ 'log.md': '# Log\n' })
    const result = await source.appendLog({ kind: 'meeting', title: 'Weekly' })
    expect(result.header).toMatch(/^## \[\d{4}-\d{2}-\d{2}\] meeting \| Weekly$/)
    const error = await caught(source.appendLog({ kind: 'a | b', title: 'x' }))
    expect(error.code).toBe('invalid_arguments')
    expect(error.message).toContain('kind')
  })

  it('resolves Obsidian links: aliases, headings, blocks, embeds, relative paths, any case', async () => {
    const { source, wiki } = await open({
      'hardware/server-rack.md': '---\naliases: [Rack, Big Box]\n---\n# Server rack\n',
      'hardware/nas.md': '---\nalias: Storage\n---\n# NAS\n',
      'notes/a.md': [
        '[[rack]] [[Big Box|the box]] [[Storage#Disks]] [[hardware/NAS#^block1]]',
        '![[server-rack]] ![[attachments/rack.png]] ![[diagram.svg]] ![[missing.png]]',
        '[[./sub/c]] [[../hardware/nas]] [[../../outside]] [[dup]] [[v1.2 notes]]',
      ].join('\n'),
      'notes/sub/c.md': '# C\n',
      'x/dup.md': '# Dup\n',
      'y/dup.md': '# Dup\n',
      'v1.2 notes.md': '# Release\n',
    })
    await mkdir(path.join(wiki, 'attachments'))
    await writeFile(path.join(wiki, 'attachments', 'rack.png'), 'png')
    await mkdir(path.join(wiki, 'notes', 'img'))
    await writeFile(path.join(wiki, 'notes', 'img', 'diagram.svg'), '<svg/>')
    const page = await source.readPage('notes/a')
    expect(page.links).toEqual([
      'hardware/server-rack',
      'hardware/nas',
      'attachments/rack.png',
      'notes/img/diagram.svg',
      'missing.png',
      'notes/sub/c',
      'dup',
      'v1.2 notes',
    ])
    const graph = await source.graph()
    expect(graph.broken).toEqual([{ target: 'missing.png', sources: ['notes/a'] }])
    expect(graph.ambiguous).toEqual([
      { target: 'dup', candidates: ['x/dup', 'y/dup'], sources: ['notes/a'] },
    ])
    expect((await source.readPage('big box')).slug).toBe('hardware/server-rack')
    expect((await source.readPage('Storage')).slug).toBe('hardware/nas')
  })

  it('an attachment is found only inside the wiki: a symlink out or a path up is broken', async () => {
    const { source, wiki, base } = await open({ 'a.md': '![[out.png]] ![[x/../../secret.png]]\n' })
    await writeFile(path.join(base, 'secret.png'), 'outside')
    await symlink(path.join(base, 'secret.png'), path.join(wiki, 'out.png'))
    const graph = await source.graph()
    expect(graph.broken.map((entry) => entry.target)).toEqual(['out.png', 'x/../../secret.png'])
  })

  it('a page name wins over another page alias; two pages with one alias are ambiguous', async () => {
    const { source } = await open({
      'rack.md': '# Rack\n',
      'other.md': '---\naliases: [rack, shared]\n---\n',
      'third.md': '---\naliases: shared\n---\n[[rack]] [[shared]]\n',
    })
    expect((await source.readPage('rack')).slug).toBe('rack')
    const error = await caught(source.readPage('shared'))
    expect(error.code).toBe('ambiguous')
    expect((await source.graph()).ambiguous).toEqual([
      { target: 'shared', candidates: ['other', 'third'], sources: ['third'] },
    ])
  })

  it('finds pages by any tag form with the tag filter', async () => {
    const { source } = await open({
      'a.md': '---\ntags: homelab\n---\n# A\n',
      'b.md': '---\ntags: net, homelab\n---\n# B\n',
      'c.md': '---\ntags: [HomeLab]\n---\n# C\n',
      'd.md': '# D\n\nSee #homelab/rack and #homelab\n',
      'e.md': '# E\n',
    })
    const hits = await source.search({ tag: 'homelab' })
    expect(hits.results.map((h) => h.slug)).toEqual(['a', 'b', 'c', 'd'])
    expect(hits.results.find((h) => h.slug === 'd')?.tags).toEqual(['homelab/rack', 'homelab'])
  })

  it('on a large wiki, the whole graph gives counts and problems paged, no edges', async () => {
    const files: Record<string, string> = {}
    for (let i = 0; i < 520; i += 1)
      files[`n/${String(i).padStart(3, '0')}.md`] = `[[gone-${i % 3}]]\n`
    const { source } = await open(files)
    const first = await source.graph()
    expect(first.forward).toEqual({})
    expect(first.reverse).toEqual({})
    expect(first.edgesOmitted).toBe(true)
    expect(first.counts).toMatchObject({ pages: 520, orphans: 520, broken: 3 })
    expect(first.orphans).toHaveLength(200)
    expect(first.nextOffset).toBe(200)
    const last = await source.graph({ offset: 400 })
    expect(last.orphans).toHaveLength(120)
    expect(last.orphans[0]).toBe('n/400')
    expect(last.nextOffset).toBeUndefined()
    expect(last.broken).toEqual([])
    const one = await source.graph({ slug: 'n/007' })
    expect(one.forward).toEqual({ 'n/007': ['gone-1'] })
    expect(one.edgesOmitted).toBeUndefined()
  })
})

describe('adapter messages', () => {
  it('name no MCP tool: the app adds that context', async () => {
    const folder = fileURLToPath(new URL('../src/lib/markdown-folder/', import.meta.url))
    const offenders: string[] = []
    for (const name of await readdir(folder)) {
      const text = await readFile(path.join(folder, name), 'utf8')
      for (const match of text.matchAll(/\bwiki[A-Z][A-Za-z]+\b/g))
        if (!['wikiPath', 'wikiReal'].includes(match[0])) offenders.push(`${name}: ${match[0]}`)
    }
    expect(offenders).toEqual([])
  })
})
