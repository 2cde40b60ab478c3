// wikiMovePage killed at random points: after the next start (which replays a committed move's
// journal), the wiki holds either the state before a move or the state after it, never a mix.
import { spawn } from 'node:child_process'
import { readdir, readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createMarkdownFolderSource } from '@wiki/wiki-adapters/markdown-folder'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { within } from './helpers.js'

const ROUNDS = 50
const CHILD = fileURLToPath(new URL('./crash-mover.mjs', import.meta.url))
const FORMS = [
  '[[pagina]]',
  '[[pagina|testo]]',
  '[[note/pagina#Sezione]]',
  '![[pagina]]',
  '[testo](../note/pagina.md)',
]

/** The pages under `root` (dot names, temp files and lock folders are not pages). */
async function pages(root: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {}
  const visit = async (folder: string): Promise<void> => {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || entry.name.endsWith('.lock')) continue
      const file = path.join(folder, entry.name)
      if (entry.isDirectory()) await visit(file)
      else out[path.relative(root, file)] = await readFile(file, 'utf8')
    }
  }
  await visit(root)
  return out
}

/** Removes the lock folders a killed process left (they would go stale after a few seconds). */
async function clearLocks(folder: string): Promise<void> {
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const file = path.join(folder, entry.name)
    if (entry.isDirectory() && entry.name.endsWith('.lock')) await rm(file, { recursive: true })
    else if (entry.isDirectory()) await clearLocks(file)
  }
}

async function makeWiki(base: string): Promise<string> {
  const { mkdir, writeFile } = await import('node:fs/promises')
  const wiki = path.join(base, 'wiki')
  await mkdir(path.join(wiki, 'note'), { recursive: true })
  await mkdir(path.join(wiki, 'fonti'), { recursive: true })
  await writeFile(path.join(wiki, 'note', 'pagina.md'), '# Pagina\n\n## Sezione\n\n[[altra-0]]\n')
  for (let i = 0; i < 12; i += 1) {
    await writeFile(
      path.join(wiki, 'fonti', `altra-${i}.md`),
      `# Altra ${i}\n\nVedi ${FORMS[i % FORMS.length]} e ${FORMS[(i + 1) % FORMS.length]}.\n`,
    )
  }
  return wiki
}

describe('wikiMovePage under SIGKILL', () => {
  let base: string
  let stateA: Record<string, string>
  let stateB: Record<string, string>
  beforeAll(async () => {
    const { mkdtemp } = await import('node:fs/promises')
    const { tmpdir } = await import('node:os')
    base = await mkdtemp(path.join(tmpdir(), 'md-move-crash-'))
    // the two states a move may leave, computed by an uninterrupted move
    const wiki = await makeWiki(path.join(base, 'reference'))
    stateA = await pages(wiki)
    const source = await createMarkdownFolderSource({ wikiPath: wiki, watch: false })
    await source.movePage({ from: 'note/pagina', to: 'archivio/vecchia.md' })
    await source.close()
    stateB = await pages(wiki)
    if (JSON.stringify(stateB) === JSON.stringify(stateA))
      throw new Error('the move changed nothing')
  })
  afterAll(async () => {
    await rm(base, { recursive: true, force: true })
  })

  it(`${ROUNDS} kills at random points leave the old or the new state`, async () => {
    const outcomes = { old: 0, new: 0 }
    let journaled = 0
    for (let round = 0; round < ROUNDS; round += 1) {
      const wiki = await makeWiki(path.join(base, `round-${round}`))
      const child = spawn(process.execPath, [CHILD, wiki, 'note/pagina', 'archivio/vecchia.md'], {
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      let stderr = ''
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')))
      // Listened for from the start: on a fast machine the move can finish, and the mover exit,
      // within the random wait below, before a listener added after it would hear the exit.
      const exited = new Promise<NodeJS.Signals | null>((resolve) =>
        child.once('exit', (_code, signal) => resolve(signal)),
      )
      await within(
        20_000,
        `mover ${round} start-up`,
        new Promise<void>((resolve, reject) => {
          child.stdout.on('data', (chunk: Buffer) => {
            if (chunk.toString('utf8').includes('ready')) resolve()
          })
          child.once('exit', (code) => reject(new Error(`mover exited ${code}: ${stderr}`)))
        }),
      )
      // up to a few moves: the kill lands in any phase of one, the short time between the
      // commit point and the last (parallel) rename included
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 150))
      child.kill('SIGKILL')
      // the mover moves until it is killed: an exit of its own is a failed move
      const signal = await within(10_000, `mover ${round} exit`, exited)
      if (signal !== 'SIGKILL') throw new Error(`mover ${round} stopped by itself: ${stderr}`)
      await clearLocks(wiki)
      if ((await readdir(wiki)).includes('.wiki-mcp-move.json')) journaled += 1
      // the next start replays or ignores the journal
      const { state, graph } = await within(
        30_000,
        `round ${round}: the start after the kill`,
        (async () => {
          const source = await createMarkdownFolderSource({ wikiPath: wiki, watch: false })
          const state = await pages(wiki)
          const graph = await source.graph()
          await source.close()
          return { state, graph }
        })(),
      )
      const shown = JSON.stringify(state)
      const outcome =
        shown === JSON.stringify(stateA) ? 'old' : shown === JSON.stringify(stateB) ? 'new' : 'mix'
      // a mix fails here, showing the round and the files
      expect({ round, outcome, state: outcome === 'mix' ? state : {} }).toEqual({
        round,
        outcome: expect.stringMatching(/^(?:old|new)$/),
        state: {},
      })
      outcomes[outcome === 'new' ? 'new' : 'old'] += 1
      expect(graph.counts.broken).toBe(0)
      expect(await readdir(wiki)).not.toContain('.wiki-mcp-move.json')
    }
    expect(outcomes.old + outcomes.new).toBe(ROUNDS)
    // both outcomes occur: the kills do land on both sides of the commit point
    expect(outcomes.old).toBeGreaterThan(0)
    expect(outcomes.new).toBeGreaterThan(0)
    // and some land after the commit point, before the last rename: the journal finishes them
    expect(journaled).toBeGreaterThan(0)
  }, 240_000)
})
