import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readWorkspacePackages } from '../../src/index.js'

// What a user gets from npm: every public package and app packed with `pnpm pack`, installed
// from the tarballs alone into a fresh project with npm, each entry imported and each app run.
const published = readWorkspacePackages().filter((p) => p.group !== 'internal' && !p.json.private)
let project = ''

// Environment an app needs before it will list its tools (no network is touched by tools/list).
const appEnv: Record<string, Record<string, string>> = {
  'ahawiki-mcp': { AHAWIKI_BASE_URL: 'http://127.0.0.1:9', AHAWIKI_API_KEY: 'pack-test-key' },
  'markdown-wiki-mcp': { WIKI_PATH: '' },
  'arch-wiki-mcp': {},
}

beforeAll(() => {
  project = mkdtempSync(join(tmpdir(), 'wiki-mcp-pack-'))
  const tarballs = join(project, 'tarballs')
  for (const pkg of published) {
    execFileSync('pnpm', ['pack', '--pack-destination', tarballs], { cwd: pkg.dir, stdio: 'pipe' })
  }
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({ name: 'pack-check', private: true, type: 'module' }),
  )
  const files = readdirSync(tarballs).map((f) => join(tarballs, f))
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', ...files], {
    cwd: project,
    stdio: 'pipe',
  })
}, 300_000)

afterAll(() => {
  if (project) rmSync(project, { recursive: true, force: true })
})

describe('packed tarballs', () => {
  it('cover every public package and app', () => {
    expect(published.map((p) => p.json.name).sort()).toEqual([
      '@wiki/mcp-core',
      '@wiki/provenance',
      '@wiki/wiki-adapters',
      '@wiki/wikitext-parser',
      'ahawiki-mcp',
      'arch-wiki-mcp',
      'markdown-wiki-mcp',
    ])
  })

  const entries = published
    .filter((p) => p.group === 'packages')
    .flatMap((p) =>
      Object.keys(p.json.exports ?? {})
        .filter((k) => k !== './package.json')
        .map((k) => (k === '.' ? p.json.name : `${p.json.name}${k.slice(1)}`)),
    )

  it.each(entries)('%s imports from the installed tarball with its named exports', (specifier) => {
    const script = `const m = await import(${JSON.stringify(specifier)}); process.stdout.write(JSON.stringify(Object.keys(m)))`
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: project,
      encoding: 'utf8',
    })
    expect(JSON.parse(out)).not.toHaveLength(0)
  })

  const apps = published.filter((p) => p.group === 'apps')

  it.each(apps)('$json.name --version prints the packaged version', (app) => {
    const bin = join(project, 'node_modules', '.bin', app.folder)
    const result = spawnSync(bin, ['--version'], { encoding: 'utf8' })
    expect(result.status).toBe(0)
    expect(result.stdout).toContain((app.json as { version?: string }).version ?? '')
  })

  it.each(apps)('$json.name answers initialize and tools/list over stdio', (app) => {
    const bin = join(project, 'node_modules', '.bin', app.folder)
    const env = { ...process.env, ...appEnv[app.folder] }
    if (app.folder === 'markdown-wiki-mcp')
      env.WIKI_PATH = mkdtempSync(join(tmpdir(), 'pack-wiki-'))
    const input =
      [
        {
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: {
            protocolVersion: '2025-11-25',
            capabilities: {},
            clientInfo: { name: 'pack-test', version: '0' },
          },
        },
        { jsonrpc: '2.0', method: 'notifications/initialized' },
        { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      ]
        .map((m) => JSON.stringify(m))
        .join('\n') + '\n'
    const result = spawnSync(bin, ['--stdio'], { input, env, encoding: 'utf8', timeout: 20_000 })
    const lines = result.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { id: number; result: { tools?: unknown[] } })
    const list = lines.find((l) => l.id === 2)
    expect(list?.result.tools?.length).toBeGreaterThan(0)
  })
})
