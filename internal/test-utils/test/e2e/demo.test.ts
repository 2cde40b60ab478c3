import { execFileSync, spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { repoPath } from '../../src/index.js'

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
