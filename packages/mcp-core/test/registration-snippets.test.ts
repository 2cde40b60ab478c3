import { describe, expect, it } from 'vitest'
import { expectFixture } from '@wiki/test-utils'
import { formatRegistration, registrationSnippets } from '@wiki/mcp-core/node'

const input = {
  key: 'arch-wiki',
  stdio: { command: '/abs/bin/node', args: ['/abs/apps/arch-wiki-mcp/bin.js', '--stdio'] },
  http: { url: 'http://127.0.0.1:3000/mcp', tokenEnvVar: 'ARCH_WIKI_MCP_TOKEN' },
  tools: ['search', 'read_page'],
}
// Goldens end in .txt so formatters leave them byte-exact.
const golden = (name: string) => new URL(`golden/${name}`, import.meta.url)

describe('registrationSnippets', () => {
  const snippets = registrationSnippets(input)

  // eslint-disable-next-line vitest/expect-expect -- expectFixture asserts against the golden
  it('pins every client snippet', () => {
    expectFixture(`${snippets.claudeCode.commands.join('\n')}\n`, golden('claude-code.sh.txt'))
    expectFixture(
      `${JSON.stringify(snippets.claudeCode.mcpJson, null, 2)}\n`,
      golden('claude-code.mcp.json.txt'),
    )
    expectFixture(
      `${JSON.stringify(snippets.claudeDesktop.config, null, 2)}\n`,
      golden('claude-desktop.json.txt'),
    )
    expectFixture(`${JSON.stringify(snippets.cursor.config, null, 2)}\n`, golden('cursor.json.txt'))
    expectFixture(`${JSON.stringify(snippets.vscode.config, null, 2)}\n`, golden('vscode.json.txt'))
    expectFixture(formatRegistration(snippets), golden('formatted.txt'))
  })

  it('uses the stdio entry the app gives and never a real token', () => {
    const entry = { command: '/abs/bin/node', args: ['/abs/apps/arch-wiki-mcp/bin.js', '--stdio'] }
    expect(snippets.claudeDesktop.config).toMatchObject({ mcpServers: { 'arch-wiki': entry } })
    expect(snippets.cursor.config).toMatchObject({ mcpServers: { 'arch-wiki': entry } })
    expect(snippets.claudeCode.mcpJson).toMatchObject({
      mcpServers: { 'arch-wiki': { type: 'stdio', ...entry } },
    })
    expect(snippets.vscode.config).toMatchObject({
      servers: { archWiki: { type: 'stdio', ...entry } },
    })
    expect(snippets.claudeCode.commands[1]).toBe(
      'claude mcp add --transport http arch-wiki-http http://127.0.0.1:3000/mcp --header "Authorization: Bearer ${ARCH_WIKI_MCP_TOKEN}"',
    )
  })

  it('prints JSON blocks that each parse', () => {
    const blocks = formatRegistration(snippets)
      .split('\n\n')
      .map((block) => block.slice(block.indexOf('\n{') + 1))
      .filter((block) => block.startsWith('{'))
    expect(blocks).toHaveLength(4)
    for (const block of blocks) expect(() => JSON.parse(block) as unknown).not.toThrow()
  })

  it('defaults the command to this Node, adds env, and --allow-http for remote http URLs', () => {
    const remote = registrationSnippets({
      key: 'aha',
      stdio: { args: ['/srv/aha/bin.js'], env: { AHAWIKI_URL: 'https://wiki.example' } },
      http: { url: 'http://10.0.0.5:3000/mcp', tokenEnvVar: 'AHA_TOKEN' },
    })
    expect(remote.claudeDesktop.config).toMatchObject({
      mcpServers: {
        aha: {
          command: process.execPath,
          args: ['/srv/aha/bin.js'],
          env: { AHAWIKI_URL: 'https://wiki.example' },
        },
        'aha-http': { args: expect.arrayContaining(['--allow-http']) },
      },
    })
    expect(remote.claudeCode.commands[0]).toContain('--env AHAWIKI_URL=https://wiki.example aha --')
  })

  it('re-checks the key + tool length and leaves HTTP out when not configured', () => {
    expect(() =>
      registrationSnippets({ key: 'k'.repeat(20), stdio: { args: [] }, tools: ['t'.repeat(40)] }),
    ).toThrow(/at most 60 allowed/)
    const stdioOnly = registrationSnippets({ key: 'md', stdio: { args: ['/x.js'] } })
    expect(stdioOnly.claudeCode.commands).toHaveLength(1)
    expect(Object.keys(stdioOnly.cursor.config.mcpServers as object)).toEqual(['md'])
  })
})
