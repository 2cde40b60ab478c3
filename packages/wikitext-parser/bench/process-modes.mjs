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
// Prints ms per pass (median) and MB/s for each, and each mode's time over the isolated time.
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
    const start = performance.now()
    for (const page of pages) fn(page)
    return performance.now() - start
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
    if (list.length > 0) result[name] = { ms: median(list), first: list[0], bytes }
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
const isolated = results.isolated.ours.ms
for (const [mode, measured] of Object.entries(results)) {
  for (const [parser, { ms, first, bytes }] of Object.entries(measured)) {
    const speed = bytes / 1e6 / (ms / 1000)
    const ratio = parser === 'ours' ? `  ${(ms / isolated).toFixed(2)}× isolated` : ''
    process.stdout.write(
      `${mode.padEnd(17)} ${parser.padEnd(16)} ${ms.toFixed(1).padStart(7)} ms/pass (first ${first.toFixed(1)})  ${speed.toFixed(2).padStart(6)} MB/s${ratio}\n`,
    )
  }
}
const inter = results.interleaved
process.stdout.write(
  `interleaved: ours ${(inter.wtf_wikipedia.ms / inter.ours.ms).toFixed(2)}× wtf_wikipedia, ${(inter['wikiparser-node'].ms / inter.ours.ms).toFixed(2)}× wikiparser-node\n`,
)
