// markdown-wiki-mcp: argv/env → markdown-folder source → tools → server → stdio or HTTP.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { createServer } from '@wiki/mcp-core'
import {
  formatRegistration,
  readHttpSettings,
  readSvgIcon,
  registrationSnippets,
  serveHttp,
} from '@wiki/mcp-core/node'
import { serveStdio } from '@wiki/mcp-core/stdio'
import { createMarkdownFolderSource } from '@wiki/wiki-adapters/markdown-folder'
import { parseCommandLine } from './config.js'
import { buildInstructions } from './instructions.js'
import { selectTools } from './server-tools.js'

const NAME = 'markdown-wiki-mcp'
const VERSION = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string
  }
).version

const HELP = `${NAME} ${VERSION}: MCP server for a Markdown LLM wiki (pages in wiki/, sources in raw/).

Usage:
  ${NAME} [--stdio] [--read-only] [options]   serve over stdio (all tools; --read-only drops writes)
  ${NAME} --http [options]                    serve read tools over stateless HTTP (bearer token required)
  ${NAME} --check                             print client registration snippets
  ${NAME} --help | --version

Options (flag / environment; flags win, empty variables count as unset):
  --wiki-path / WIKI_PATH            pages folder, default ./wiki (must exist)
  --raw-path / RAW_PATH              sources folder, default ./raw (never written; may be missing)
  --domain / WIKI_DOMAIN             first line of the server instructions
  --tz / WIKI_TZ                     IANA time zone for dates, default the process zone
  --schema / WIKI_SCHEMA             it (default), en, or a JSON schema file
  --http-token / MCP_HTTP_TOKEN      comma-separated bearer tokens
  --http-token-file / MCP_HTTP_TOKEN_FILE   one token per line
  --http-host / MCP_HTTP_HOST        bind address, default 127.0.0.1
  --http-port / MCP_HTTP_PORT        port, default 3000 (0 = any free port)
  --http-expose-raw / MCP_HTTP_EXPOSE_RAW   raw tools over HTTP only when exactly "true"
`

function fail(problems: readonly string[]): never {
  process.stderr.write(`${NAME}: ${problems.join('; ')}\n`)
  process.exit(1)
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2)
  const parsed = parseCommandLine(argv, process.env)
  if (parsed.command === 'help') {
    process.stdout.write(HELP)
    return
  }
  if (parsed.command === 'version') {
    process.stdout.write(`${VERSION}\n`)
    return
  }
  if (parsed.command === 'check') {
    const entry = fileURLToPath(new URL('../bin.js', import.meta.url))
    process.stdout.write(
      formatRegistration(
        registrationSnippets({
          key: 'markdown-wiki',
          stdio: {
            args: [entry, '--stdio'],
            env: {
              WIKI_PATH: process.env.WIKI_PATH || '/abs/path/to/wiki',
              RAW_PATH: process.env.RAW_PATH || '/abs/path/to/raw',
            },
          },
          http: { url: 'http://127.0.0.1:3000/mcp', tokenEnvVar: 'MARKDOWN_WIKI_MCP_TOKEN' },
        }),
      ),
    )
    return
  }
  const http = argv.includes('--http') ? readHttpSettings({ env: process.env, argv }) : undefined
  const problems = [...parsed.problems, ...(http?.problems ?? [])]
  const config = parsed.config
  if (!config || problems.length > 0) fail(problems)
  for (const warning of http?.warnings ?? []) process.stderr.write(`${NAME}: warning: ${warning}\n`)

  const source = await createMarkdownFolderSource({
    wikiPath: config.wikiPath,
    rawPath: config.rawPath,
    schema: config.schema,
    timeZone: config.timeZone,
  })
  const exposure =
    config.transport === 'http'
      ? { writes: false, raw: config.exposeRaw }
      : { writes: !config.readOnly, raw: true }
  const tools = selectTools({ source, schema: config.schema }, exposure)
  const names = tools.map((tool) => tool.name)
  const server = createServer({
    name: NAME,
    version: VERSION,
    instructions: buildInstructions({ domain: config.domain, schema: config.schema, tools: names }),
    icons: [readSvgIcon(new URL('../icon.svg', import.meta.url))],
    tools,
    readOnly: !exposure.writes,
  })
  const pages = await source.pageCount()
  const rawNote = exposure.raw
    ? 'raw tools exposed'
    : config.transport === 'http' && config.exposeRawValue !== undefined
      ? `raw tools hidden (MCP_HTTP_EXPOSE_RAW=${JSON.stringify(config.exposeRawValue)} is not exactly "true")`
      : 'raw tools hidden'
  const describe = (where: string): string =>
    `${NAME} ${VERSION}: ${where}; schema ${config.schemaName}; ${pages} pages indexed in ${source.indexingMs} ms; ${source.mode} mode; tools ${names.join(', ')}; ${rawNote}\n`

  if (http) {
    const running = await serveHttp(server, {
      host: http.host,
      port: http.port,
      auth: { tokens: http.tokens },
    })
    process.stderr.write(describe(`http ${running.url}`))
    return
  }
  const stdio = serveStdio(server)
  process.stderr.write(describe(config.readOnly ? 'stdio (read-only)' : 'stdio'))
  await stdio.closed
  await source.close()
}

main().catch((error: unknown) => {
  // The message may name a local path; it goes to stderr only, never to a client.
  process.stderr.write(`${NAME}: ${error instanceof Error ? error.message : String(error)}\n`)
  process.exit(1)
})
