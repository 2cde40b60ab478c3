// After `changeset version`: each app's server.json takes its package.json version, for the
// server and for every npm package entry, so the MCP Registry lists the release npm has.
// internal/test-utils/test/server-json.test.ts fails when they differ.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const appsDir = new URL('../apps/', import.meta.url).pathname
const changed = []
for (const app of readdirSync(appsDir)) {
  const file = join(appsDir, app, 'server.json')
  if (!existsSync(file)) continue
  const { name, version } = JSON.parse(readFileSync(join(appsDir, app, 'package.json'), 'utf8'))
  const server = JSON.parse(readFileSync(file, 'utf8'))
  const before = JSON.stringify(server)
  server.version = version
  for (const pkg of server.packages ?? []) {
    if (pkg.registryType === 'npm' && pkg.identifier === name) pkg.version = version
  }
  if (JSON.stringify(server) === before) continue
  writeFileSync(file, `${JSON.stringify(server, null, 2)}\n`)
  changed.push(file)
  process.stdout.write(`${app}/server.json → ${version}\n`)
}
// Written the way the rest of the repository is formatted.
if (changed.length > 0) {
  const prettier = spawnSync('prettier', ['--write', '--log-level=warn', ...changed], {
    stdio: 'inherit',
  })
  process.exitCode = prettier.status ?? 1
}
