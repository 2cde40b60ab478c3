// Compares two builds of @wiki/wikitext-parser: first that they make the same trees, then which
// is faster. The check a parser change needs before it lands, and the oracle a rewrite is held to.
//
//   node bench/compare-builds.mjs <before-dist> [<after-dist>] [--random N] [--rounds N]
//
// <after-dist> defaults to this package's dist (run `pnpm build` first); keep a copy of the dist
// from before a change (`cp -r dist /tmp/before`) to compare with. Trees are compared as JSON
// over the recorded Arch pages (when ../shared is beside the clone), the synthetic corpus and N
// random strings of wikitext syntax (3,000 by default). Speed: passes of the two builds
// alternate in one process, each timed against the scan beside it, as `pnpm bench` does, so the
// machine's fast and slow phases fall on both alike. Exits 1 when any tree differs.
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { archCorpus, scan, seededRandom, syntheticCorpus } from './corpora.mjs'

const here = dirname(fileURLToPath(import.meta.url))
const args = process.argv.slice(2)
const option = (name, fallback) => {
  const at = args.indexOf(name)
  if (at === -1) return fallback
  const value = Number(args[at + 1])
  if (!Number.isInteger(value) || value < 0) {
    process.stderr.write(`${name}: expected a whole number, got ${args[at + 1]}\n`)
    process.exit(2)
  }
  args.splice(at, 2)
  return value
}
const randomCount = option('--random', 3000)
const rounds = option('--rounds', 15)
if (args.length < 1 || args.length > 2 || args.some((arg) => arg.startsWith('-'))) {
  process.stderr.write(
    'usage: node bench/compare-builds.mjs <before-dist> [<after-dist>] [--random N] [--rounds N]\n',
  )
  process.exit(2)
}
const load = async (dist) =>
  (await import(pathToFileURL(join(resolve(dist), 'index.js')).href)).fromWikitext
const before = await load(args[0])
const after = await load(args[1] ?? join(here, '../dist'))

// Random inputs: pieces of every construct, joined; a fixed seed, so a difference reproduces.
const pieces = [
  ...['{{', '}}', '{{{', '}}}', '|', '=', '\n', '[[', ']]', '[', ']', "'''", "''", "'"],
  ...['<!--', '-->', '<pre>', '</pre>', '<nowiki>', '</nowiki>', '<ref>', '</ref>', '<b>'],
  ...['</b>', '<span>', '</span>', '<br/>', '{|', '|}', '|-', '||', '!!', '!', '|+', '*'],
  ...['#', ':', ';', ' ', '----', '&nbsp;', 'http://a.b', '[http://a.b c]', '-{', '}-', '==='],
  ...['==', 'é', '💩', 'a', 'bc', 'File:', 'Category:', '__TOC__', '\r', '\t', '#if:', 'subst:'],
  // Line starts, so block structure (tables, lists, preformatted lines) comes up often.
  ...['\n{|', '\n|', '\n|-', '\n|}', '\n*', '\n#', '\n ', '\n;', '\n:', '\n=='],
  ...['<div>', '</div>', '<p>', '</p>', '<blockquote>', '</blockquote>', '<center>', '</center>'],
  ...['\n<!-- c -->\n', '<!-- c -->'],
]
const random = seededRandom(12345)
const randomInputs = Array.from({ length: randomCount }, () => {
  let text = ''
  const count = 1 + Math.floor(random() * 40)
  for (let index = 0; index < count; index++) text += pieces[Math.floor(random() * pieces.length)]
  return text
})

const arch = archCorpus()
const synthetic = syntheticCorpus(512 * 1024)
let differing = 0
let compared = 0
for (const input of [...(arch ?? []), ...synthetic, ...randomInputs]) {
  compared++
  if (JSON.stringify(before(input)) === JSON.stringify(after(input))) continue
  if (differing++ < 5)
    process.stdout.write(`trees differ for ${JSON.stringify(input).slice(0, 160)}\n`)
}
process.stdout.write(`trees: ${compared} inputs, ${differing} differ\n`)

const pages = arch ?? synthetic
const pass = (run) => {
  const start = performance.now()
  for (const page of pages) run(page)
  return performance.now() - start
}
const clock = () => (pass(scan) + pass(scan) + pass(scan)) / 3
const warmup = performance.now()
while (performance.now() - warmup < 2000) {
  pass(before)
  pass(after)
}
const relative = { before: [], after: [] }
let previous = clock()
for (let round = 0; round < rounds; round++) {
  // Alternate which build goes first, so neither always follows the other's garbage.
  for (const name of round % 2 === 0 ? ['before', 'after'] : ['after', 'before']) {
    const time = pass(name === 'before' ? before : after)
    const next = clock()
    relative[name].push((previous + next) / 2 / time)
    previous = next
  }
}
const sorted = (values) => [...values].sort((a, b) => a - b)
const median = (values) => sorted(values)[values.length >> 1]
// Each round's own ratio (its two passes ran seconds apart at most) shows how far to trust the
// median: this machine's phases move single passes by tens of per cent.
const ratios = sorted(relative.after.map((after, round) => after / relative.before[round]))
const quartile = (q) => ratios[Math.min(ratios.length - 1, Math.floor(q * ratios.length))]
const corpus = arch ? 'Arch pages' : 'synthetic corpus (512 KB)'
process.stdout.write(
  `speed on the ${corpus}, × the scan: before ${median(relative.before).toFixed(4)}, ` +
    `after ${median(relative.after).toFixed(4)}; after/before per round: median ` +
    `${median(ratios).toFixed(3)}×, middle half ${quartile(0.25).toFixed(3)}–${quartile(0.75).toFixed(3)}×\n`,
)
process.exit(differing === 0 ? 0 : 1)
