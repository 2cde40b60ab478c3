// Reliability on real processes: concurrent writers with expectedChecksum, concurrent log
// appends, and writers killed between fsync and rename.
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { createMarkdownFolderSource } from '@wiki/wiki-adapters/markdown-folder'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, connectStdio, copyFixture, within } from './helpers.js'

const WRITERS = 4
const ROUNDS = 100
const counterPage = (value: number): string =>
  `---\ntipo: concetto\ntags: [test]\nfonti: []\naggiornato: 2026-11-29\nstato: bozza\n---\n\n# Contatore\n\nvalore: ${value}\n`
const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex')

describe('concurrent writers over stdio', () => {
  let fixture: Awaited<ReturnType<typeof copyFixture>>
  let peers: { client: Client; close: () => Promise<void> }[] = []
  beforeAll(async () => {
    fixture = await copyFixture()
    await writeFile(path.join(fixture.wiki, 'contatore.md'), counterPage(0))
    peers = await Promise.all(
      Array.from({ length: WRITERS }, () =>
        connectStdio({ WIKI_PATH: fixture.wiki, RAW_PATH: fixture.raw }),
      ),
    )
  })
  afterAll(async () => {
    for (const peer of peers) await peer.close()
    await fixture.cleanup()
  })

  it(`${WRITERS} processes × ${ROUNDS} read-modify-write increments with expectedChecksum → exactly ${WRITERS * ROUNDS}`, async () => {
    let stop = false
    const torn: string[] = []
    let reads = 0
    const reader = (async () => {
      while (!stop) {
        const text = await readFile(path.join(fixture.wiki, 'contatore.md'), 'utf8')
        reads += 1
        if (!/^---\n[\s\S]*\n---\n\n# Contatore\n\nvalore: \d+\n$/.test(text))
          torn.push(text.slice(0, 80))
        await new Promise((resolve) => setImmediate(resolve))
      }
    })()
    let conflicts = 0
    await Promise.all(
      peers.map(async ({ client }) => {
        for (let done = 0; done < ROUNDS;) {
          const read = await call(client, 'wikiReadPage', { slug: 'contatore', full: true })
          if (!read.ok) throw new Error(JSON.stringify(read.error))
          const value = Number(/valore: (\d+)/.exec(read.value.fileText as string)?.[1])
          const write = await call(client, 'wikiWritePage', {
            path: 'contatore.md',
            content: counterPage(value + 1),
            expectedChecksum: read.value.sha256,
          })
          if (write.ok) done += 1
          else if (write.error.code === 'conflict') conflicts += 1
          else throw new Error(JSON.stringify(write.error))
        }
      }),
    )
    stop = true
    await reader
    expect(await readFile(path.join(fixture.wiki, 'contatore.md'), 'utf8')).toBe(
      counterPage(WRITERS * ROUNDS),
    )
    expect(torn).toEqual([])
    expect(reads).toBeGreaterThan(0)
    expect(conflicts).toBeGreaterThan(0) // the writers did race
    expect(
      (await readdir(fixture.wiki)).filter(
        (name) => name.startsWith('.') || name.endsWith('.lock'),
      ),
    ).toEqual([])
  })

  it(`${WRITERS} × ${ROUNDS} wikiAppendLog calls leave ${WRITERS * ROUNDS} intact headers`, async () => {
    await Promise.all(
      peers.map(async ({ client }, writer) => {
        for (let i = 0; i < ROUNDS; i += 1) {
          const result = await call(client, 'wikiAppendLog', {
            kind: 'ingest',
            title: `w${writer}-${i}`,
            body: `- Note: ${writer}/${i}`,
          })
          if (!result.ok) throw new Error(JSON.stringify(result.error))
        }
      }),
    )
    const log = await readFile(path.join(fixture.wiki, 'log.md'), 'utf8')
    const headers = [
      ...log.matchAll(/^## \[\d{4}-\d{2}-\d{2}\] ingest \| (w\d-\d+)\n\n- Note: (\d)\/(\d+)$/gm),
    ]
    expect(new Set(headers.map((m) => m[1])).size).toBe(WRITERS * ROUNDS)
    expect(headers.every((m) => m[1] === `w${m[2]}-${m[3]}`)).toBe(true)
  })
})

describe('a writer killed between fsync and rename', () => {
  const CHILD = fileURLToPath(new URL('./crash-writer.mjs', import.meta.url))
  const versionA = counterPage(1).replace('valore: 1', `valore: A\n\n${'alfa '.repeat(30_000)}`)
  const versionB = counterPage(2).replace('valore: 2', `valore: B\n\n${'beta '.repeat(30_000)}`)
  const initial = counterPage(0)
  const allowed = new Set([sha256(initial), sha256(versionA), sha256(versionB)])

  it('leaves the old or the new version 50 times; temp files stay invisible; the next writer takes the stale lock', async () => {
    const fixture = await copyFixture()
    try {
      const target = path.join(fixture.wiki, 'grande.md')
      await writeFile(target, initial)
      const fileA = path.join(fixture.base, 'version-a.txt')
      const fileB = path.join(fixture.base, 'version-b.txt')
      await writeFile(fileA, versionA)
      await writeFile(fileB, versionB)
      for (let round = 0; round < 50; round += 1) {
        // The last round's writer is killed inside a write, so it surely leaves its lock for the
        // next writer to take over; the others die wherever the random delay finds them (between
        // two writes, with no lock, now and then).
        const last = round === 49
        const child = spawn(
          process.execPath,
          [CHILD, fixture.wiki, fileA, fileB, ...(last ? ['hold'] : [])],
          { stdio: ['ignore', 'pipe', 'pipe'] },
        )
        let output = ''
        await within(
          10_000,
          'crash writer start',
          new Promise<void>((resolve, reject) => {
            child.stdout.on('data', (chunk: Buffer) => {
              output += chunk.toString()
              if (output.includes(last ? 'held' : 'writing')) resolve()
            })
            child.once('exit', (code) => reject(new Error(`writer exited early with ${code}`)))
          }),
        )
        if (!last) await new Promise((resolve) => setTimeout(resolve, Math.random() * 60))
        const exited = new Promise((resolve) => child.once('exit', resolve))
        child.kill('SIGKILL')
        await exited
        const hash = sha256(await readFile(target, 'utf8'))
        expect(allowed.has(hash), `round ${round}: torn file ${hash}`).toBe(true)
        // proper-lockfile never treats a lock as stale before 2 s; clear it between rounds so each
        // round starts writing at once, except after the last one, whose lock the next writer takes over
        if (round < 49) await rm(`${target}.lock`, { recursive: true, force: true })
      }
      const source = await createMarkdownFolderSource({
        wikiPath: fixture.wiki,
        watch: false,
        lockTimings: { staleMs: 1000, updateMs: 300, timeoutMs: 10_000 },
      })
      try {
        const listed = await source.listPages({ limit: 500 })
        expect(
          listed.pages.map((p) => p.path).filter((p) => p.includes('.tmp') || p.startsWith('.')),
        ).toEqual([])
        expect(listed.pages.map((p) => p.path)).toContain('grande.md')
        const { stat } = await import('node:fs/promises')
        const lockLeft = await stat(`${target}.lock`).then(
          () => true,
          () => false,
        )
        const result = await source.writePage({ path: 'grande.md', content: initial })
        expect(result.sha256).toBe(sha256(initial))
        expect(lockLeft).toBe(true) // the killed writer did leave its lock behind
        const leftovers = (await readdir(fixture.wiki)).filter((name) => name.endsWith('.tmp'))
        expect(leftovers.every((name) => name.startsWith('.grande.md.'))).toBe(true)
      } finally {
        await source.close()
      }
    } finally {
      await fixture.cleanup()
    }
  }, 400_000)
})
