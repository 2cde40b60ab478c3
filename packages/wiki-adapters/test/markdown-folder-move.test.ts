import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import {
  createMarkdownFolderSource,
  type MarkdownFolderSource,
} from '@wiki/wiki-adapters/markdown-folder'
import { caught, makeWiki, sha256 } from './markdown-folder/helpers.js'

// Every form of link to notes/target-page.md, written from src/, and what it must become after
// a move to archive/2026/renamed.md.
const FORMS: [string, string][] = [
  ['[[target-page]]', '[[renamed]]'],
  ['[[target-page|the target]]', '[[renamed|the target]]'],
  ['[[notes/target-page]]', '[[archive/2026/renamed]]'],
  ['[[target-page#Details]]', '[[renamed#Details]]'],
  ['[[target-page#Details|see details]]', '[[renamed#Details|see details]]'],
  ['![[target-page]]', '![[renamed]]'],
  ['[[Target-Page]]', '[[renamed]]'],
  ['[[target-page.md]]', '[[renamed.md]]'],
  ['[[ target-page | spaced ]]', '[[ renamed | spaced ]]'],
  ['[text](../notes/target-page.md)', '[text](../archive/2026/renamed.md)'],
  ['[text](../notes/target-page.md#details)', '[text](../archive/2026/renamed.md#details)'],
  ['[text](<../notes/target-page.md>)', '[text](<../archive/2026/renamed.md>)'],
  ['[text](../notes/target-page.md "Title")', '[text](../archive/2026/renamed.md "Title")'],
  ['[text](./../notes/target-page.md)', '[text](../archive/2026/renamed.md)'],
]
const UNTOUCHED =
  'Code `[[target-page]]` stays, and so does [[other]].\n\n```\n[[target-page]]\n```\n'

let made: Awaited<ReturnType<typeof makeWiki>> | undefined
let source: MarkdownFolderSource | undefined
afterEach(async () => {
  await source?.close()
  await made?.cleanup()
  source = undefined
  made = undefined
})

async function open(files: Record<string, string>): Promise<MarkdownFolderSource> {
  made = await makeWiki(files)
  source = await createMarkdownFolderSource({ wikiPath: made.wiki, timeZone: 'UTC', watch: false })
  return source
}

async function allFiles(root: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {}
  const visit = async (folder: string): Promise<void> => {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name)
      if (entry.isDirectory()) await visit(file)
      else out[path.relative(root, file)] = await readFile(file, 'utf8')
    }
  }
  await visit(root)
  return out
}

const target =
  '# Target\n\nSee [the first](../src/p0.md), ![a rack](../attachments/rack.png), [[target-page]] and [[other]].\n\n## Details\n\nMore.\n'

function wiki(): Record<string, string> {
  const files: Record<string, string> = {
    'notes/target-page.md': target,
    'other.md': '# Other\n\nNo link to the target here.\n',
    'attachments/rack.png': 'png',
  }
  for (let i = 0; i < 50; i += 1) {
    const [form] = FORMS[i % FORMS.length] ?? ['', '']
    files[`src/p${i}.md`] = `# P${i}\n\nLink: ${form} and again ${form}.\n\n${UNTOUCHED}`
  }
  return files
}

describe('movePage', () => {
  it('rewrites 50 inbound links of every form: 0 broken after, nothing else changed', async () => {
    const wikiSource = await open(wiki())
    const root = made?.wiki ?? ''
    expect((await wikiSource.graph()).counts.broken).toBe(0)
    const before = await allFiles(root)
    const result = await wikiSource.movePage({
      from: 'notes/target-page',
      to: 'archive/2026/renamed.md',
      expectedChecksum: sha256(target),
    })
    const after = await allFiles(root)
    const expected: Record<string, string> = { ...before }
    delete expected[path.join('notes', 'target-page.md')]
    expected[path.join('archive', '2026', 'renamed.md')] = target
      .replace('../src/p0.md', '../../src/p0.md')
      .replace('../attachments/rack.png', '../../attachments/rack.png')
      .replace('[[target-page]]', '[[renamed]]')
    for (let i = 0; i < 50; i += 1) {
      const [, rewritten] = FORMS[i % FORMS.length] ?? ['', '']
      expected[path.join('src', `p${i}.md`)] =
        `# P${i}\n\nLink: ${rewritten} and again ${rewritten}.\n\n${UNTOUCHED}`
    }
    expect(after).toEqual(expected)
    const graph = await wikiSource.graph()
    expect(graph.counts.broken).toBe(0)
    expect(graph.reverse['archive/2026/renamed']).toHaveLength(51)
    expect(result.changed).toHaveLength(51)
    expect(result.linksRewritten).toBe(100 + 3)
    for (const entry of result.changed) {
      expect(entry.sha256).toBe(sha256(after[entry.path.split('/').join(path.sep)] ?? ''))
    }
    expect(await readdir(root)).not.toContain('.wiki-mcp-move.json')
    expect((await wikiSource.readPage('renamed')).path).toBe('archive/2026/renamed.md')
    expect((await caught(wikiSource.readPage('notes/target-page'))).code).toBe('not_found')
  })

  it('keeps a link pointing where it pointed when the move makes its basename ambiguous', async () => {
    const wikiSource = await open({
      'a/dns.md': '# DNS\n',
      'b/other.md': '# Other\n',
      'index.md': '# I\n\n[[dns]] and [[other]].\n',
    })
    await wikiSource.movePage({ from: 'b/other', to: 'b/dns.md' })
    expect(await readFile(path.join(made?.wiki ?? '', 'index.md'), 'utf8')).toBe(
      '# I\n\n[[a/dns]] and [[b/dns]].\n',
    )
    expect((await wikiSource.graph()).counts).toMatchObject({ broken: 0, ambiguous: 0 })
  })

  it('leaves links alone that still resolve, and files without links untouched', async () => {
    const wikiSource = await open({
      'a/dns.md': '# DNS\n',
      'index.md': '# I\n\n[[dns]]\n',
      'other.md': '# O\n',
    })
    const mtime = (await stat(path.join(made?.wiki ?? '', 'index.md'))).mtimeMs
    const result = await wikiSource.movePage({ from: 'a/dns', to: 'b/dns.md' })
    expect(result.changed.map((c) => c.path)).toEqual(['b/dns.md'])
    expect(result.linksRewritten).toBe(0)
    expect((await stat(path.join(made?.wiki ?? '', 'index.md'))).mtimeMs).toBe(mtime)
  })

  it('refuses an existing target, a stale checksum, a missing page; nothing changes', async () => {
    const wikiSource = await open({ 'a.md': '# A\n\n[[b]]\n', 'b.md': '# B\n\n[[a]]\n' })
    const before = await allFiles(made?.wiki ?? '')
    const exists = await caught(wikiSource.movePage({ from: 'a', to: 'b.md' }))
    expect(exists.code).toBe('invalid_arguments')
    expect(exists.data).toEqual({ fields: ['to'] })
    const stale = await caught(
      wikiSource.movePage({ from: 'a', to: 'c/new.md', expectedChecksum: 'a'.repeat(12) }),
    )
    expect(stale.code).toBe('conflict')
    expect((await caught(wikiSource.movePage({ from: 'zzz', to: 'c.md' }))).code).toBe('not_found')
    expect(await allFiles(made?.wiki ?? '')).toEqual(before)
    // the folder made for the refused target is gone again
    expect(await readdir(made?.wiki ?? '')).toEqual(['a.md', 'b.md'])
  })

  it('finishes a move at the next start when it failed after its commit point', async () => {
    made = await makeWiki({ 'a.md': '# A\n\n[[b]]\n', 'b.md': '# B\n\n[[a]]\n' })
    source = await createMarkdownFolderSource({
      wikiPath: made.wiki,
      watch: false,
      beforeRename: (temp) => {
        if (temp.includes('.b.md.')) throw new Error('simulated crash between renames')
      },
    })
    await expect(source.movePage({ from: 'a', to: 'c.md' })).rejects.toThrow('simulated crash')
    await source.close()
    expect(await readdir(made.wiki)).toContain('.wiki-mcp-move.json')
    source = await createMarkdownFolderSource({ wikiPath: made.wiki, watch: false })
    expect(await allFiles(made.wiki)).toEqual({
      'b.md': '# B\n\n[[c]]\n',
      'c.md': '# A\n\n[[b]]\n',
    })
    expect((await source.graph()).counts.broken).toBe(0)
  })

  it('runs concurrent moves and writes over shared pages without losing any', async () => {
    const files: Record<string, string> = {}
    for (let i = 0; i < 20; i += 1)
      files[`p${i}.md`] = `# P${i}\n\n[[a]] [[b]] [[p${(i + 1) % 20}]]\n`
    files['index.md'] = '# I\n\n[[a]] [[b]]\n'
    files['a.md'] = '# A\n\n[[b]]\n'
    files['b.md'] = '# B\n\n[[a]]\n'
    const wikiSource = await open(files)
    await Promise.all([
      wikiSource.movePage({ from: 'a', to: 'x/a2.md' }),
      wikiSource.movePage({ from: 'b', to: 'y/b2.md' }),
      wikiSource.editPage({ path: 'index.md', oldText: '# I', newText: '# Index' }),
    ])
    const after = await allFiles(made?.wiki ?? '')
    expect(after['index.md']).toBe('# Index\n\n[[a2]] [[b2]]\n')
    expect(after['p3.md']).toBe('# P3\n\n[[a2]] [[b2]] [[p4]]\n')
    expect(after[path.join('x', 'a2.md')]).toBe('# A\n\n[[b2]]\n')
    expect((await wikiSource.graph()).counts.broken).toBe(0)
  })

  it('ignores a planted journal that points outside its rules', async () => {
    made = await makeWiki({ 'a.md': '# A\n' })
    await writeFile(
      path.join(made.wiki, '.wiki-mcp-move.json'),
      JSON.stringify({
        version: 1,
        renames: [{ temp: '../outside.md', target: 'a.md' }],
        remove: 'a.md',
      }),
    )
    source = await createMarkdownFolderSource({ wikiPath: made.wiki, watch: false })
    expect(await allFiles(made.wiki)).toMatchObject({ 'a.md': '# A\n' })
  })
})
