// The editing tools over stdio on a copy of the fixture wiki: partial edits, section reads,
// moves, deletes; each conditional, each refused over HTTP.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, connectStdio, copyFixture } from './helpers.js'

let fixture: Awaited<ReturnType<typeof copyFixture>>
let client: Client
let close: () => Promise<void>
beforeAll(async () => {
  fixture = await copyFixture()
  ;({ client, close } = await connectStdio({ WIKI_PATH: fixture.wiki, RAW_PATH: fixture.raw }))
})
afterAll(async () => {
  await close()
  await fixture.cleanup()
})

const onDisk = (page: string): Promise<string> => readFile(path.join(fixture.wiki, page), 'utf8')

describe('wikiEditPage and wikiReadPage with section', () => {
  it('replaces an exact text once, conditionally', async () => {
    const read = await call(client, 'wikiReadPage', { slug: 'concetti/dns' })
    if (!read.ok) throw new Error(read.error.message)
    const before = await onDisk('concetti/dns.md')
    const edited = await call(client, 'wikiEditPage', {
      path: 'concetti/dns.md',
      oldText: 'mette in cache',
      newText: 'conserva in cache',
      expectedChecksum: read.value.sha256,
    })
    expect(edited.ok).toBe(true)
    expect(await onDisk('concetti/dns.md')).toBe(
      before.replace('mette in cache', 'conserva in cache'),
    )
    const stale = await call(client, 'wikiEditPage', {
      path: 'concetti/dns.md',
      oldText: 'conserva',
      newText: 'tiene',
      expectedChecksum: read.value.sha256,
    })
    expect(stale.ok ? 'ok' : stale.error.code).toBe('conflict')
  })

  it('says how many matches a miss had', async () => {
    const result = await call(client, 'wikiEditPage', {
      path: 'concetti/dns.md',
      oldText: 'il',
      newText: 'lo',
    })
    if (result.ok) throw new Error('expected a failure')
    expect(result.error.code).toBe('match_count_mismatch')
    expect(result.error.expected).toBe(1)
    expect(result.error.matches).toBeGreaterThan(1)
  })

  it('reads one section with its checksum and edits it with that checksum', async () => {
    await call(client, 'wikiWritePage', {
      path: 'index.md',
      content: '# Indice\n\n## Concetti\n\n- [[dns]]\n\n## Procedure\n\n- [[backup-nas]]\n',
    })
    const read = await call(client, 'wikiReadPage', { slug: 'index', section: 'concetti' })
    if (!read.ok) throw new Error(read.error.message)
    const section = read.value.section as { text: string; sha256: string; line: number }
    expect(section.text).toBe('## Concetti\n\n- [[dns]]\n\n')
    expect(section.line).toBe(3)
    expect(read.value.fileText).toBeUndefined()
    const edited = await call(client, 'wikiEditPage', {
      path: 'index.md',
      section: 'Concetti',
      mode: 'append',
      text: '- [[dhcp]]',
      expectedChecksum: section.sha256,
    })
    expect(edited.ok).toBe(true)
    expect(await onDisk('index.md')).toBe(
      '# Indice\n\n## Concetti\n\n- [[dns]]\n\n- [[dhcp]]\n\n## Procedure\n\n- [[backup-nas]]\n',
    )
  })
})

describe('wikiMovePage and wikiDeletePage', () => {
  it('moves a page, rewrites the links to it and reports each file written', async () => {
    const moved = await call(client, 'wikiMovePage', {
      from: 'concetti/dhcp',
      to: 'rete/assegnazione-indirizzi.md',
    })
    if (!moved.ok) throw new Error(moved.error.message)
    const changed = moved.value.changed as { path: string; sha256: string }[]
    expect(changed.map((c) => c.path)).toContain('rete/assegnazione-indirizzi.md')
    expect(changed.map((c) => c.path)).toContain('concetti/dns.md')
    expect(await onDisk('concetti/dns.md')).toContain('[[assegnazione-indirizzi]]')
    const graph = await call(client, 'wikiGraph', {})
    if (!graph.ok) throw new Error(graph.error.message)
    expect(graph.value.broken).toEqual([
      { target: 'registro-backup', sources: ['procedure/backup-nas'] },
    ])
  })

  it('refuses to delete a linked page without force and names the backlinks', async () => {
    const refused = await call(client, 'wikiDeletePage', { path: 'entita/nas.md' })
    if (refused.ok) throw new Error('expected has_backlinks')
    expect(refused.error.code).toBe('has_backlinks')
    expect(refused.error.backlinks).toContain('overview')
    const forced = await call(client, 'wikiDeletePage', { path: 'entita/nas.md', force: true })
    if (!forced.ok) throw new Error(forced.error.message)
    expect(forced.value.brokenBacklinks).toContain('overview')
  })
})

describe('wikiRecentChanges and wikiListTags', () => {
  it('lists the page just edited first, and the fixture tags with counts', async () => {
    await call(client, 'wikiEditPage', {
      path: 'entita/router.md',
      oldText: 'gestione su',
      newText: 'pannello su',
    })
    const recent = await call(client, 'wikiRecentChanges', { limit: 1 })
    if (!recent.ok) throw new Error(recent.error.message)
    expect((recent.value.changes as { path: string }[])[0]?.path).toBe('entita/router.md')
    const tags = await call(client, 'wikiListTags', {})
    if (!tags.ok) throw new Error(tags.error.message)
    expect(tags.value.tags).toContainEqual({ tag: 'dns', count: 3 })
    const bad = await call(client, 'wikiRecentChanges', { since: 'ieri' })
    expect(bad.ok ? 'ok' : bad.error.code).toBe('invalid_arguments')
  })
})
