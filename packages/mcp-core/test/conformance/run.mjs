#!/usr/bin/env node
// Runs the official MCP conformance suite (@modelcontextprotocol/conformance 0.1.13) against the
// fixture server in `http --no-auth` mode on an ephemeral 127.0.0.1 port. Build the package first:
// this script builds nothing.
//
// The suite's own output goes to a file, because its `Total: N passed, M failed` line also counts
// the expected failures listed in baseline.yml. This script prints its own verdict as the last
// line and exits with the suite's status: non-zero on a new failure or on a stale baseline entry
// (a listed scenario that now passes).
import { spawn } from 'node:child_process'
import { createWriteStream, existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { MUST_PASS, baselineUrl } from './baseline.mjs'

const packageDir = fileURLToPath(new URL('../../', import.meta.url))
const fixture = fileURLToPath(new URL('../fixtures/fixture-server.mjs', import.meta.url))
const baseline = fileURLToPath(baselineUrl)

if (!existsSync(join(packageDir, 'dist', 'index.js'))) {
  process.stderr.write('conformance: dist/ is missing; run `pnpm --filter @wiki/mcp-core build`\n')
  process.exit(2)
}

const outDir = mkdtempSync(join(tmpdir(), 'mcp-core-conformance-'))
const logPath = join(outDir, 'suite.log')

/** Starts the fixture and resolves with its endpoint once it prints `listening <url>`. */
function startFixture() {
  const child = spawn(process.execPath, [fixture, 'http', '--no-auth'], {
    cwd: packageDir,
    env: { ...process.env, MCP_HTTP_PORT: '0' },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  const url = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`fixture did not start:\n${stderr}`)), 15_000)
    child.stderr.setEncoding('utf8')
    child.stderr.on('data', (chunk) => {
      stderr += chunk
      const match = /^listening (\S+)$/m.exec(stderr)
      if (match) {
        clearTimeout(timer)
        resolve(match[1])
      }
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`fixture exited with ${code} before listening:\n${stderr}`))
    })
  })
  return { child, url }
}

function runSuite(url) {
  return new Promise((resolve) => {
    const log = createWriteStream(logPath)
    const suite = spawn(
      'pnpm',
      [
        'exec',
        'conformance',
        'server',
        '--url',
        url,
        '--expected-failures',
        baseline,
        '-o',
        outDir,
      ],
      { cwd: packageDir, stdio: ['ignore', 'pipe', 'pipe'] },
    )
    suite.stdout.pipe(log, { end: false })
    suite.stderr.pipe(log, { end: false })
    suite.once('close', (code) => log.end(() => resolve(code ?? 1)))
  })
}

/** Reads each scenario's checks.json from the output folder: scenario → every check succeeded. */
function scenarioOutcomes() {
  const outcomes = new Map()
  for (const entry of readdirSync(outDir, { withFileTypes: true })) {
    const match = /^server-(.+)-\d{4}-\d{2}-\d{2}T/.exec(entry.name)
    if (!entry.isDirectory() || !match) continue
    const checks = JSON.parse(readFileSync(join(outDir, entry.name, 'checks.json'), 'utf8'))
    outcomes.set(match[1], checks.length > 0 && checks.every((check) => check.status === 'SUCCESS'))
  }
  return outcomes
}

const { child, url: urlPromise } = startFixture()
let code = 1
let verdict
try {
  const url = await urlPromise
  code = await runSuite(url)
  // The suite's exit code already covers new failures and stale entries; this also guards
  // against a required scenario silently not running.
  const outcomes = scenarioOutcomes()
  const missing = MUST_PASS.filter((scenario) => outcomes.get(scenario) !== true)
  const passed = [...outcomes.values()].filter(Boolean).length
  if (code === 0 && missing.length > 0) code = 1
  verdict =
    code === 0
      ? `conformance: PASS (${passed} of ${outcomes.size} scenarios pass, all ${MUST_PASS.length} required ones among them; the rest are baseline entries); full output in ${logPath}`
      : `conformance: FAIL (exit ${code}${missing.length > 0 ? `; required scenarios not passing: ${missing.join(', ')}` : ': a new failure or a stale baseline entry'}); see ${logPath}`
} catch (error) {
  verdict = `conformance: ERROR ${error instanceof Error ? error.message : String(error)}`
  code = code || 1
} finally {
  child.kill('SIGTERM')
}
process.stdout.write(`${verdict}\n`)
process.exit(code)
