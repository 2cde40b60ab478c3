import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { homedir, tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  expandVariables,
  readClientConfig,
  stripJsonComments,
} from '../src/lib/node/client-config.js'

function write(relative: string, text: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'client-config-'))
  const file = path.join(dir, relative)
  mkdirSync(path.dirname(file), { recursive: true })
  writeFileSync(file, text)
  return file
}

describe('readClientConfig', () => {
  it('tells the four clients apart by file name and shape, and finds every entry', () => {
    const entry = '{"command": "node", "args": []}'
    const desktop = readClientConfig(
      write('claude_desktop_config.json', `{"mcpServers": {"a": ${entry}}}`),
    )
    expect(desktop).toMatchObject({ client: 'Claude Desktop', workspace: undefined })
    expect(desktop.entries.map((e) => e.where)).toEqual(['mcpServers["a"]'])

    const code = readClientConfig(write('project/.mcp.json', `{"mcpServers": {"a": ${entry}}}`))
    expect(code.client).toBe('Claude Code')
    expect(code.workspace).toBe(path.dirname(code.file))

    const cursor = readClientConfig(
      write('project/.cursor/mcp.json', `{"mcpServers": {"a": ${entry}}}`),
    )
    expect(cursor.client).toBe('Cursor')
    expect(cursor.workspace).toBe(path.dirname(path.dirname(cursor.file)))

    const vscode = readClientConfig(
      write('project/.vscode/mcp.json', `{"servers": {"a": ${entry}}}`),
    )
    expect(vscode.client).toBe('VS Code')
    const settings = readClientConfig(
      write('settings.json', `{"mcp": {"servers": {"a": ${entry}}}}`),
    )
    expect(settings).toMatchObject({ client: 'VS Code', entries: [{ where: 'mcp.servers["a"]' }] })
  })

  it("reads Claude Code's user file with its per-project servers", () => {
    const config = readClientConfig(
      write(
        '.claude.json',
        '{"mcpServers": {}, "projects": {"/srv/p": {"mcpServers": {"b": {}}}}}',
      ),
    )
    expect(config.client).toBe('Claude Code')
    expect(config.entries).toEqual([
      { where: 'projects["/srv/p"].mcpServers["b"]', key: 'b', value: {}, project: '/srv/p' },
    ])
  })

  it('refuses a missing file and a file that is not JSON, naming them', () => {
    expect(() => readClientConfig('/nonexistent/mcp.json')).toThrow(/cannot read the client config/)
    expect(() => readClientConfig(write('mcp.json', '{"servers": '))).toThrow(/is not JSON/)
  })
})

describe('stripJsonComments', () => {
  it('drops comments and trailing commas, never inside strings', () => {
    const text = `{
      // a comment
      "a": "http://x/* not a comment */", /* block */
      "b": ["c", "d",], // trailing
      "e": "q\\"uote // still a string",
    }`
    expect(JSON.parse(stripJsonComments(text))).toEqual({
      a: 'http://x/* not a comment */',
      b: ['c', 'd'],
      e: 'q"uote // still a string',
    })
  })
})

describe('expandVariables', () => {
  const env = { HOME_DIR: '/home/u', EMPTY: '' }
  const context = (client: Parameters<typeof expandVariables>[1]['client']) => ({
    client,
    env,
    workspace: '/srv/project',
    home: homedir(),
  })

  it("expands Claude Code's ${VAR} and ${VAR:-default}", () => {
    expect(expandVariables('${HOME_DIR}/w ${NOPE:-fallback}', context('Claude Code'))).toEqual({
      text: '/home/u/w fallback',
      missing: [],
      unknown: [],
    })
    expect(expandVariables('${NOPE}', context('Claude Code')).missing).toEqual(['NOPE'])
  })

  it("expands Cursor's and VS Code's ${env:…}, ${workspaceFolder} and ${userHome}", () => {
    expect(
      expandVariables('${env:HOME_DIR}:${workspaceFolder}:${userHome}', context('VS Code')).text,
    ).toBe(`/home/u:/srv/project:${homedir()}`)
    expect(expandVariables('${env:NOPE}', context('Cursor')).missing).toEqual(['NOPE'])
    expect(expandVariables('${input:token}', context('VS Code')).unknown).toEqual([
      '${input:token}',
    ])
  })

  it('leaves everything to Claude Desktop, which expands nothing', () => {
    expect(expandVariables('${HOME_DIR}', context('Claude Desktop'))).toEqual({
      text: '${HOME_DIR}',
      missing: [],
      unknown: ['${HOME_DIR}'],
    })
  })
})
