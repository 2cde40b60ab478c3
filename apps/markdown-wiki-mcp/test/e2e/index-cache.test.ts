// The search index cache on real processes: two servers started at once on one wiki and one cache
// file both answer correctly, and a restart after edits made while no server ran answers as a
// fresh index does.
import { rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, connectStdio, copyFixture } from './helpers.js'

const QUERIES = ['dns', 'locale', 'procedura', 'quokka']

describe('index cache across processes', () => {
  let fixture: Awaited<ReturnType<typeof copyFixture>>
  let cache: string
  beforeAll(async () => {
    fixture = await copyFixture()
    cache = path.join(fixture.base, 'cache', 'wiki.index')
  })
  afterAll(async () => {
    await fixture.cleanup()
  })

  async function answers(env: Record<string, string>): Promise<{ all: unknown[]; stderr: string }> {
    const server = await connectStdio({ WIKI_PATH: fixture.wiki, RAW_PATH: fixture.raw, ...env })
    const all: unknown[] = []
    for (const q of QUERIES) {
      const result = await call(server.client, 'wikiSearch', { q })
      if (!result.ok) throw new Error(result.error.message)
      all.push(
        (result.value.results as { slug: string; score: number }[]).map((hit) => [
          hit.slug,
          hit.score,
        ]),
      )
    }
    await server.close()
    return { all, stderr: server.stderr() }
  }

  it('two servers starting at once on one cache both answer as a fresh index', async () => {
    const fresh = await answers({ WIKI_INDEX_PATH: 'off' })
    expect(fresh.all[0]).not.toEqual([])
    const [a, b] = await Promise.all([
      answers({ WIKI_INDEX_PATH: cache }),
      answers({ WIKI_INDEX_PATH: cache }),
    ])
    expect(a.all).toEqual(fresh.all)
    expect(b.all).toEqual(fresh.all)
    const again = await answers({ WIKI_INDEX_PATH: cache })
    expect(again.all).toEqual(fresh.all)
    expect(again.stderr).not.toContain('discarded')
  })

  it('a restart after edits and deletions made while down answers as a fresh index', async () => {
    await answers({ WIKI_INDEX_PATH: cache })
    await writeFile(
      path.join(fixture.wiki, 'quokka.md'),
      '# Quokka\n\nUn quokka sulla procedura dns.\n',
    )
    await rm(path.join(fixture.wiki, 'index.md'), { force: true })
    const restarted = await answers({ WIKI_INDEX_PATH: cache })
    const fresh = await answers({ WIKI_INDEX_PATH: 'off' })
    expect(restarted.all).toEqual(fresh.all)
    expect(restarted.all[3]).toEqual([['quokka', expect.any(Number)]])
  })
})
