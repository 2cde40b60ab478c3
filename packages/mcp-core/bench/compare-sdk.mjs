#!/usr/bin/env node
// mcp-core against the official SDKs, same Node, same echo tool with the same zod schemas, at
// both eras in one run: at 2025-06-18 beside the v1 SDK's McpServer (1.32.2), and at
// 2026-07-28 beside the v2 SDK's McpServer (@modelcontextprotocol/server 2.4.0). Build the
// package first: our servers import the built `dist`.
//
//   pnpm --filter @wiki/mcp-core bench            3 rounds, 2 s warm-up + 10 s per run
//   BENCH_QUICK=1 pnpm --filter @wiki/mcp-core bench   1 round, 0.5 s + 2 s, fewer start-ups
//
// Measures requests/s and client-side p50/p99 (stdio: 16 outstanding requests; HTTP: 64 keep-alive
// `tools/call` loops, with bearer auth on our side), errors, idle RSS 5 s after the opening request
// (procfs) and start-up time (spawn → its response, median). The opening request is `initialize`
// at 2025-06-18; at 2026-07-28 there is no handshake, so it is `server/discover`, and every request
// carries the `_meta` envelope (and over HTTP the Mcp-Method and Mcp-Name headers). Each round
// runs the four servers in a rotated order; medians are compared. Prints a side-by-side table per
// era with ratios, writes <repo>/bench/results/mcp-core.json and exits 1 when a target is missed.
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { Agent, request } from 'node:http'
import { fileURLToPath } from 'node:url'

const QUICK = process.env.BENCH_QUICK === '1'
const CONFIG = {
  rounds: QUICK ? 1 : 3,
  warmupMs: QUICK ? 500 : 2_000,
  measureMs: QUICK ? 2_000 : 10_000,
  stdioOutstanding: 16,
  httpLoops: 64,
  idleWaitMs: QUICK ? 1_000 : 5_000,
  startups: QUICK ? 5 : 20,
}
const script = (name) => fileURLToPath(new URL(`./servers/${name}`, import.meta.url))
/** Every server measured, with the revision the bench speaks to it. */
const SIDES = {
  ours: { script: script('ours.mjs'), protocol: '2025-06-18', label: 'mcp-core' },
  sdk: { script: script('sdk.mjs'), protocol: '2025-06-18', label: 'SDK 1.32.2' },
  oursModern: { script: script('ours.mjs'), protocol: '2026-07-28', label: 'mcp-core' },
  sdkV2: { script: script('sdk-v2.mjs'), protocol: '2026-07-28', label: 'SDK v2 2.4.0' },
}
/** The comparisons: ours against the SDK that speaks the same revision. */
const PAIRS = [
  ['ours', 'sdk'],
  ['oursModern', 'sdkV2'],
]
const RESULTS = fileURLToPath(new URL('../../../bench/results/mcp-core.json', import.meta.url))
const TOKEN = randomBytes(24).toString('hex')
const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '0' },
  'io.modelcontextprotocol/clientCapabilities': {},
}
const modern = (side) => SIDES[side].protocol === '2026-07-28'
/** The first request a client sends: the handshake, or discovery where there is none. */
const opening = (side) =>
  modern(side)
    ? { jsonrpc: '2.0', method: 'server/discover', params: { _meta: ENVELOPE } }
    : {
        jsonrpc: '2.0',
        method: 'initialize',
        params: {
          protocolVersion: SIDES[side].protocol,
          capabilities: {},
          clientInfo: { name: 'bench', version: '0' },
        },
      }

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}
const percentile = (values, p) => {
  if (values.length === 0) return NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
}
const echoCall = (side, id) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: {
    name: 'echo',
    arguments: { text: 'benchmark payload' },
    ...(modern(side) ? { _meta: ENVELOPE } : {}),
  },
})
/** A successful echo result, in either server's framing. */
const isEchoSuccess = (message) =>
  message?.result?.structuredContent?.text === 'benchmark payload' && !message.result.isError

/** Spawns a stdio server; `request` resolves with the parsed response to one message. */
function spawnStdio(side) {
  const child = spawn(process.execPath, [SIDES[side].script, 'stdio'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  const pending = new Map()
  let buffer = ''
  child.stdout.setEncoding('utf8')
  child.stdout.on('data', (chunk) => {
    buffer += chunk
    let newline
    while ((newline = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, newline)
      buffer = buffer.slice(newline + 1)
      let message
      try {
        message = JSON.parse(line)
      } catch {
        continue
      }
      const resolve = pending.get(message.id)
      if (resolve) {
        pending.delete(message.id)
        resolve(message)
      }
    }
  })
  let nextId = 1
  return {
    child,
    request(message) {
      const id = nextId++
      return new Promise((resolve) => {
        pending.set(id, resolve)
        child.stdin.write(`${JSON.stringify({ ...message, id })}\n`)
      })
    },
    async stop() {
      child.stdin.end()
      await new Promise((resolve) =>
        child.exitCode !== null ? resolve() : child.once('exit', resolve),
      )
    },
  }
}

/** Spawns an HTTP server and resolves with its endpoint. */
async function spawnHttp(side) {
  const child = spawn(process.execPath, [SIDES[side].script, 'http'], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, MCP_HTTP_TOKEN: TOKEN },
  })
  let stderr = ''
  child.stderr.setEncoding('utf8')
  const url = await new Promise((resolve, reject) => {
    child.stderr.on('data', (chunk) => {
      stderr += chunk
      const match = /^listening (\S+)$/m.exec(stderr)
      if (match) resolve(match[1])
    })
    child.once('exit', (code) => reject(new Error(`${side} http server exited ${code}: ${stderr}`)))
  })
  return {
    url,
    async stop() {
      child.kill('SIGTERM')
      await new Promise((resolve) =>
        child.exitCode !== null ? resolve() : child.once('exit', resolve),
      )
    },
  }
}

/** Runs `start(record)` loops until warm-up + measurement end; returns rps and latencies. */
async function measure(loops, once) {
  const warmEnd = performance.now() + CONFIG.warmupMs
  const end = warmEnd + CONFIG.measureMs
  const latencies = []
  let errors = 0
  async function loop() {
    while (performance.now() < end) {
      const started = performance.now()
      const ok = await once()
      const finished = performance.now()
      if (started >= warmEnd && finished <= end) {
        latencies.push(finished - started)
        if (!ok) errors++
      }
    }
  }
  await Promise.all(Array.from({ length: loops }, loop))
  return {
    rps: latencies.length / (CONFIG.measureMs / 1000),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors,
  }
}

async function stdioRun(side) {
  const server = spawnStdio(side)
  await server.request(opening(side))
  const result = await measure(CONFIG.stdioOutstanding, async () =>
    isEchoSuccess(await server.request(echoCall(side, 0))),
  )
  await server.stop()
  return result
}

function post(agent, url, body, headers) {
  const payload = JSON.stringify(body)
  return new Promise((resolve) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'content-length': Buffer.byteLength(payload),
          ...headers,
        },
      },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk) => (text += chunk))
        res.on('end', () => {
          try {
            resolve(res.statusCode === 200 ? JSON.parse(text) : undefined)
          } catch {
            resolve(undefined)
          }
        })
      },
    )
    req.on('error', () => resolve(undefined))
    req.end(payload)
  })
}

async function httpRun(side) {
  const server = await spawnHttp(side)
  const agent = new Agent({ keepAlive: true, maxSockets: CONFIG.httpLoops })
  // Our server keeps bearer auth on; the SDKs' bare patterns have none.
  const headers = {
    'mcp-protocol-version': SIDES[side].protocol,
    ...(modern(side) ? { 'mcp-method': 'tools/call', 'mcp-name': 'echo' } : {}),
    ...(side.startsWith('ours') ? { authorization: `Bearer ${TOKEN}` } : {}),
  }
  let id = 0
  const result = await measure(CONFIG.httpLoops, async () =>
    isEchoSuccess(await post(agent, server.url, echoCall(side, ++id), headers)),
  )
  agent.destroy()
  await server.stop()
  return result
}

async function idleRssMiB(side) {
  const server = spawnStdio(side)
  await server.request(opening(side))
  await sleep(CONFIG.idleWaitMs)
  const status = readFileSync(`/proc/${server.child.pid}/status`, 'utf8')
  const kib = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1])
  await server.stop()
  return kib / 1024
}

async function startupMs(side) {
  const times = []
  for (let i = 0; i < CONFIG.startups; i++) {
    const started = performance.now()
    const server = spawnStdio(side)
    await server.request(opening(side))
    times.push(performance.now() - started)
    await server.stop()
  }
  return median(times)
}

const runs = Object.fromEntries(Object.keys(SIDES).map((side) => [side, []]))
const names = Object.keys(SIDES)
for (let round = 0; round < CONFIG.rounds; round++) {
  const order = names.map((_, i) => names[(i + round) % names.length])
  for (const side of order) {
    process.stderr.write(`round ${round + 1}/${CONFIG.rounds}: ${side}…\n`)
    runs[side].push({
      stdio: await stdioRun(side),
      http: await httpRun(side),
      idleRssMiB: await idleRssMiB(side),
      startupMs: await startupMs(side),
    })
  }
}

const med = (side, pick) => median(runs[side].map(pick))
const rows = [
  ['stdio requests/s', (r) => r.stdio.rps, 'higher', 1],
  ['stdio p50 ms', (r) => r.stdio.p50, 'info'],
  ['stdio p99 ms', (r) => r.stdio.p99, 'lower', 1],
  ['HTTP requests/s', (r) => r.http.rps, 'higher', 1.5],
  ['HTTP p50 ms', (r) => r.http.p50, 'info'],
  ['HTTP p99 ms', (r) => r.http.p99, 'lower', 1],
  ['idle RSS MiB', (r) => r.idleRssMiB, 'lower', 1],
  ['start-up ms', (r) => r.startupMs, 'lower', 1],
  ['errors (stdio + HTTP)', (r) => r.stdio.errors + r.http.errors, 'zero'],
]
const round2 = (n) => Math.round(n * 100) / 100
const compare = (oursSide, peerSide) =>
  rows.map(([metric, pick, goal, factor]) => {
    const ours = med(oursSide, pick)
    const peer = med(peerSide, pick)
    const ratio = peer === 0 ? (ours === 0 ? 1 : Infinity) : ours / peer
    const target =
      goal === 'higher'
        ? `≥ ${factor}× SDK`
        : goal === 'lower'
          ? '≤ SDK'
          : goal === 'zero'
            ? '0'
            : ''
    const met =
      goal === 'higher'
        ? ratio >= factor
        : goal === 'lower'
          ? ours <= peer
          : goal === 'zero'
            ? ours === 0 && peer === 0
            : true
    return { metric, ours: round2(ours), peer: round2(peer), ratio: round2(ratio), target, met }
  })

const pad = (value, width) => String(value).padStart(width)
const comparisons = PAIRS.map(([oursSide, peerSide]) => {
  const protocol = SIDES[oursSide].protocol
  const summary = compare(oursSide, peerSide)
  process.stdout.write(
    `\nat ${protocol}\n${'metric'.padEnd(24)}${pad('mcp-core', 12)}${pad(SIDES[peerSide].label, 14)}${pad('ratio', 8)}  target\n`,
  )
  for (const row of summary) {
    process.stdout.write(
      `${row.metric.padEnd(24)}${pad(row.ours, 12)}${pad(row.peer, 14)}${pad(row.ratio, 8)}  ${row.target}${row.target ? (row.met ? ' ok' : ' MISSED') : ''}\n`,
    )
  }
  return { protocol, peer: SIDES[peerSide].label, summary }
})
const summary = comparisons.flatMap((comparison) => comparison.summary)
const pass = summary.every((row) => row.met)
mkdirSync(new URL('.', `file://${RESULTS}`), { recursive: true })
writeFileSync(
  RESULTS,
  `${JSON.stringify(
    {
      name: 'mcp-core vs the SDK McpServer at 2025-06-18 (1.32.2) and 2026-07-28 (v2 2.4.0)',
      date: new Date().toISOString(),
      node: process.version,
      quick: QUICK,
      config: CONFIG,
      comparisons,
      pass,
      runs,
    },
    null,
    2,
  )}\n`,
)
process.stdout.write(`\n${pass ? 'all targets met' : 'some targets MISSED'}; wrote ${RESULTS}\n`)
process.exit(pass ? 0 : 1)
