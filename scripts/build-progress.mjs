// The quick start's build, said aloud: runs `turbo run build` and prints one line per package as
// it finishes (built or taken from turbo's cache) with the time since the start, and a line every
// 10 s naming what is still building, so a first build on a slow machine is never a silent
// minute. Turbo's own output is kept for a failure: a failed package's log is printed in full.
import { spawn } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

const root = new URL('..', import.meta.url).pathname
const started = Date.now()
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`
const say = (line) => process.stdout.write(`${line}\n`)

/** Workspace packages with a build script, by name. */
const buildable = ['packages', 'apps', 'internal'].flatMap((group) =>
  existsSync(join(root, group))
    ? readdirSync(join(root, group))
        .map((folder) => join(root, group, folder, 'package.json'))
        .filter((file) => existsSync(file))
        .map((file) => JSON.parse(readFileSync(file, 'utf8')))
        .filter((manifest) => manifest.scripts?.build)
        .map((manifest) => manifest.name)
    : [],
)
const pending = new Set(buildable)
say(`building ${buildable.length} packages (turbo; unchanged ones come from its cache)`)

// Grouped logs: turbo prints a task's lines together when the task ends, each prefixed with
// `<package>:build: `, the first saying whether it was a cache hit.
const turbo = spawn(
  'turbo',
  [
    'run',
    'build',
    '--output-logs=full',
    '--log-order=grouped',
    '--log-prefix=task',
    ...process.argv.slice(2),
  ],
  {
    cwd: root,
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1', FORCE_COLOR: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  },
)
const logs = new Map()
let buffered = ''
let lastLine = Date.now()
// A task's lines arrive together; its line is printed once they stop, so a failure shows as one.
let group
const finishGroup = () => {
  if (group === undefined) return
  clearTimeout(group.timer)
  const { name } = group
  group = undefined
  if (!pending.has(name)) return
  pending.delete(name)
  lastLine = Date.now()
  const lines = logs.get(name)
  const how = lines.some((l) => /ELIFECYCLE|exited \(\d+\)/.test(l))
    ? 'failed'
    : /cache hit/.test(lines[0])
      ? 'cached'
      : 'built'
  say(`  ${how.padEnd(6)} ${name.padEnd(24)} ${elapsed()}`)
}
const onLine = (line) => {
  const match = /^(\S+):build: (.*)$/.exec(line)
  if (!match) return
  const [, name, text] = match
  if (!logs.has(name)) logs.set(name, [])
  logs.get(name).push(text)
  if (group?.name !== name) {
    finishGroup()
    group = { name }
  }
  clearTimeout(group.timer)
  group.timer = setTimeout(finishGroup, 300)
}
turbo.stdout.on('data', (chunk) => {
  buffered += chunk.toString()
  const lines = buffered.split('\n')
  buffered = lines.pop() ?? ''
  for (const line of lines) onLine(line)
})
let errors = ''
turbo.stderr.on('data', (chunk) => {
  errors += chunk.toString()
})
const heartbeat = setInterval(() => {
  if (Date.now() - lastLine < 10_000 || pending.size === 0) return
  lastLine = Date.now()
  const done = buildable.length - pending.size
  say(
    `  ${done} of ${buildable.length} done, still building ${[...pending].join(', ')} (${elapsed()})`,
  )
}, 1000)

turbo.on('close', (code) => {
  clearInterval(heartbeat)
  if (buffered) onLine(buffered)
  finishGroup()
  if (code === 0) {
    say(`build done in ${elapsed()}`)
    return
  }
  // Only now is turbo's output worth reading: every failed package's log, then turbo's errors.
  for (const [name, lines] of logs) {
    if (lines.some((l) => /ELIFECYCLE|exited \(\d+\)/.test(l))) {
      process.stderr.write(`\n${name}:\n${lines.join('\n')}\n`)
    }
  }
  process.stderr.write(errors)
  process.stderr.write(`build failed after ${elapsed()} (turbo exit ${code})\n`)
  process.exitCode = code ?? 1
})
