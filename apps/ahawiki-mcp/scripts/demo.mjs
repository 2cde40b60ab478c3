#!/usr/bin/env node
// Serves ahawiki-mcp on stdio against a seeded fake AhaWiki: sample pages in Korean and English,
// names with a space, `/` and `+`, one hidden page and one with many hits. A fixed, public demo
// key is used; AHAWIKI_MCP_WRITE=1 is passed through. Nothing here touches a real wiki.
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import {
  DEMO_KEY,
  DEMO_PERMISSIONS,
  demoPages,
  startFakeAhaWiki,
} from '../test/fake/fake-ahawiki.mjs'

const bin = fileURLToPath(new URL('../bin.js', import.meta.url))
if (!existsSync(fileURLToPath(new URL('../dist/main.js', import.meta.url)))) {
  process.stderr.write('ahawiki-mcp demo: build first: pnpm --filter ahawiki-mcp... build\n')
  process.exit(1)
}

const fake = await startFakeAhaWiki({ pages: demoPages(), permissions: DEMO_PERMISSIONS })
process.stderr.write(`ahawiki-mcp demo: fake AhaWiki at ${fake.url}, key ${DEMO_KEY}\n`)

const child = spawn(process.execPath, [bin, ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: {
    ...process.env,
    AHAWIKI_BASE_URL: fake.url,
    AHAWIKI_API_KEY: DEMO_KEY,
  },
})
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.kill(signal))
}
child.on('exit', (code) => {
  void fake.close().then(() => process.exit(code ?? 0))
})
