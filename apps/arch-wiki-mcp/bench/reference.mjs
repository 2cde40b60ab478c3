#!/usr/bin/env node
// arch-wiki-mcp beside the Python reference it replaces (arch-wiki-mcp 2.1.0), on the built app
// (`pnpm --filter "arch-wiki-mcp..." build`). Both servers are spawned over stdio by the same MCP
// client (the official SDK's) and answer from the same recorded Arch Wiki pages, offline:
//  - ours: `node bin.js --stdio` with ARCH_WIKI_OFFLINE=<arch-fixtures>;
//  - the reference: `python3 -m arch_wiki_mcp.server --stdio` with ARCHWIKI_OFFLINE=1 and
//    ARCHWIKI_FIXTURES=<arch-fixtures>, its source read in place from
//    ../shared/peers/arch-wiki-mcp-2.1.0 (never copied into this repository).
// Measured, ours ÷ reference, with the runs of the two servers interleaved so that load on a shared
// machine falls on both alike: spawn → initialized, spawn → first answer, the first call on a page
// in a fresh server, the warm median of each tool, resident memory and CPU of a full session, and
// the bytes of each answer. Also spawn → initialized of all three apps beside a bare Node process
// that answers `initialize` and nothing else (the floor any Node server pays).
// Without the reference or python3 the comparison is skipped, saying why; the app rows still run.
// Writes <repo>/bench/results/arch-wiki-mcp-vs-reference.json.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'

const here = dirname(fileURLToPath(import.meta.url))
const app = resolve(here, '..')
const repo = resolve(app, '../..')
const sharedDir = resolve(process.env.WIKI_SHARED_DIR ?? join(repo, '../shared'))
const fixtures = join(sharedDir, 'arch-fixtures')
const peer = join(sharedDir, 'peers/arch-wiki-mcp-2.1.0')
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7)
const WARM = Number(process.env.BENCH_WARM ?? 25)

const PAGES = [
  'GRUB',
  'Installation guide',
  'Iwd',
  'KDE',
  'Pacman',
  'Systemd',
  'Users and groups',
  'Installation guide (Français)',
]
const QUERIES = ['GRUB', 'wifi not working']
// The tools both servers have (the reference has no verify or recheck).
const TOOLS = ['search', 'page', 'sections', 'section', 'commands', 'warnings', 'links']

function why() {
  if (!existsSync(fixtures)) return `no recorded Arch pages at ${fixtures}`
  if (!existsSync(join(peer, 'src/arch_wiki_mcp/server.py')))
    return `no reference source at ${peer}`
  try {
    execFileSync('python3', ['--version'], { stdio: 'ignore' })
  } catch {
    return 'python3 is not installed'
  }
  return null
}

const servers = {
  ours: {
    command: process.execPath,
    args: [join(app, 'bin.js'), '--stdio'],
    env: {
      ARCH_WIKI_OFFLINE: fixtures,
      // For experiments with V8 flags; unset in the recorded runs.
      ...(process.env.BENCH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS } : {}),
    },
  },
  reference: {
    command: 'python3',
    args: ['-m', 'arch_wiki_mcp.server', '--stdio'],
    env: { ARCHWIKI_OFFLINE: '1', ARCHWIKI_FIXTURES: fixtures, PYTHONPATH: join(peer, 'src') },
  },
}

const CLOCK_TICK_MS = 1000 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }))

/** User + system CPU of a live process, in ms, from /proc. */
function cpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_MS
}

/** Current and peak resident set, in MB, from /proc. */
function memoryMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = (key) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? NaN)
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 }
}

const now = () => Number(process.hrtime.bigint()) / 1e6

async function start(spec) {
  const transport = new StdioClientTransport({
    command: spec.command,
    args: spec.args,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...spec.env },
    stderr: process.env.BENCH_STDERR ? 'inherit' : 'ignore',
  })
  const client = new Client({ name: 'arch-wiki-bench', version: '1.0.0' })
  const t0 = now()
  await client.connect(transport)
  const initialized = now() - t0
  return { client, transport, t0, initialized }
}

async function call(client, name, args) {
  const result = await client.callTool({ name, arguments: args })
  if (result.isError) throw new Error(`${name}(${JSON.stringify(args)}): ${result.content[0].text}`)
  return result
}

/** The JSON object an answer carries (structured when present, else the text). */
const payload = (result) => result.structuredContent ?? JSON.parse(result.content[0].text)

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  const m = s.length >> 1
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2
}

// 1. Fresh servers: spawn → initialized → first answer ---------------------------------------------
async function fresh(spec) {
  const { client, transport, t0, initialized } = await start(spec)
  const t1 = now()
  await call(client, 'commands', { title_or_url: 'GRUB', anchor: 'Installation' })
  const firstCall = now() - t1
  const firstAnswer = now() - t0
  await transport.close()
  return { initialized, firstAnswer, firstCall }
}

// 2. A full session in one server: every tool over every page, then warm repeats ------------------
function sessionCalls(anchors) {
  const calls = QUERIES.map((query) => ['search', { query }])
  for (const title of PAGES) {
    const anchor = anchors[title]
    calls.push(['page', { title_or_url: title }])
    calls.push(['sections', { title_or_url: title }])
    calls.push(['section', { title_or_url: title, anchor }])
    calls.push(['commands', { title_or_url: title }])
    calls.push(['commands', { title_or_url: title, anchor }])
    calls.push(['warnings', { title_or_url: title }])
    calls.push(['links', { title_or_url: title }])
  }
  return calls
}

async function session(spec, anchors) {
  const { client, transport } = await start(spec)
  const pid = transport.pid
  const calls = sessionCalls(anchors)
  const hashes = []
  const bytes = {}
  for (const [name, args] of calls) {
    const result = await call(client, name, args)
    const size = Buffer.byteLength(JSON.stringify(result))
    ;(bytes[name] ??= []).push(size)
    if (name === 'commands') hashes.push(...payload(result).commands.map((c) => c.content_hash))
  }
  // CPU and memory of the whole session, start-up included, before the warm repeats.
  const cpu = cpuMs(pid)
  const memory = memoryMb(pid)
  const answerBytes = Object.fromEntries(
    Object.entries(bytes).map(([k, v]) => [k, v.reduce((a, b) => a + b, 0)]),
  )
  return { client, transport, calls: calls.length, cpu, memory, answerBytes, hashes }
}

const WARM_ARGS = {
  search: { query: 'GRUB' },
  page: { title_or_url: 'GRUB' },
  sections: { title_or_url: 'GRUB' },
  section: { title_or_url: 'GRUB', anchor: 'Installation' },
  commands: { title_or_url: 'GRUB', anchor: 'Installation' },
  warnings: { title_or_url: 'GRUB' },
  links: { title_or_url: 'GRUB' },
}

/**
 * Warm medians per tool, the two servers' calls alternating one by one so that a busy machine
 * slows both alike.
 */
async function warmMedians(sessions) {
  const samples = { ours: {}, reference: {} }
  for (const name of TOOLS) {
    for (let i = 0; i < WARM; i++) {
      const order = i % 2 ? ['reference', 'ours'] : ['ours', 'reference']
      for (const who of order) {
        const t = now()
        await call(sessions[who].client, name, WARM_ARGS[name])
        ;(samples[who][name] ??= []).push(now() - t)
      }
    }
  }
  for (const who of ['ours', 'reference']) {
    sessions[who].warm = Object.fromEntries(TOOLS.map((name) => [name, median(samples[who][name])]))
  }
}

// 3. spawn → initialized for the three apps and bare Node ------------------------------------------
const BARE_NODE = `
const rl = require('node:readline').createInterface({ input: process.stdin })
rl.on('line', (line) => {
  const m = JSON.parse(line)
  if (m.method === 'initialize') process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: m.id,
    result: { protocolVersion: m.params.protocolVersion, capabilities: {},
      serverInfo: { name: 'bare', version: '0' } } }) + '\\n')
})`

function appSpecs(scratch) {
  mkdirSync(join(scratch, 'wiki'), { recursive: true })
  writeFileSync(join(scratch, 'wiki/index.md'), '# Index\n')
  return {
    'bare node': { command: process.execPath, args: ['-e', BARE_NODE], env: {} },
    'arch-wiki-mcp': servers.ours,
    'markdown-wiki-mcp': {
      command: process.execPath,
      args: [join(repo, 'apps/markdown-wiki-mcp/bin.js'), '--stdio', '--read-only'],
      env: { WIKI_PATH: join(scratch, 'wiki'), RAW_PATH: join(scratch, 'raw') },
    },
    'ahawiki-mcp': {
      command: process.execPath,
      args: [join(repo, 'apps/ahawiki-mcp/bin.js'), '--stdio'],
      env: { AHAWIKI_BASE_URL: 'http://127.0.0.1:9', AHAWIKI_API_KEY: 'bench-key' },
    },
  }
}

// Run ---------------------------------------------------------------------------------------------
const skipped = why()
const result = {
  name: 'arch-wiki-mcp-vs-reference',
  date: new Date().toISOString(),
  node: process.version,
  rounds: ROUNDS,
  warm_iterations: WARM,
  reference: skipped ? null : { source: peer, note: 'read in place, never copied' },
  skipped,
  summary: [],
}
const fmt = (n, unit) => `${n.toFixed(n < 10 ? 2 : 1)} ${unit}`
const row = (metric, ours, peerValue, unit, target) => {
  const ratio = ours / peerValue
  result.summary.push({
    metric,
    ours: fmt(ours, unit),
    peer: fmt(peerValue, unit),
    ratio: `${ratio.toFixed(2)}×`,
    ...(target === undefined ? {} : { target: `≤ ${target}×`, met: ratio <= target }),
  })
}

if (skipped) {
  console.log(`arch-wiki-mcp vs reference: skipped (${skipped})`)
} else {
  // The anchors the section calls use: each page's first section that sits on the page itself.
  const anchors = {}
  for (const title of PAGES) {
    const file = join(fixtures, `parse_${title.replace(/[^\p{L}\p{N}]/gu, '_')}.json`)
    const sections = JSON.parse(readFileSync(file, 'utf8')).parse.sections
    anchors[title] =
      sections.find((s) => s.byteoffset !== null && s.fromtitle === title.replaceAll(' ', '_'))
        ?.anchor ?? sections[0].anchor
  }
  const starts = { ours: [], reference: [] }
  for (let round = 0; round < ROUNDS; round++) {
    // Alternate which goes first, so neither always meets a cold disk cache or a busy core.
    const order = round % 2 ? ['reference', 'ours'] : ['ours', 'reference']
    for (const who of order) starts[who].push(await fresh(servers[who]))
  }
  const sessions = { ours: await session(servers.ours, anchors) }
  sessions.reference = await session(servers.reference, anchors)
  await warmMedians(sessions)
  for (const who of ['ours', 'reference']) {
    await sessions[who].transport.close()
    delete sessions[who].client
    delete sessions[who].transport
  }
  // The same work on both sides: the commands blocks, hash by hash (the reference hashes NUL
  // characters where a <nowiki> sits inside italics on Pacman; ours hashes the wikitext).
  const differing = sessions.ours.hashes.filter((h, i) => h !== sessions.reference.hashes[i])
  const pick = (who, key) => median(starts[who].map((s) => s[key]))

  row('spawn → initialized', pick('ours', 'initialized'), pick('reference', 'initialized'), 'ms')
  row(
    'spawn → first answer',
    pick('ours', 'firstAnswer'),
    pick('reference', 'firstAnswer'),
    'ms',
    0.5,
  )
  row(
    'first call on a page, fresh server',
    pick('ours', 'firstCall'),
    pick('reference', 'firstCall'),
    'ms',
    1,
  )
  for (const name of TOOLS)
    row(`${name}, warm median`, sessions.ours.warm[name], sessions.reference.warm[name], 'ms', 0.7)
  row(
    'resident memory after the session',
    sessions.ours.memory.rss,
    sessions.reference.memory.rss,
    'MB',
    2,
  )
  row('peak resident memory', sessions.ours.memory.peak, sessions.reference.memory.peak, 'MB', 2)
  row(
    `server CPU, ${sessions.ours.calls}-call session`,
    sessions.ours.cpu,
    sessions.reference.cpu,
    'ms',
    1,
  )
  const total = (who) => Object.values(sessions[who].answerBytes).reduce((a, b) => a + b, 0) / 1024
  row('answer bytes, whole session', total('ours'), total('reference'), 'KB')
  result.sessions = sessions
  result.starts = starts
  result.command_hashes = {
    ours: sessions.ours.hashes.length,
    reference: sessions.reference.hashes.length,
    differing: differing.length,
  }
  for (const who of ['ours', 'reference']) delete sessions[who].hashes
}

const scratch = mkdtempSync(join(tmpdir(), 'arch-bench-'))
try {
  const specs = appSpecs(scratch)
  const apps = Object.fromEntries(Object.keys(specs).map((k) => [k, []]))
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, spec] of Object.entries(specs)) {
      if (name === 'arch-wiki-mcp' && skipped) spec.env = {}
      const { transport, initialized } = await start(spec)
      apps[name].push(initialized)
      await transport.close()
    }
  }
  const bare = median(apps['bare node'])
  result.apps = {}
  for (const [name, samples] of Object.entries(apps)) {
    result.apps[name] = median(samples)
    if (name !== 'bare node') {
      const ratio = median(samples) / bare
      result.summary.push({
        metric: `${name} spawn → initialized`,
        ours: fmt(median(samples), 'ms'),
        peer: `${fmt(bare, 'ms')} (bare node)`,
        ratio: `${ratio.toFixed(2)}×`,
        target: '≤ 2×',
        met: ratio <= 2,
      })
    }
  }
} finally {
  rmSync(scratch, { recursive: true, force: true })
}

mkdirSync(join(repo, 'bench/results'), { recursive: true })
writeFileSync(
  join(repo, 'bench/results/arch-wiki-mcp-vs-reference.json'),
  `${JSON.stringify(result, null, 2)}\n`,
)
console.log(
  `arch-wiki-mcp vs reference ${skipped ? '(reference skipped)' : ''}— ${process.version}, ${ROUNDS} rounds, ${WARM} warm calls per tool`,
)
console.log(
  `${'metric'.padEnd(44)} ${'ours'.padStart(12)} ${'reference'.padStart(22)} ratio  target`,
)
for (const r of result.summary) {
  console.log(
    `${r.metric.padEnd(44)} ${r.ours.padStart(12)} ${r.peer.padStart(22)} ${r.ratio.padStart(6)} ${r.target ?? ''} ${r.met === undefined ? '' : r.met ? 'met' : 'NOT met'}`,
  )
}
if (!skipped) {
  const { ours, reference, differing } = result.command_hashes
  console.log(`commands hashes: ${ours} ours, ${reference} reference, ${differing} differing`)
}
