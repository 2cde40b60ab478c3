// ahawiki-mcp: MCP server for AhaWiki over its REST API: read by default, never overwriting.
// env → adapter → tools → server → transport. Configuration comes only from the environment.
import { readFileSync, realpathSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import process from 'node:process'
import {
  formatRegistration,
  readHttpSettings,
  registrationSnippets,
  serveHttp,
} from '@wiki/mcp-core/node'
import { serveStdio } from '@wiki/mcp-core/stdio'
import { createAhaWikiSource } from '@wiki/wiki-adapters/ahawiki'
import { buildServer } from './lib/build-server.js'
import { readConfig } from './lib/read-config.js'

const NAME = 'ahawiki-mcp'
const { version } = JSON.parse(
  readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
) as { version: string }

const HELP = `${NAME} ${version}: MCP server for AhaWiki's REST API (/api/v1)

Usage:
  ${NAME} [--stdio]     serve MCP over stdio (default)
  ${NAME} --http        serve read-only Streamable HTTP (token required)
  ${NAME} --check       print client registration snippets and exit
  ${NAME} --help | --version

Environment:
  AHAWIKI_BASE_URL      required: https://your-wiki (http only on loopback or with AHAWIKI_ALLOW_HTTP=1)
  AHAWIKI_API_KEY       required: your AhaWiki API key (never printed)
  AHAWIKI_MCP_WRITE     exactly 1 adds ahawiki_save_page (stdio only)
  AHAWIKI_TIMEOUT_MS    per-request timeout, 1000..120000 (default 15000)
  MCP_HTTP_TOKEN, MCP_HTTP_TOKEN_FILE, MCP_HTTP_HOST, MCP_HTTP_PORT
                        --http settings (also --http-token, --http-token-file, --http-host, --http-port)
`

const HTTP_FLAGS = new Set(['--http-token', '--http-token-file', '--http-host', '--http-port'])
const FLAGS = new Set(['--help', '-h', '--version', '--check', '--http', '--stdio'])

function fail(message: string): number {
  process.stderr.write(`${NAME}: ${message}\n`)
  return 1
}

/** Replaces the key in everything written to stderr: the last filter before it leaves. */
function redactStderr(secret: string): void {
  const write = process.stderr.write.bind(process.stderr) as (...args: unknown[]) => boolean
  process.stderr.write = (chunk: unknown, ...rest: unknown[]) =>
    write(typeof chunk === 'string' ? chunk.split(secret).join('[redacted]') : chunk, ...rest)
}

/** Registration snippets with placeholders: no environment needed, never the key. */
function registration(argv: readonly string[]): string {
  const bin = realpathSync(fileURLToPath(new URL('../bin.js', import.meta.url)))
  const { port } = readHttpSettings({ env: process.env, argv })
  return formatRegistration(
    registrationSnippets({
      key: 'ahawiki',
      stdio: {
        args: [bin, '--stdio'],
        env: {
          AHAWIKI_BASE_URL: '<https://your-ahawiki.example>',
          AHAWIKI_API_KEY: '<your AhaWiki API key>',
        },
      },
      http: { url: `http://127.0.0.1:${port}/mcp`, tokenEnvVar: 'AHAWIKI_MCP_TOKEN' },
      tools: [
        'ahawiki_search',
        'ahawiki_read_page',
        'ahawiki_list_pages',
        'ahawiki_recent_changes',
        'ahawiki_save_page',
      ],
    }),
  )
}

async function main(argv: readonly string[]): Promise<number | undefined> {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    const flag = arg.split('=')[0]!
    if (HTTP_FLAGS.has(flag)) {
      if (!arg.includes('=')) i++
      continue
    }
    if (!FLAGS.has(arg)) return fail(`unknown argument ${JSON.stringify(arg)}; see --help`)
  }
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(HELP)
    return 0
  }
  if (argv.includes('--version')) {
    process.stdout.write(`${version}\n`)
    return 0
  }

  if (argv.includes('--check')) {
    process.stdout.write(registration(argv))
    return 0
  }

  const result = readConfig(process.env)
  if (!result.ok) return fail(result.message)
  const { config } = result
  redactStderr(config.apiKey)
  const http = argv.includes('--http')

  const source = createAhaWikiSource({
    baseUrl: config.baseUrl,
    apiKey: config.apiKey,
    timeoutMs: config.timeoutMs,
    userAgent: `${NAME}/${version}`,
    onRequest: ({ method, path, status, ms, attempt }) => {
      process.stderr.write(
        `${NAME}: ${method} ${path} ${status ?? 'no answer'} ${ms}ms attempt ${attempt}\n`,
      )
    },
  })

  if (http) {
    const settings = readHttpSettings({ env: process.env, argv })
    if (settings.problems.length > 0) return fail(settings.problems.join('; '))
    for (const warning of settings.warnings) process.stderr.write(`${NAME}: ${warning}\n`)
    if (config.write) {
      process.stderr.write(
        `${NAME}: AHAWIKI_MCP_WRITE=1 is ignored over HTTP: every token holder would act as the key's owner, so ahawiki_save_page is never served there\n`,
      )
    }
    // Read-only by construction: the save tool is left out and the definition refuses write tools.
    const server = buildServer(source, { version, write: false, readOnly: true })
    const running = await serveHttp(server, {
      auth: { tokens: settings.tokens },
      host: settings.host,
      port: settings.port,
    })
    process.stderr.write(
      `${NAME}: ${version} on ${running.url} (read-only), wiki ${config.origin}, write off\n`,
    )
    return undefined
  }

  const server = buildServer(source, { version, write: config.write, readOnly: false })
  process.stderr.write(
    `${NAME}: ${version} on stdio, wiki ${config.origin}, write ${config.write ? 'on' : 'off'}\n`,
  )
  await serveStdio(server).closed
  return undefined
}

const code = await main(process.argv.slice(2))
if (code !== undefined) process.exitCode = code
