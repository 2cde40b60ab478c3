// A generated Obsidian-style vault (no frontmatter, Obsidian frontmatter, aliases, tags in all
// three forms, embeds of existing and missing attachments, nested folders, a README), served with
// default settings by the built app over stdio: what an ordinary notes user would see.
import { execFileSync } from 'node:child_process'
import { mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, connectStdio } from './helpers.js'

const LONG_BODY = Array.from(
  { length: 60 },
  (_, i) => `- Idea ${i}: try a different layout for the shelf and note what changed.`,
).join('\n')

const VAULT: Record<string, string> = {
  'README.md': '# My vault\n\nStart at [[Daily/2024-03-01]] or the [[rack]].\n',
  'Homelab/Server rack.md': [
    '---',
    'tags: homelab',
    'aliases: [Rack, The Rack]',
    'created: 2024-03-01T09:30',
    'cssclasses: [wide]',
    '---',
    '# Server rack',
    '',
    '![[attachments/rack.png]]',
    '![[missing-photo.jpg]]',
    'See [[NAS#Disks]] and [[NAS#^disk-table|the disk table]]. #hardware',
    '',
  ].join('\n'),
  'Homelab/NAS.md': [
    '---',
    'tags: [homelab, storage]',
    'aliases: Storage box',
    '---',
    '# NAS',
    '',
    '## Disks',
    '',
    'Four disks in RAID 10. ^disk-table',
    '',
  ].join('\n'),
  'Homelab/Network/DNS.md': [
    '---',
    'tags: network, dns',
    '---',
    'Local resolver on the [[../NAS]].',
    '',
    '![[Server rack]]',
    '',
  ].join('\n'),
  'Daily/2024-03-01.md':
    'Worked on the [[rack]] today. #log/daily\n\nAsked [[Storage box]] about [[Nowhere]].\n',
  'Projects/Ideas.md': `---\npublish: false\n---\n# Ideas\n\n${LONG_BODY}\n`,
}

let base: string
let vault: string
let client: Client
let close: () => Promise<void>
let stderr: () => string
const git = (...args: string[]): string =>
  execFileSync('git', args, {
    cwd: vault,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', GIT_CONFIG_NOSYSTEM: '1', HOME: base },
  })

async function tree(root: string): Promise<string[]> {
  const out: string[] = []
  const visit = async (folder: string): Promise<void> => {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name)
      if (entry.name === '.git') continue
      if (entry.isDirectory()) await visit(full)
      else out.push(`${path.relative(root, full)}:${(await stat(full)).size}`)
    }
  }
  await visit(root)
  return out.sort()
}

beforeAll(async () => {
  base = await mkdtemp(path.join(tmpdir(), 'md-vault-e2e-'))
  vault = path.join(base, 'vault')
  for (const [name, text] of Object.entries(VAULT)) {
    await mkdir(path.dirname(path.join(vault, name)), { recursive: true })
    await writeFile(path.join(vault, name), text)
  }
  await mkdir(path.join(vault, 'attachments'))
  await writeFile(path.join(vault, 'attachments', 'rack.png'), Buffer.from([0x89, 0x50, 0x4e]))
  await writeFile(path.join(base, 'outside.md'), '# Outside\n')
  git('init', '-q')
  git('add', '-A')
  git('-c', 'user.name=t', '-c', 'user.email=t@example.org', 'commit', '-qm', 'vault')
  // default settings: no RAW_PATH, no WIKI_SCHEMA
  ;({ client, close, stderr } = await connectStdio({ WIKI_PATH: vault, WIKI_TZ: 'UTC' }))
  await client.listTools()
})
afterAll(async () => {
  await close()
  await rm(base, { recursive: true, force: true })
})

async function ok(name: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
  const result = await call(client, name, args)
  if (!result.ok) throw new Error(`${name}: ${JSON.stringify(result.error)}`)
  return result.value
}

describe('an Obsidian-style vault with default settings', () => {
  it('chooses the notes schema, says why, and offers no log tool', async () => {
    expect(stderr()).toContain(
      'schema notes chosen by auto: no LLM-wiki service pages; 0 of 6 sampled pages carry the it or en fields',
    )
    const tools = (await client.listTools()).tools.map((t) => t.name)
    expect(tools).toContain('wikiWritePage')
    expect(tools).not.toContain('wikiAppendLog')
  })

  it('reads by alias, with tags, aliases, resolved embeds and the page once', async () => {
    const page = await ok('wikiReadPage', { slug: 'the rack' })
    expect(page).toMatchObject({
      slug: 'Homelab/Server rack',
      tags: ['homelab', 'hardware'],
      aliases: ['Rack', 'The Rack'],
      frontmatter: {
        tags: 'homelab',
        aliases: ['Rack', 'The Rack'],
        created: '2024-03-01T09:30',
        cssclasses: ['wide'],
      },
    })
    expect(page.links).toEqual(['attachments/rack.png', 'missing-photo.jpg', 'Homelab/NAS'])
    expect(page.fileText).toBeUndefined()
    expect(JSON.stringify(page)).not.toContain('fonti')
    const dns = await ok('wikiReadPage', { slug: 'dns' })
    expect(dns.tags).toEqual(['network', 'dns'])
    expect(dns.links).toEqual(['Homelab/NAS', 'Homelab/Server rack'])
  })

  it('answers a read in at most 1.2 times the size of the file', async () => {
    const bytes = (await stat(path.join(vault, 'Projects/Ideas.md'))).size
    const page = await ok('wikiReadPage', { slug: 'Projects/Ideas' })
    const ratio = Buffer.byteLength(JSON.stringify(page)) / bytes
    expect(ratio).toBeLessThanOrEqual(1.2)
    const full = await ok('wikiReadPage', { slug: 'Projects/Ideas', full: true })
    expect(full.content).toBeUndefined()
    expect(full.fileText).toBe(await readFile(path.join(vault, 'Projects/Ideas.md'), 'utf8'))
  })

  it('leaves empty and file-only fields out of a default read, and keeps them with full', async () => {
    // README.md: no frontmatter, no tags, no aliases, not cut
    const page = await ok('wikiReadPage', { slug: 'README' })
    expect(Object.keys(page).sort()).toEqual(
      ['content', 'links', 'path', 'sha256', 'slug', 'title', 'updatedAt'].sort(),
    )
    const full = await ok('wikiReadPage', { slug: 'README', full: true })
    expect(full).toMatchObject({ frontmatter: {}, tags: [], aliases: [], truncated: false })
    expect(full.size).toBe(Buffer.byteLength(VAULT['README.md'] ?? ''))
    expect(full.sha256).toBe(page.sha256)
    // a cut body says so
    const cut = await ok('wikiReadPage', { slug: 'Projects/Ideas', maxChars: 1000 })
    expect(cut.truncated).toBe(true)
    expect((cut.content as string).length).toBe(1000)
  })

  it('searches words and every tag form', async () => {
    const rack = await ok('wikiSearch', { q: 'rack' })
    expect((rack.results as { slug: string }[])[0]?.slug).toBe('Homelab/Server rack')
    const slugs = async (tag: string): Promise<string[]> =>
      ((await ok('wikiSearch', { tag })).results as { slug: string }[]).map((r) => r.slug)
    expect(await slugs('homelab')).toEqual(['Homelab/NAS', 'Homelab/Server rack'])
    expect(await slugs('dns')).toEqual(['Homelab/Network/DNS'])
    expect(await slugs('log/daily')).toEqual(['Daily/2024-03-01'])
  })

  it('graphs links by alias, relative path, heading, block and embed; only missing files break', async () => {
    const graph = await ok('wikiGraph', {})
    expect(graph.broken).toEqual([
      { target: 'Nowhere', sources: ['Daily/2024-03-01'] },
      { target: 'missing-photo.jpg', sources: ['Homelab/Server rack'] },
    ])
    expect(graph.ambiguous).toEqual([])
    expect((graph.forward as Record<string, string[]>)['Daily/2024-03-01']).toEqual([
      'Homelab/Server rack',
      'Homelab/NAS',
      'Nowhere',
    ])
    expect(graph.orphans).toEqual(['Homelab/Network/DNS', 'Projects/Ideas', 'README'])
  })

  it('lists a folder by the folder argument, with the frontmatter as written', async () => {
    const list = await ok('wikiListPages', { folder: 'Homelab' })
    const pages = list.pages as { slug: string; frontmatter: Record<string, unknown> }[]
    expect(pages.map((p) => p.slug)).toEqual([
      'Homelab/NAS',
      'Homelab/Network/DNS',
      'Homelab/Server rack',
    ])
    expect(pages[0]?.frontmatter).toEqual({ tags: ['homelab', 'storage'], aliases: 'Storage box' })
    const italian = await call(client, 'wikiListPages', { categoria: 'Homelab' })
    expect(italian.ok ? undefined : italian.error.code).toBe('invalid_arguments')
  })

  it('counts status by folder and tag, in English', async () => {
    const status = await ok('wikiStatus', {})
    expect(status.byFolder).toEqual({ Homelab: 3, '(root)': 1, Daily: 1, Projects: 1 })
    expect(status.byTag).toMatchObject({ homelab: 2, dns: 1, 'log/daily': 1, 'no-tags': 2 })
    expect(JSON.stringify(status)).not.toMatch(/senza|byTipo/)
  })

  it('writes: conditional edit, conflict, new note without frontmatter, bad YAML refused', async () => {
    const read = await ok('wikiReadPage', { slug: 'Storage box', full: true })
    const edited = (read.fileText as string).replace('RAID 10', 'RAID 6')
    const written = await ok('wikiWritePage', {
      path: 'Homelab/NAS.md',
      content: edited,
      expectedChecksum: read.sha256,
    })
    expect(written).toMatchObject({ success: true, created: false })
    const stale = await call(client, 'wikiWritePage', {
      path: 'Homelab/NAS.md',
      content: edited,
      expectedChecksum: read.sha256,
    })
    expect(stale.ok ? undefined : stale.error.code).toBe('conflict')
    const created = await ok('wikiWritePage', {
      path: 'Inbox/new note.md',
      content: 'A thought about the [[rack]]. #idea\n',
      expectedChecksum: '',
    })
    expect(created).toMatchObject({ success: true, created: true })
    const bad = await call(client, 'wikiWritePage', {
      path: 'Inbox/bad.md',
      content: '---\ntags: [a, b\n---\nText\n',
    })
    expect(bad.ok ? undefined : bad.error.code).toBe('invalid_frontmatter')
    expect(bad.ok ? '' : bad.error.message).toMatch(/line \d+, column \d+/)
  })

  it('leaves only the intended edits: git diff shows them, nothing outside changed', async () => {
    expect(
      git('status', '--porcelain', '--untracked-files=all').split('\n').filter(Boolean).sort(),
    ).toEqual([' M Homelab/NAS.md', '?? "Inbox/new note.md"'])
    expect(git('diff', '--numstat')).toBe('1\t1\tHomelab/NAS.md\n')
    const files = (await tree(base)).map((entry) => entry.replace(/:\d+$/, ''))
    expect(files).toEqual(
      [
        'outside.md',
        ...Object.keys(VAULT).map((name) => `vault/${name}`),
        'vault/attachments/rack.png',
        'vault/Inbox/new note.md',
      ].sort(),
    )
    expect(await readFile(path.join(base, 'outside.md'), 'utf8')).toBe('# Outside\n')
  })
})
