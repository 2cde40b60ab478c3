import { execFileSync, spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { readWorkspacePackages, repoPath } from '../../src/index.js'

// The README's first command ends in `node scripts/demo.mjs`: it must succeed, print the same
// transcript every time, and carry provenance that the arch-wiki-mcp CLI verifies independently.
const runDemo = (): string =>
  execFileSync(process.execPath, [repoPath('scripts/demo.mjs')], {
    cwd: repoPath(),
    encoding: 'utf8',
    timeout: 120_000,
  })

describe('the demo', () => {
  it('is stable and its cited hashes verify against the recorded revision', () => {
    const first = runDemo()
    expect(runDemo()).toBe(first)
    expect(first).toContain('verify(evidence) → reproduced: true')
    expect(first).toMatch(
      /revision_url +http:\/\/127\.0\.0\.1:8080\/index\.php\?oldid=\d+#Installation/,
    )
    expect(first).toContain('refused, invalid_path')
    expect(first).toContain('refused, revision_conflict')
    expect(first).toMatch(/ahawiki_save_page → saved as revision \d+/)

    const revid = /oldid=(\d+)#Installation/.exec(first)?.[1]
    const hash = /content_hash +([0-9a-f]{64})\n/.exec(first)?.[1]
    expect(revid).toBeDefined()
    expect(hash).toBeDefined()
    const verify = spawnSync(
      process.execPath,
      [
        repoPath('apps/arch-wiki-mcp/bin.js'),
        '--wiki-url',
        'http://127.0.0.1:8080',
        '--article-path',
        '/index.php/$1',
        'verify',
        '--revid',
        revid!,
        '--content-hash',
        hash!,
        '--source-pattern',
        'template_bc',
      ],
      {
        encoding: 'utf8',
        env: { ...process.env, ARCH_WIKI_OFFLINE: repoPath('fixtures/mediawiki/recordings') },
      },
    )
    expect(verify.status).toBe(0)
    expect(JSON.parse(verify.stdout)).toMatchObject({ reproduced: true, computed_hash: hash })
  })
})

describe("the demo's build", () => {
  it('says what it builds: a line per package with the elapsed time, then the total', () => {
    const run = spawnSync(process.execPath, [repoPath('scripts/build-progress.mjs')], {
      cwd: repoPath(),
      encoding: 'utf8',
      env: { ...process.env, PATH: `${repoPath('node_modules/.bin')}:${process.env.PATH ?? ''}` },
      timeout: 600_000,
    })
    expect(run.status === 0 ? 'exit 0' : run.stderr.slice(-2000)).toBe('exit 0')
    const lines = run.stdout.trimEnd().split('\n')
    const built = readWorkspacePackages()
      .filter((p) => (p.json as { scripts?: { build?: string } }).scripts?.build)
      .map((p) => p.json.name)
      .sort()
    const reported = lines
      .map((line) => /^ {2}(?:built|cached) +(\S+) +\d+\.\d s$/.exec(line)?.[1])
      .filter((name) => name !== undefined)
      .sort()
    expect(reported).toEqual(built)
    expect(lines[0]).toBe(
      `building ${built.length} packages (turbo; unchanged ones come from its cache)`,
    )
    expect(lines.at(-1)).toMatch(/^build done in \d+\.\d s$/)
  }, 600_000)
})
