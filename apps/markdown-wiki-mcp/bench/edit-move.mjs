// Latency of wikiEditPage and wikiMovePage on the benchmark's 10,000-page wiki, run after the
// search measurements (it changes pages). The moved page gets exactly 100 inbound links first,
// then moves back and forth, every link to it rewritten each time.
import fs from 'node:fs'
import { open, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { performance } from 'node:perf_hooks'

const EDITS = Number(process.env.BENCH_EDITS ?? 20)
const MOVES = Number(process.env.BENCH_MOVES ?? 10)
const INBOUND = 100

/**
 * Counts fsync and fdatasync calls in this process, whichever API makes them: the number a
 * write waits on, which unlike its time does not depend on the machine's load.
 */
async function countSyncs() {
  const counter = { count: 0 }
  const probe = await open(new URL(import.meta.url), 'r')
  const proto = Object.getPrototypeOf(probe)
  await probe.close()
  const wrap = (owner, name) => {
    const original = owner[name]
    owner[name] = function (...args) {
      counter.count += 1
      return original.apply(this, args)
    }
  }
  for (const name of ['sync', 'datasync']) wrap(proto, name)
  for (const name of ['fsync', 'fsyncSync', 'fdatasync', 'fdatasyncSync']) wrap(fs, name)
  return counter
}

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]
const round = (n, d = 1) => Math.round(n * 10 ** d) / 10 ** d

/** Summary rows in the main bench's shape. */
export async function measureEditAndMove({ createMarkdownFolderSource, root, names, progress }) {
  const target = names[0]
  const basename = target.split('/')[1]
  // Pages linking to the target today, then more until exactly INBOUND link to it.
  const linking = new Set()
  for (const name of names.slice(1)) {
    const text = await readFile(path.join(root, `${name}.md`), 'utf8')
    if (text.includes(`[[${basename}]]`)) linking.add(name)
  }
  for (const name of names.slice(1)) {
    if (linking.size >= INBOUND) break
    if (linking.has(name)) continue
    const file = path.join(root, `${name}.md`)
    await writeFile(file, `${await readFile(file, 'utf8')}Vedi anche [[${basename}]].\n`)
    linking.add(name)
  }
  const syncs = await countSyncs()
  const source = await createMarkdownFolderSource({ wikiPath: root, timeZone: 'UTC' })
  try {
    progress(`edits (${EDITS})`)
    const editTimings = []
    const editSyncs = []
    for (let i = 0; i < EDITS; i += 1) {
      const page = `${names[1000 + i * 37]}.md`
      const t = performance.now()
      const before = syncs.count
      await source.editPage({ path: page, oldText: '\n# ', newText: '\n# Modificata ' })
      editTimings.push(performance.now() - t)
      editSyncs.push(syncs.count - before)
    }
    progress(`moves with ${linking.size} inbound links (${MOVES})`)
    const moveTimings = []
    const moveSyncs = []
    const moveCpu = []
    let rewritten = 0
    const places = [`${target}.md`, `${target.split('/')[0]}/spostata-${basename}.md`]
    for (let i = 0; i < MOVES; i += 1) {
      const [from, to] = i % 2 === 0 ? places : [places[1], places[0]]
      const t = performance.now()
      const before = syncs.count
      const cpu = process.cpuUsage()
      const result = await source.movePage({ from, to })
      moveTimings.push(performance.now() - t)
      const used = process.cpuUsage(cpu)
      moveCpu.push((used.user + used.system) / 1000)
      moveSyncs.push(syncs.count - before)
      rewritten = result.changed.length - 1
    }
    const broken = (await source.graph({ limit: 1 })).counts.broken
    const editMedian = median(editTimings)
    const moveMedian = median(moveTimings)
    return [
      {
        metric: 'wikiEditPage median ms',
        ours: round(editMedian, 2),
        peer: '',
        ratio: '',
        target: '',
        met: true,
      },
      {
        metric: `wikiMovePage median ms (${rewritten} pages rewritten)`,
        ours: round(moveMedian),
        peer: '',
        ratio: '',
        target: '< 200',
        met: moveMedian < 200 && rewritten >= INBOUND,
      },
      {
        metric: 'fsyncs per wikiEditPage (median)',
        ours: median(editSyncs),
        peer: '',
        ratio: '',
        target: '',
        met: true,
      },
      {
        metric: 'fsyncs per wikiMovePage (median)',
        ours: median(moveSyncs),
        peer: '',
        ratio: '',
        target: '',
        met: true,
      },
      {
        metric: 'wikiMovePage median CPU ms',
        ours: round(median(moveCpu)),
        peer: '',
        ratio: '',
        target: '',
        met: true,
      },
      {
        metric: 'broken links after the moves',
        ours: broken,
        peer: '',
        ratio: '',
        target: '',
        met: true,
      },
    ]
  } finally {
    await source.close()
  }
}
