// How fast the parser is in a process that does other work, beside how fast it is alone. V8
// optimises a function for the objects it has seen; a garbage collection or another library's
// code in between can throw that code away, and what runs next may be slower than it was warm.
//
//   node --expose-gc bench/process-modes.mjs [--passes N]
//
// Modes, each in a fresh process over the recorded Arch pages (read in place, never copied):
//   isolated          warm-up, then timed passes of our parser alone
//   after-collection  the same, with a full collection (gc()) before every timed pass
//   interleaved       passes of ours, wikiparser-node and wtf_wikipedia in turn, all timed
// Prints ms per pass (median) and MB/s for each, and each mode's time over the isolated time, by
// the wall clock and by the CPU time of the process (all its threads: V8's compiler and collector
// threads count): on a shared machine other processes stretch the wall clock, hardly the CPU.
import { spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { join, dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { archCorpus } from './corpora.mjs'

const here = dirname(fileURLToPath(import.meta.url))
const args = process.argv.slice(2)
const at = args.indexOf('--passes')
const passes = at === -1 ? 15 : Number(args[at + 1])
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

if (args[0] === '--child') {
  const mode = args[1]
  const pages = archCorpus()
  const require = createRequire(import.meta.url)
  const { fromWikitext } = await import(join(here, '../dist/index.js'))
  const ours = (text) => fromWikitext(text)
  const Parser = require('wikiparser-node')
  const node = (text) => Parser.parse(text)
  const wtf = (await import('wtf_wikipedia')).default
  const pass = (fn) => {
    const cpu = process.cpuUsage()
    const start = performance.now()
    for (const page of pages) fn(page)
    const wall = performance.now() - start
    const used = process.cpuUsage(cpu)
    return { wall, cpu: (used.user + used.system) / 1000 }
  }
  const warmStart = performance.now()
  for (let count = 0; count < 3 || performance.now() - warmStart < 1000; count++) {
    pass(ours)
    if (mode === 'interleaved') {
      pass(node)
      pass(wtf)
    }
  }
  const times = { ours: [], 'wikiparser-node': [], wtf_wikipedia: [] }
  for (let index = 0; index < passes; index++) {
    if (mode === 'after-collection') globalThis.gc()
    times.ours.push(pass(ours))
    if (mode === 'interleaved') {
      times['wikiparser-node'].push(pass(node))
      times.wtf_wikipedia.push(pass(wtf))
    }
  }
  const bytes = pages.reduce((sum, page) => sum + Buffer.byteLength(page), 0)
  const result = {}
  for (const [name, list] of Object.entries(times)) {
    if (list.length > 0) {
      const cpu = median(list.map((time) => time.cpu))
      result[name] = { ms: median(list.map((time) => time.wall)), cpu, first: list[0].wall, bytes }
    }
  }
  process.stdout.write(JSON.stringify(result))
  process.exit(0)
}

if (!archCorpus()) {
  process.stdout.write('process modes: skipped (no recorded Arch pages beside the clone)\n')
  process.exit(0)
}
const results = {}
for (const mode of ['isolated', 'after-collection', 'interleaved']) {
  const child = spawnSync(
    process.execPath,
    ['--expose-gc', fileURLToPath(import.meta.url), '--child', mode, '--passes', String(passes)],
    { encoding: 'utf8', maxBuffer: 1 << 24 },
  )
  if (child.status !== 0) {
    process.stdout.write(`${mode}: failed\n${child.stderr}\n`)
    process.exit(1)
  }
  results[mode] = JSON.parse(child.stdout)
}
const isolated = results.isolated.ours
for (const [mode, measured] of Object.entries(results)) {
  for (const [parser, { ms, cpu, first, bytes }] of Object.entries(measured)) {
    const speed = bytes / 1e6 / (ms / 1000)
    const ratio =
      parser === 'ours'
        ? `  ${(ms / isolated.ms).toFixed(2)}× isolated (CPU ${(cpu / isolated.cpu).toFixed(2)}×)`
        : ''
    process.stdout.write(
      `${mode.padEnd(17)} ${parser.padEnd(16)} ${ms.toFixed(1).padStart(7)} ms/pass (first ${first.toFixed(1)}, CPU ${cpu.toFixed(1)})  ${speed.toFixed(2).padStart(6)} MB/s${ratio}\n`,
    )
  }
}
const inter = results.interleaved
const times = (peer, key) => (inter[peer][key] / inter.ours[key]).toFixed(2)
process.stdout.write(
  `interleaved: ours ${times('wtf_wikipedia', 'ms')}× wtf_wikipedia, ${times('wikiparser-node', 'ms')}× wikiparser-node ` +
    `(CPU ${times('wtf_wikipedia', 'cpu')}×, ${times('wikiparser-node', 'cpu')}×)\n`,
)
