// The whole test suite, as the README's quick start and CI run it: build, unit tests, end-to-end
// tests (among them publishing to a local Verdaccio and starting each app with npx), the MCP
// conformance suite and publint. Every step runs even when an earlier one failed,
// so one run reports everything. Ends with `tests: N passed, M failed` counted from vitest's JSON
// reports plus one count per non-vitest step.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'

const root = new URL('..', import.meta.url).pathname
const env = { ...process.env, TURBO_TELEMETRY_DISABLED: '1' }
const groups = ['packages', 'apps', 'internal']
const workspaces = groups.flatMap((g) =>
  existsSync(join(root, g)) ? readdirSync(join(root, g)).map((f) => join(root, g, f)) : [],
)

// Reports from an earlier run must not be counted again.
for (const dir of workspaces) rmSync(join(dir, 'reports'), { recursive: true, force: true })

const run = (title, command, args) => {
  process.stderr.write(`\n== ${title}\n`)
  const result = spawnSync(command, args, {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  return result.status === 0
}

let extraPassed = 0
let extraFailed = 0
const steps = [
  ['build', 'pnpm', ['exec', 'turbo', 'run', 'build']],
  ['unit tests', 'pnpm', ['exec', 'turbo', 'run', 'test', '--force', '--continue']],
  // The registry the publish-and-npx test publishes to, in its own folder (not the workspace).
  ['test registry (Verdaccio)', 'node', ['scripts/install-verdaccio.mjs']],
  [
    'end-to-end tests',
    'pnpm',
    ['exec', 'turbo', 'run', 'test:e2e', '--concurrency=1', '--continue'],
  ],
  ['MCP conformance suite', 'pnpm', ['--filter', '@wiki/mcp-core', 'run', 'conformance']],
  ['publint', 'pnpm', ['exec', 'turbo', 'run', 'publint', '--continue']],
]
const stepFailures = []
for (const [title, command, args] of steps) {
  const ok = run(title, command, args)
  // Vitest steps are counted test by test below; the others count as one test each.
  if (title.endsWith('tests')) {
    if (!ok) stepFailures.push(title)
  } else if (ok) extraPassed++
  else {
    extraFailed++
    stepFailures.push(title)
  }
}

let passed = 0
let failed = 0
for (const dir of workspaces) {
  for (const suite of ['unit', 'e2e']) {
    const file = join(dir, 'reports', `vitest-${suite}.json`)
    if (!existsSync(file)) continue
    const report = JSON.parse(readFileSync(file, 'utf8'))
    passed += report.numPassedTests
    failed += report.numFailedTests
    // A test file that failed to load has no test results but must still count as a failure.
    failed += report.testResults.filter(
      (r) => r.status === 'failed' && r.assertionResults.length === 0,
    ).length
  }
}
// A vitest step that failed without writing any failure (crash, config error) still fails.
if (stepFailures.some((s) => s.endsWith('tests')) && failed === 0) failed++

if (stepFailures.length > 0) process.stderr.write(`\nfailed steps: ${stepFailures.join(', ')}\n`)
console.log(`tests: ${passed + extraPassed} passed, ${failed + extraFailed} failed`)
process.exitCode = failed + extraFailed > 0 ? 1 : 0
