// Latency of wikiEditPage and wikiMovePage on the benchmark's 10,000-page wiki, run after the
// search measurements (it changes pages). The moved page gets exactly 100 inbound links first,
// then moves back and forth, every link to it rewritten each time.
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { performance } from 'node:perf_hooks'

const EDITS = Number(process.env.BENCH_EDITS ?? 20)
const MOVES = Number(process.env.BENCH_MOVES ?? 10)
const INBOUND = 100

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
  const source = await createMarkdownFolderSource({ wikiPath: root, timeZone: 'UTC' })
  try {
    progress(`edits (${EDITS})`)
    const editTimings = []
    for (let i = 0; i < EDITS; i += 1) {
      const page = `${names[1000 + i * 37]}.md`
      const t = performance.now()
      await source.editPage({ path: page, oldText: '\n# ', newText: '\n# Modificata ' })
      editTimings.push(performance.now() - t)
    }
    progress(`moves with ${linking.size} inbound links (${MOVES})`)
    const moveTimings = []
    let rewritten = 0
    const places = [`${target}.md`, `${target.split('/')[0]}/spostata-${basename}.md`]
    for (let i = 0; i < MOVES; i += 1) {
      const [from, to] = i % 2 === 0 ? places : [places[1], places[0]]
      const t = performance.now()
      const result = await source.movePage({ from, to })
      moveTimings.push(performance.now() - t)
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
