#!/usr/bin/env node
// Benchmark of arch-wiki-mcp's hot path, on the built app (`pnpm --filter "arch-wiki-mcp..." build`).
//  1. `commands` on a cached ~60 KB page (GRUB, whole page and one section): median and p95, with
//     the title cache on (the served path) beside the same call with caching off.
//  2. API requests per tool call over a scripted 50-call session, caching on versus off.
// Data: ../shared/arch-fixtures (read in place) when present, else fixtures/mediawiki/recordings.
// Writes <repo>/bench/results/arch-wiki-mcp.json.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createBackend, siteFrom } from '../dist/create-backend.js'
import { createDirectoryStore } from '../dist/directory-store.js'
import { archWikiTools } from '../dist/server.js'

const here = dirname(fileURLToPath(import.meta.url))
const repo = resolve(here, '../../..')
const shared = resolve(process.env.WIKI_SHARED_DIR ?? join(repo, '../shared'), 'arch-fixtures')
const useShared = existsSync(shared)
const corpus = useShared
  ? {
      dir: shared,
      site: {
        wikiUrl: 'https://wiki.archlinux.org',
        articlePath: '/title/$1',
        apiPath: '/api.php',
      },
      page: 'GRUB',
      anchor: 'Installation',
      session: ['GRUB', 'Installation guide', 'Iwd', 'Pacman', 'Systemd'],
      query: 'GRUB',
    }
  : {
      dir: join(repo, 'fixtures/mediawiki/recordings'),
      site: { wikiUrl: 'http://127.0.0.1:8080', articlePath: '/index.php/$1', apiPath: '/api.php' },
      page: 'Example boot loader',
      anchor: 'Installation',
      session: ['Example boot loader', "Guide d'exemple"],
      query: 'Example boot loader',
    }

function tools(cacheTtlMs, onRequest) {
  const backend = createBackend({
    site: siteFrom(corpus.site),
    source: { offline: createDirectoryStore(corpus.dir), cacheTtl: cacheTtlMs, onRequest },
  })
  return Object.fromEntries(archWikiTools(backend).map((t) => [t.name, t]))
}

async function call(tool, args) {
  const value = await tool.handler(tool.input.parse(args), {})
  return tool.output.parse(value)
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]

async function time(label, fn, iterations) {
  for (let i = 0; i < 20; i++) await fn() // warm up: JIT, caches
  const samples = []
  for (let i = 0; i < iterations; i++) {
    const start = process.hrtime.bigint()
    await fn()
    samples.push(Number(process.hrtime.bigint() - start) / 1e6)
  }
  samples.sort((a, b) => a - b)
  return { label, iterations, median_ms: quantile(samples, 0.5), p95_ms: quantile(samples, 0.95) }
}

// 1. commands on a cached page --------------------------------------------------------------------
const cached = tools(60_000)
const page = await call(cached.page, { title_or_url: corpus.page })
const pageKb = Buffer.byteLength(page.wikitext, 'utf8') / 1024
const latency = [
  await time(
    'commands(page), cached',
    () => call(cached.commands, { title_or_url: corpus.page }),
    200,
  ),
  // A fresh server each time: read the recording, parse, extract. What the first call costs.
  await time(
    'commands(page), first call',
    () => call(tools(60_000).commands, { title_or_url: corpus.page }),
    40,
  ),
  await time(
    'commands(page, anchor), cached',
    () => call(cached.commands, { title_or_url: corpus.page, anchor: corpus.anchor }),
    200,
  ),
  await time(
    'section(page, anchor), cached',
    () => call(cached.section, { title_or_url: corpus.page, anchor: corpus.anchor }),
    200,
  ),
]

// 2. API requests over a scripted 50-call session -------------------------------------------------
function script() {
  const calls = []
  while (calls.length < 50) {
    for (const title of corpus.session) {
      calls.push(['search', { query: corpus.query }])
      calls.push(['sections', { title_or_url: title }])
      calls.push(['commands', { title_or_url: title }])
      calls.push(['warnings', { title_or_url: title }])
      calls.push(['links', { title_or_url: title }])
    }
  }
  return calls.slice(0, 50)
}
async function session(cacheTtlMs) {
  let requests = 0
  const t = tools(cacheTtlMs, () => requests++)
  for (const [name, args] of script()) await call(t[name], args)
  return { calls: 50, requests, requests_per_call: requests / 50 }
}
const sessions = { cached: await session(60_000), cache_off: await session(0) }

// Report ------------------------------------------------------------------------------------------
const result = {
  name: 'arch-wiki-mcp',
  date: new Date().toISOString(),
  node: process.version,
  corpus: useShared ? 'shared/arch-fixtures (recorded Arch Wiki)' : 'fixtures/mediawiki/recordings',
  page: { title: corpus.page, kb: Math.round(pageKb * 10) / 10 },
  latency,
  target: { 'commands(page), cached': { median_ms_below: 2 } },
  sessions,
}
mkdirSync(join(repo, 'bench/results'), { recursive: true })
writeFileSync(
  join(repo, 'bench/results/arch-wiki-mcp.json'),
  `${JSON.stringify(result, null, 2)}\n`,
)

const fmt = (n) => n.toFixed(3).padStart(9)
console.log(
  `arch-wiki-mcp bench — ${result.corpus}, page ${corpus.page} (${result.page.kb} KB), ${process.version}`,
)
console.log('case                                 median ms   p95 ms')
for (const row of latency)
  console.log(`${row.label.padEnd(36)} ${fmt(row.median_ms)} ${fmt(row.p95_ms)}`)
const ratio = latency[1].median_ms / latency[0].median_ms
console.log(`first call / cached (commands, whole page): ${ratio.toFixed(1)}× slower`)
console.log(
  `target: commands on a cached page < 2 ms median — ${latency[0].median_ms < 2 ? 'met' : 'NOT met'}`,
)
console.log(
  `50-call session: ${sessions.cached.requests} API requests cached (${sessions.cached.requests_per_call.toFixed(2)}/call) vs ${sessions.cache_off.requests} with caching off (${sessions.cache_off.requests_per_call.toFixed(2)}/call): ${(sessions.cache_off.requests / Math.max(1, sessions.cached.requests)).toFixed(1)}× fewer`,
)
