import { spawnSync, type SpawnSyncReturns } from 'node:child_process'
import { createHash } from 'node:crypto'
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  installedPackage,
  readmeRegistrations,
  readWorkspacePackages,
  repoPath,
  runtimeDependencies,
  startLocalRegistry,
  type LocalRegistry,
  type StdioRegistration,
} from '../../src/index.js'

// The front door, as a new user meets it: every public package and app published with
// `pnpm publish -r` to a real registry (Verdaccio on 127.0.0.1, throwaway storage, no uplinks:
// the third-party packages they need are published to it from the workspace's installation),
// then used from a clean HOME and an empty folder whose npm knows only that registry: `npx -y`
// as each app's README registers it, and `npm install` into a fresh TypeScript project. What is
// published is the built tarballs, whatever the apps' `bin` is built as.
const workspace = readWorkspacePackages()
const published = workspace.filter((p) => p.group !== 'internal' && !p.json.private)
const apps = published.filter((p) => p.group === 'apps')
const versionOf = (name: string): string =>
  workspace.find((p) => p.json.name === name)!.json.version

let registry: LocalRegistry | undefined
let root = ''
/** The environment every npm and npx here runs with: a clean HOME, that registry only. */
let env: Record<string, string> = {}

function folder(...segments: string[]): string {
  const dir = join(root, ...segments)
  mkdirSync(dir, { recursive: true })
  return dir
}

function run(
  command: string,
  args: string[],
  cwd: string,
  timeout = 240_000,
): SpawnSyncReturns<string> {
  return spawnSync(command, args, { cwd, env, encoding: 'utf8', timeout, input: '' })
}

const explain = (result: SpawnSyncReturns<string>): string =>
  `exit ${result.status}${result.error ? ` (${result.error.message})` : ''}\n${result.stdout}\n${result.stderr}`.slice(
    -4000,
  )

beforeAll(async () => {
  registry = await startLocalRegistry()
  root = mkdtempSync(join(tmpdir(), 'wiki-mcp-publish-'))
  const home = folder('home')
  writeFileSync(join(home, '.npmrc'), registry.npmrc)
  writeFileSync(join(root, 'global-npmrc'), '')
  env = {
    PATH: [dirname(process.execPath), '/usr/local/bin', '/usr/bin', '/bin'].join(':'),
    HOME: home,
    npm_config_globalconfig: join(root, 'global-npmrc'),
  }

  // What the registry must hold besides ours: the packages ours need at run time, and
  // TypeScript for the consumer project, as the workspace installed them.
  const workspaceDirs = new Map(workspace.map((p) => [p.json.name, p.dir]))
  const typescript = installedPackage('typescript', repoPath())
  if (typescript === undefined) throw new Error('typescript is not installed in the workspace')
  const thirdParty = [
    ...runtimeDependencies(
      published.map((p) => p.dir),
      workspaceDirs,
    ),
    typescript,
  ]
  for (const pkg of thirdParty) await registry.publishFolder(pkg.dir)

  // Ours, as a release publishes them: pnpm turns workspace: and catalog: ranges into versions.
  const publish = spawnSync(
    'pnpm',
    ['publish', '-r', '--no-git-checks', '--registry', registry.url],
    {
      cwd: repoPath(),
      env: { ...env, PATH: process.env.PATH ?? '' },
      encoding: 'utf8',
      timeout: 300_000,
    },
  )
  if (publish.status !== 0) throw new Error(`pnpm publish -r failed: ${explain(publish)}`)
}, 600_000)

afterAll(async () => {
  await registry?.stop()
  if (root) rmSync(root, { recursive: true, force: true })
})

describe('published through a local registry', () => {
  it('holds every public package and app at its version, with real dependency ranges', async () => {
    for (const pkg of published) {
      const { status, body } = await registry!.packument(pkg.json.name)
      const manifest = (
        body as { versions?: Record<string, { dependencies?: Record<string, string> }> }
      ).versions?.[versionOf(pkg.json.name)]
      expect({ name: pkg.json.name, status, published: manifest !== undefined }).toEqual({
        name: pkg.json.name,
        status: 200,
        published: true,
      })
      // pnpm replaced workspace:^ with the sibling's version and catalog: with the catalog's range.
      const ranges = Object.entries(manifest?.dependencies ?? {})
      const expected = ranges.map(([name, range]) => [
        name,
        name.startsWith('@wiki/')
          ? `^${versionOf(name)}`
          : range.replace(/^(?:workspace|catalog):.*/, '(a version range)'),
      ])
      expect(ranges).toEqual(expected)
    }
  })

  it('serves nothing it was not given: it has no uplink', async () => {
    const { status } = await registry!.packument('left-pad')
    expect(status).toBe(404)
  })

  it('npx -y arch-wiki-mcp --version prints the release', () => {
    const result = run('npx', ['-y', 'arch-wiki-mcp', '--version'], folder('empty-version'))
    expect(result.status === 0 ? result.stdout.trim() : explain(result)).toBe(
      versionOf('arch-wiki-mcp'),
    )
  }, 300_000)

  it('npx -y markdown-wiki-mcp --check prints a registration for every client', () => {
    const result = run('npx', ['-y', 'markdown-wiki-mcp', '--check'], folder('empty-check'))
    expect(result.status === 0 ? 'exit 0' : explain(result)).toBe('exit 0')
    for (const client of ['Claude Code', 'Claude Desktop', 'Cursor', 'VS Code']) {
      expect(result.stdout).toContain(client)
    }
  }, 300_000)
})

/** What a tool call answered, next to what it must have answered. */
interface Outcome {
  actual: Record<string, unknown>
  expected: Record<string, unknown>
}

/**
 * Each app's session: the README's values for its environment filled in for this machine, what
 * the test adds beyond them, and one tool call whose answer proves the app did its work.
 */
interface Session {
  fill(readme: Readonly<Record<string, string>>): Promise<Record<string, string>>
  /** Variables beyond the README's (arch-wiki-mcp replays our recordings: no network here). */
  extra: Record<string, string>
  tool: string
  call(client: Client): Promise<Outcome>
  close?(): Promise<void>
}

const sessions: Record<string, () => Session> = {
  'arch-wiki-mcp': () => ({
    fill: (readme) => Promise.resolve({ ...readme }),
    extra: {
      ARCH_WIKI_OFFLINE: repoPath('fixtures/mediawiki/recordings'),
      ARCH_WIKI_URL: 'http://127.0.0.1:8080',
      ARCH_WIKI_ARTICLE_PATH: '/index.php/$1',
    },
    tool: 'commands',
    async call(client) {
      const result = await client.callTool({
        name: 'commands',
        arguments: { title_or_url: 'Example boot loader', anchor: 'Installation' },
      })
      const block = (
        result.structuredContent as
          | { commands?: { content_raw: string; content_hash: string; revision_url: string }[] }
          | undefined
      )?.commands?.[0]
      const raw = block?.content_raw ?? ''
      return {
        actual: {
          isError: result.isError === true,
          revisionUrl: /^http:\/\/127\.0\.0\.1:8080\/index\.php\?oldid=\d+#Installation$/.test(
            block?.revision_url ?? '',
          ),
          contentHash: block?.content_hash,
        },
        expected: {
          isError: false,
          revisionUrl: true,
          // The hash the answer carries is the SHA-256 of the NFC text it quotes.
          contentHash: createHash('sha256').update(raw.normalize('NFC')).digest('hex'),
        },
      }
    },
  }),
  'markdown-wiki-mcp': () => {
    const copy = folder('markdown-wiki')
    cpSync(repoPath('fixtures/markdown-wiki'), copy, { recursive: true })
    return {
      fill: (readme) =>
        Promise.resolve(
          Object.fromEntries(
            Object.keys(readme).map((name) => {
              if (name === 'WIKI_PATH') return [name, join(copy, 'wiki')]
              if (name === 'RAW_PATH') return [name, join(copy, 'raw')]
              throw new Error(`no value for the README's ${name}`)
            }),
          ),
        ),
      extra: {},
      tool: 'wikiSearch',
      async call(client) {
        const result = await client.callTool({ name: 'wikiSearch', arguments: { q: 'dns' } })
        const found = result.structuredContent as
          { total?: number; results?: { path: string }[] } | undefined
        return {
          actual: {
            isError: result.isError === true,
            found: (found?.total ?? 0) > 0,
            firstIsAPage: /\.md$/.test(found?.results?.[0]?.path ?? ''),
          },
          expected: { isError: false, found: true, firstIsAPage: true },
        }
      },
    }
  },
  'ahawiki-mcp': () => {
    let fake: { baseUrl: string; requests: { path: string }[]; close(): Promise<void> } | undefined
    return {
      async fill(readme) {
        const module = (await import(repoPath('apps/ahawiki-mcp/test/fake/fake-ahawiki.mjs'))) as {
          startFakeAhaWiki(options: { pages: unknown[] }): Promise<NonNullable<typeof fake>>
          demoPages(): unknown[]
          DEMO_KEY: string
        }
        fake = await module.startFakeAhaWiki({ pages: module.demoPages() })
        return Object.fromEntries(
          Object.keys(readme).map((name) => {
            if (name === 'AHAWIKI_BASE_URL') return [name, fake!.baseUrl]
            if (name === 'AHAWIKI_API_KEY') return [name, module.DEMO_KEY]
            throw new Error(`no value for the README's ${name}`)
          }),
        )
      },
      extra: {},
      tool: 'ahawiki_read_page',
      async call(client) {
        const result = await client.callTool({
          name: 'ahawiki_read_page',
          arguments: { name: 'Dev/Api' },
        })
        const page = result.structuredContent as { name?: string; revision?: number } | undefined
        return {
          actual: {
            isError: result.isError === true,
            name: page?.name,
            revised: (page?.revision ?? 0) > 0,
            askedTheWiki: fake!.requests.some((r) => r.path.startsWith('/api/v1/page/')),
          },
          expected: { isError: false, name: 'Dev/Api', revised: true, askedTheWiki: true },
        }
      },
      async close() {
        await fake?.close()
      },
    }
  },
}

describe.each(apps)('$json.name started as its README registers it', (app) => {
  it('answers initialize, tools/list and a tool call', async () => {
    const { mcpServers } = readmeRegistrations(join(app.dir, 'README.md'))
    const session = sessions[app.json.name]!()
    const filled = await session.fill(mcpServers.env)
    expect(Object.keys(filled).sort()).toEqual(Object.keys(mcpServers.env).sort())
    const client = await connect(
      mcpServers,
      { ...filled, ...session.extra },
      folder(`empty-${app.folder}`),
    )
    try {
      expect(client.getServerVersion()).toMatchObject({
        name: app.json.name,
        version: versionOf(app.json.name),
      })
      const { tools } = await client.listTools()
      expect(tools.map((t) => t.name)).toContain(session.tool)
      const { actual, expected } = await session.call(client)
      expect(actual).toEqual(expected)
    } finally {
      await client.close()
      await session.close?.()
    }
  }, 300_000)
})

async function connect(
  registration: StdioRegistration,
  variables: Record<string, string>,
  cwd: string,
): Promise<Client> {
  const transport = new StdioClientTransport({
    command: registration.command,
    args: [...registration.args],
    env: { ...env, ...variables },
    cwd,
    stderr: 'pipe',
  })
  let stderr = ''
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000)
  })
  const client = new Client({ name: 'publish-test', version: '0' })
  try {
    await client.connect(transport)
  } catch (error) {
    throw new Error(
      `${registration.command} ${registration.args.join(' ')} did not start: ${String(error)}\n${stderr}`,
    )
  }
  return client
}

describe('@wiki/wikitext-parser in a fresh TypeScript project', () => {
  const source = [
    "import { archwiki, fromWikitext, sectionsOf, type Root } from '@wiki/wikitext-parser'",
    "import { toMarkdown } from '@wiki/wikitext-parser/markdown'",
    '',
    "const tree: Root = fromWikitext('== Install ==\\n{{bc|pacman -S x}}')",
    'export const anchor: string = sectionsOf(tree)[0]!.anchor',
    'export const markdown: string = toMarkdown(tree, { profile: archwiki })',
    '// @ts-expect-error the parser takes wikitext, not a number: the types must say so',
    'fromWikitext(42)',
    '',
  ].join('\n')

  let project = ''
  beforeAll(() => {
    project = folder('consumer')
    writeFileSync(
      join(project, 'package.json'),
      JSON.stringify({ name: 'consumer', private: true, type: 'module' }, null, 2),
    )
    mkdirSync(join(project, 'src'))
    writeFileSync(join(project, 'src/index.ts'), source)
    const install = run(
      'npm',
      [
        'install',
        '@wiki/wikitext-parser',
        `typescript@${installedPackage('typescript', repoPath())!.version}`,
      ],
      project,
    )
    if (install.status !== 0) throw new Error(`npm install failed: ${explain(install)}`)
  }, 300_000)

  it.each([
    ['node16', { module: 'node16', moduleResolution: 'node16' }],
    ['bundler', { module: 'preserve', moduleResolution: 'bundler' }],
  ])(
    'type-checks with moduleResolution %s',
    (name, options) => {
      const config = `tsconfig.${name}.json`
      writeFileSync(
        join(project, config),
        JSON.stringify({
          compilerOptions: {
            ...options,
            target: 'es2022',
            strict: true,
            noEmit: true,
            types: [],
            skipLibCheck: false,
          },
          include: ['src'],
        }),
      )
      const result = run(join(project, 'node_modules/.bin/tsc'), ['-p', config], project)
      expect(result.status === 0 ? 'exit 0' : explain(result)).toBe('exit 0')
    },
    300_000,
  )

  it('runs the installed package from ESM', () => {
    const script =
      "import { fromWikitext, sectionsOf } from '@wiki/wikitext-parser'; console.log(sectionsOf(fromWikitext('== Install ==\\nx'))[0].anchor)"
    const result = run(process.execPath, ['--input-type=module', '-e', script], project)
    expect(result.status === 0 ? result.stdout.trim() : explain(result)).toBe('Install')
  })
})

describe('the registry', () => {
  it('stops by its process id', async () => {
    const { pid } = registry!
    await registry!.stop()
    expect(() => process.kill(pid, 0)).toThrow()
  })
})
