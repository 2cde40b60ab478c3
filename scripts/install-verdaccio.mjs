// Installs Verdaccio, the registry the publish-and-npx test (internal/test-utils/test/e2e/
// publish.test.ts) publishes to, into internal/test-utils/verdaccio with npm ci: its own folder
// and lockfile, so its 300-odd packages stay out of the workspace, its lockfile and every
// `pnpm install`. Pinned at 6.8.0: later 6.x releases want Node 22. Does nothing when the locked
// version is already there. Run by test-all.mjs before the end-to-end tests and by .ci/run.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

const dir = new URL('../internal/test-utils/verdaccio/', import.meta.url).pathname
const lock = JSON.parse(readFileSync(join(dir, 'package-lock.json'), 'utf8'))
const wanted = lock.packages['node_modules/verdaccio'].version
const installedManifest = join(dir, 'node_modules/verdaccio/package.json')
const installed = existsSync(installedManifest)
  ? JSON.parse(readFileSync(installedManifest, 'utf8')).version
  : undefined

if (installed === wanted) {
  process.stdout.write(`verdaccio ${wanted} is installed\n`)
} else {
  process.stdout.write(`installing verdaccio ${wanted} into ${dir}\n`)
  const result = spawnSync(
    'npm',
    ['ci', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'],
    { cwd: dir, stdio: 'inherit' },
  )
  if (result.status !== 0) {
    process.stderr.write(`install-verdaccio: npm ci failed (exit ${result.status})\n`)
    process.exit(1)
  }
}
