import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  markdownSection,
  readmeRegistrations,
  readWorkspacePackages,
  repoPath,
} from '../src/index.js'

// What a new user reads first. The npx registrations checked here are the ones
// test/e2e/publish.test.ts starts, from a real registry, exactly as written.
const workspace = readWorkspacePackages()
const apps = workspace.filter((p) => p.group === 'apps')
const camelCase = (key: string): string =>
  key.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase())

describe.each(apps)('$json.name README install section', (app) => {
  const readme = join(app.dir, 'README.md')
  const registrations = readmeRegistrations(readme)

  it('starts with the Claude Code registration, then the JSON ones, all through npx', () => {
    expect(registrations.blocks[0]?.code).toContain('claude mcp add')
    expect(registrations.blocks.map((b) => b.lang)).toEqual(['sh', 'json', 'json'])
    for (const client of ['Claude Code', 'Claude Desktop', 'Cursor', 'VS Code']) {
      expect(registrations.text).toContain(client)
    }
    // The checkout's bin.js belongs under "From source", after the npx registrations.
    expect(registrations.text).not.toMatch(/bin\.js|\bnode\b/)
  })

  it('registers the same command, arguments and environment for every client', () => {
    const { claudeCode, mcpServers, vscode } = registrations
    expect(mcpServers.command).toBe('npx')
    expect(mcpServers.args).toEqual(['-y', app.json.name])
    for (const other of [claudeCode, vscode]) {
      expect({ command: other.command, args: other.args, env: other.env }).toEqual({
        command: mcpServers.command,
        args: mcpServers.args,
        env: mcpServers.env,
      })
    }
    expect(vscode.type).toBe('stdio')
    expect(claudeCode.key).toBe(mcpServers.key)
    expect(vscode.key).toBe(camelCase(mcpServers.key))
  })

  it('keeps the monorepo path as "From source"', () => {
    const install = markdownSection(readFileSync(readme, 'utf8'), 'Install')
    const fromSource = install.split('\n### From source\n')[1] ?? ''
    expect(fromSource).toContain('pnpm install')
    expect(fromSource).toContain(`apps/${app.folder}/bin.js`)
  })
})

describe('the Node requirement', () => {
  const engines = new Set(
    [{ json: JSON.parse(readFileSync(repoPath('package.json'), 'utf8')) as never }, ...workspace]
      .map((p) => (p.json as { engines?: { node?: string } }).engines?.node)
      .filter((range) => range !== undefined),
  )

  it('is one range in every package.json that states one', () => {
    expect([...engines]).toEqual(['>=20.19'])
  })

  const readmes = [
    'README.md',
    ...workspace
      .filter((p) => p.group !== 'internal')
      .map((p) => `${p.group}/${p.folder}/README.md`),
  ]

  it.each(readmes)('is stated once in %s, equal to engines', (file) => {
    const text = readFileSync(repoPath(file), 'utf8')
    const statements = [...text.matchAll(/Node(?:\.js)? (?:≥|>=) ?(\d+(?:\.\d+)*)/g)]
    expect(statements.map((m) => m[0])).toHaveLength(1)
    expect(`>=${statements[0]?.[1]}`).toBe([...engines][0])
  })
})

describe('the root README quick start', () => {
  it('is two npx commands, the ones .ci/run runs', () => {
    const quickStart = markdownSection(readFileSync(repoPath('README.md'), 'utf8'), 'Quick start')
    const commands = quickStart.split('\n').filter((line) => line.startsWith('npx '))
    expect(commands).toEqual([
      'npx -y pnpm@12.4.2 install && npx -y pnpm@12.4.2 demo',
      'npx -y pnpm@12.4.2 install && npx -y pnpm@12.4.2 test:all',
    ])
  })
})
