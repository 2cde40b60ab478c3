import { readFile, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import {
  createMarkdownFolderSource,
  frontmatterPresets,
  type MarkdownFolderSource,
} from '@wiki/wiki-adapters/markdown-folder'
import { makeWiki } from './markdown-folder/helpers.js'

let cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups) await cleanup()
  cleanups = []
})

const QUERIES = ['open ports', 'running processes', 'compres', 'archive', 'tunnel port', 'zzz']

const page = (title: string, body: string): string => `# ${title}\n\n${body}\n`

async function wiki(): Promise<{ root: string; cache: string }> {
  const files: Record<string, string> = {
    'ports.md': page('ports', 'The FreeBSD collection of Makefiles.'),
    'sockets.md': page('Listening services', 'List the open ports with ss.'),
    'ps.md': page('ps', 'Lists every running process.'),
    'tar.md': page('tar', 'Bundles files into one archive; compression with gzip.'),
  }
  for (let i = 0; i < 30; i += 1)
    files[`notes/n${i}.md`] = page(`Note ${i}`, `filler word${i} text`)
  const made = await makeWiki(files)
  cleanups.push(made.cleanup)
  return { root: made.wiki, cache: path.join(made.base, 'cache', 'index.bin') }
}

async function open(
  root: string,
  cache: string | undefined,
  warnings: string[] = [],
): Promise<MarkdownFolderSource> {
  const source = await createMarkdownFolderSource({
    wikiPath: root,
    schema: frontmatterPresets.en,
    timeZone: 'UTC',
    watch: false,
    ...(cache === undefined ? {} : { indexPath: cache }),
    warn: (message) => warnings.push(message),
  })
  cleanups.unshift(() => source.close())
  return source
}

async function answers(source: MarkdownFolderSource): Promise<unknown[]> {
  const all = []
  for (const q of QUERIES) {
    const result = await source.search({ q })
    all.push(result.results.map((hit) => [hit.slug, hit.score, hit.snippet]))
  }
  all.push((await source.search({})).results.map((hit) => hit.slug))
  all.push(await source.graph())
  return all
}

describe('index cache', () => {
  it('a restart with nothing changed reads no page and answers the same', async () => {
    const { root, cache } = await wiki()
    const first = await open(root, cache)
    expect(first.fileReads).toBe(34)
    const expected = await answers(first)
    await first.close()
    const warnings: string[] = []
    const second = await open(root, cache, warnings)
    expect(second.fileReads).toBe(0)
    expect(await answers(second)).toEqual(expected)
    expect(warnings).toEqual([])
  })

  it('after edits, deletions and renames made while down, equals a fresh index', async () => {
    const { root, cache } = await wiki()
    await (await open(root, cache)).close()
    await writeFile(path.join(root, 'ps.md'), page('ps', 'Shows running processes and their PIDs.'))
    await rm(path.join(root, 'ports.md'))
    await rename(path.join(root, 'tar.md'), path.join(root, 'archives.md'))
    await writeFile(path.join(root, 'new.md'), page('Tunnels', 'ssh forwards a port.'))
    const restarted = await open(root, cache)
    // the edited, renamed and added pages only
    expect(restarted.fileReads).toBe(3)
    const fresh = await open(root, undefined)
    expect(await answers(restarted)).toEqual(await answers(fresh))
    expect((await restarted.search({ q: 'ports' })).results.map((h) => h.slug)).not.toContain(
      'ports',
    )
  })

  it('changes made while running reach the cache at close', async () => {
    const { root, cache } = await wiki()
    const running = await open(root, cache)
    await writeFile(path.join(root, 'extra.md'), page('Extra', 'quokka'))
    expect((await running.search({ q: 'quokka' })).total).toBe(1)
    await running.close()
    const restarted = await open(root, cache)
    expect(restarted.fileReads).toBe(0)
    expect((await restarted.search({ q: 'quokka' })).results.map((h) => h.slug)).toEqual(['extra'])
  })

  it.each([
    ['truncated', (bytes: Buffer) => bytes.subarray(0, Math.floor(bytes.length / 2))],
    [
      'garbage after the header',
      (bytes: Buffer) => Buffer.concat([bytes.subarray(0, 24), Buffer.from('garbage')]),
    ],
    ['another program’s file', () => Buffer.from('{"not": "ours"}')],
    ['empty', () => Buffer.alloc(0)],
  ])('a %s cache file is discarded with one line and rebuilt', async (_name, damage) => {
    const { root, cache } = await wiki()
    const first = await open(root, cache)
    const expected = await answers(first)
    await first.close()
    await writeFile(cache, damage(await readFile(cache)))
    const warnings: string[] = []
    const restarted = await open(root, cache, warnings)
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatch(/index cache .* discarded \(.+\); rebuilding it/)
    expect(restarted.fileReads).toBe(34)
    expect(await answers(restarted)).toEqual(expected)
    await restarted.close()
    // rebuilt: the next start trusts it again
    const again = await open(root, cache, warnings)
    expect(again.fileReads).toBe(0)
    expect(warnings).toHaveLength(1)
  })

  it('a cache written with other search settings is discarded', async () => {
    const { root, cache } = await wiki()
    await (await open(root, cache)).close()
    const warnings: string[] = []
    const other = await createMarkdownFolderSource({
      wikiPath: root,
      schema: frontmatterPresets.en,
      language: 'none',
      watch: false,
      indexPath: cache,
      warn: (message) => warnings.push(message),
    })
    cleanups.unshift(() => other.close())
    expect(warnings).toEqual([expect.stringContaining('other search settings')])
    expect(other.fileReads).toBe(34)
  })

  it('refuses a cache path inside the wiki folder', async () => {
    const { root } = await wiki()
    await expect(open(root, path.join(root, 'sub', 'index.bin'))).rejects.toMatchObject({
      code: 'invalid_arguments',
    })
  })

  it('two sources starting at once on one cache both answer correctly', async () => {
    const { root, cache } = await wiki()
    const fresh = await answers(await open(root, undefined))
    const [a, b] = await Promise.all([open(root, cache), open(root, cache)])
    expect(await answers(a)).toEqual(fresh)
    expect(await answers(b)).toEqual(fresh)
    await Promise.all([a.close(), b.close()])
    const third = await open(root, cache)
    expect(third.fileReads).toBe(0)
    expect(await answers(third)).toEqual(fresh)
  })
})
