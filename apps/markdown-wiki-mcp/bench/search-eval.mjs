// Search quality on our own evaluation set (fixtures/search-eval: an English and an Italian wiki
// and questions whose right pages were fixed before any ranking was tuned): hit@1, hit@5 and MRR
// (reciprocal rank of the first right page in the top 10, 0 when absent), per language and overall.
// BENCH_BASELINE=<path to another build's wiki-adapters/dist/markdown-folder.js> runs that build
// on the same questions in the same run, side by side. Writes
// <repo>/bench/results/markdown-wiki-mcp-search-eval.json; exits 1 when a target is missed.
import { readFile, writeFile, mkdir } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import * as ours from '@wiki/wiki-adapters/markdown-folder'

const FIXTURES = fileURLToPath(new URL('../../../fixtures/search-eval/', import.meta.url))
const RESULT = fileURLToPath(
  new URL('../../../bench/results/markdown-wiki-mcp-search-eval.json', import.meta.url),
)
const TARGETS = { hit1: 0.6, hit5: 0.85 }
const VERBOSE = process.env.BENCH_VERBOSE === '1'

const { questions } = JSON.parse(await readFile(path.join(FIXTURES, 'questions.json'), 'utf8'))
const builds = [{ name: 'this build', module: ours }]
if (process.env.BENCH_BASELINE) {
  const module = await import(pathToFileURL(path.resolve(process.env.BENCH_BASELINE)).href)
  builds.push({ name: 'baseline', module })
}

async function evaluate(module) {
  const sources = {}
  for (const language of ['en', 'it']) {
    sources[language] = await module.createMarkdownFolderSource({
      wikiPath: path.join(FIXTURES, language),
      schema: module.frontmatterPresets[language],
      timeZone: 'UTC',
      watch: false,
    })
  }
  const rows = []
  for (const question of questions) {
    const result = await sources[question.language].search({ q: question.q, topK: 10 })
    const slugs = result.results.map((hit) => hit.slug)
    const rank = slugs.findIndex((slug) => question.expected.includes(slug)) + 1
    rows.push({ ...question, rank, top: slugs.slice(0, 3) })
  }
  for (const source of Object.values(sources)) await source.close()
  return rows
}

function score(rows) {
  const n = rows.length
  const hit1 = rows.filter((r) => r.rank === 1).length / n
  const hit5 = rows.filter((r) => r.rank >= 1 && r.rank <= 5).length / n
  const mrr = rows.reduce((sum, r) => sum + (r.rank > 0 ? 1 / r.rank : 0), 0) / n
  return { questions: n, hit1: round(hit1), hit5: round(hit5), mrr: round(mrr) }
}
const round = (x) => Math.round(x * 1000) / 1000

const measured = []
for (const build of builds) {
  const rows = await evaluate(build.module)
  const scores = {
    all: score(rows),
    en: score(rows.filter((r) => r.language === 'en')),
    it: score(rows.filter((r) => r.language === 'it')),
  }
  measured.push({ name: build.name, scores, misses: rows.filter((r) => r.rank !== 1) })
  if (VERBOSE)
    for (const r of rows.filter((row) => row.rank !== 1))
      process.stderr.write(`${build.name} [${r.language}] "${r.q}" rank ${r.rank}: ${r.top}\n`)
}

const [mine, baseline] = measured
const summary = []
for (const part of ['all', 'en', 'it'])
  for (const metric of ['hit1', 'hit5', 'mrr']) {
    const value = mine.scores[part][metric]
    const target = part === 'all' ? TARGETS[metric] : undefined
    summary.push({
      metric: `${part} ${metric}`,
      ours: value,
      peer: baseline ? baseline.scores[part][metric] : '',
      ratio: '',
      ...(target === undefined ? {} : { target: `>= ${target}`, met: value >= target }),
    })
  }
for (const row of summary)
  process.stdout.write(
    `${row.metric.padEnd(10)} ${String(row.ours).padStart(6)} ${String(row.peer).padStart(8)}${
      row.target ? `  target ${row.target} ${row.met ? 'met' : 'MISSED'}` : ''
    }\n`,
  )
await mkdir(path.dirname(RESULT), { recursive: true })
await writeFile(
  RESULT,
  `${JSON.stringify(
    {
      name: 'markdown-wiki-mcp: search quality on fixtures/search-eval',
      date: new Date().toISOString(),
      node: process.version,
      peer: baseline ? `baseline build (${process.env.BENCH_BASELINE})` : 'none',
      summary,
      misses: Object.fromEntries(measured.map((m) => [m.name, m.misses])),
    },
    null,
    2,
  )}\n`,
)
process.exit(summary.every((row) => row.met !== false) ? 0 : 1)
