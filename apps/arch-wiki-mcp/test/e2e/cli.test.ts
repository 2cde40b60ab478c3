// The built bin as a shell command: one JSON result on stdout, meaningful exit codes.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SHARED_MISSING_REASON, sharedDir } from '@wiki/test-utils'
import { describe, expect, it } from 'vitest'
import { BIN } from './helpers.js'

const shared = sharedDir()
const dir = shared && join(shared, 'arch-fixtures')

function run(args: string[], env: Record<string, string> = {}, input?: string) {
  const result = spawnSync(process.execPath, [BIN, ...args], {
    env: { PATH: process.env.PATH ?? '', ...(dir ? { ARCH_WIKI_OFFLINE: dir } : {}), ...env },
    encoding: 'utf8',
    timeout: 30_000,
    ...(input === undefined ? {} : { input }),
  })
  return { status: result.status, stdout: result.stdout, stderr: result.stderr }
}

describe('arch-wiki-mcp CLI without a wiki', () => {
  it('--version prints the package version, --help the usage', () => {
    const version = run(['--version'])
    expect(version.status).toBe(0)
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/)
    const help = run(['--help'])
    expect(help.status).toBe(0)
    expect(help.stdout).toContain('ARCH_WIKI_OFFLINE')
  })

  it('--check prints registrations for the four clients with this bin', () => {
    const check = run(['--check', '--wiki-url', 'https://wiki.example.org'])
    expect(check.status).toBe(0)
    expect(check.stdout).toMatch(
      /claude mcp add --transport stdio (--env \S+ )*--env ARCH_WIKI_URL=https:\/\/wiki\.example\.org (--env \S+ )*arch-wiki -- /,
    )
    expect(check.stdout).toContain(BIN)
    expect(check.stdout).toContain('"ARCH_WIKI_URL": "https://wiki.example.org"')
    expect(check.stdout).toContain('archWiki')
  })

  it('usage and configuration errors exit 2 on stderr', () => {
    for (const args of [
      ['--bogus'],
      ['nosuchtool', 'x'],
      ['page'],
      ['page', 'a', 'b'],
      ['page', 'GRUB', '--article-path', '/wiki/'],
      ['page', 'GRUB', '--offline', '/nonexistent/recordings'],
    ]) {
      const result = run(args)
      expect(result.status).toBe(2)
      expect(result.stdout).toBe('')
      expect(result.stderr).not.toBe('')
    }
  })
})

describe.skipIf(!dir)(`arch-wiki-mcp CLI on the corpus ${dir ? '' : SHARED_MISSING_REASON}`, () => {
  it('prints a tool result as JSON and exits 0', () => {
    const result = run(['commands', 'GRUB', 'Installation'])
    expect(result.status).toBe(0)
    const json = JSON.parse(result.stdout) as { title: string; commands: unknown[] }
    expect(json.title).toBe('GRUB')
    expect(json.commands.length).toBeGreaterThan(0)
    expect(result.stdout).toContain('\n  "commands": [')
  })

  it('parses integer positionals', () => {
    const result = run(['search', 'GRUB', '1'])
    expect(result.status).toBe(0)
    expect((JSON.parse(result.stdout) as { results: unknown[] }).results).toHaveLength(1)
  })

  it('a tool failure prints {error, code} on stderr and exits 1', () => {
    const result = run(['page', 'Nonexistent page xyz'])
    expect(result.status).toBe(1)
    expect(result.stdout).toBe('')
    expect(JSON.parse(result.stderr)).toEqual({
      error: 'Page not found: "Nonexistent page xyz"',
      code: 'page_not_found',
    })
  })

  it('verify exits 0 when reproduced and 3 when not; recheck reads stdin', () => {
    const page = run(['section', 'Iwd', 'Usage'])
    const tmp = mkdtempSync(join(tmpdir(), 'arch-wiki-cli-'))
    const file = join(tmp, 'evidence.json')
    writeFileSync(file, page.stdout)
    expect(run(['verify', file]).status).toBe(0)
    const forged = JSON.parse(page.stdout) as Record<string, unknown>
    forged.content_raw = `${String(forged.content_raw)} (edited)`
    expect(run(['verify', '-'], {}, JSON.stringify(forged)).status).toBe(3)
    const raw = join(tmp, 'raw.txt')
    writeFileSync(raw, String((JSON.parse(page.stdout) as { content_raw: string }).content_raw))
    const loose = run(['verify', '--revid', '847035', '--content-raw-file', raw])
    expect(loose.status).toBe(0)
    expect(JSON.parse(loose.stdout)).toMatchObject({ reproduced: true, method: 'substring' })
    const recheck = run(['recheck', '-'], {}, page.stdout)
    expect(recheck.status).toBe(0)
    expect(JSON.parse(recheck.stdout)).toMatchObject({ status: 'unchanged', kind: 'section' })
  })
})
