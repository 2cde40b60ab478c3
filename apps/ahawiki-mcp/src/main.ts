// ahawiki-mcp: MCP server for AhaWiki over its REST API: read by default, never overwriting.
// environment → adapter → tools → server → transport, through mcp-core's runServerCli.
// Configuration comes only from the environment: the key must not sit in a process list.
import { runServerCli, UsageError, type CliOption } from '@wiki/mcp-core/node'
import { createAhaWikiSource } from '@wiki/wiki-adapters/ahawiki'
import { buildServer } from './lib/build-server.js'
import { readConfig } from './lib/read-config.js'

/** Every setting, by its variable: adding one here adds its --help line and its reading. */
const OPTIONS = {
  AHAWIKI_BASE_URL: {
    env: 'AHAWIKI_BASE_URL',
    value: 'URL',
    help: 'https://your-wiki (http only on loopback or with AHAWIKI_ALLOW_HTTP=1)',
    required: true,
    register: true,
    placeholder: '<https://your-ahawiki.example>',
  },
  AHAWIKI_API_KEY: {
    env: 'AHAWIKI_API_KEY',
    value: 'KEY',
    help: 'your AhaWiki API key (never printed)',
    required: true,
    secret: true,
    register: true,
    placeholder: '<your AhaWiki API key>',
  },
  AHAWIKI_ALLOW_HTTP: {
    env: 'AHAWIKI_ALLOW_HTTP',
    value: '1',
    help: 'exactly 1 allows plain http off loopback',
  },
  AHAWIKI_MCP_WRITE: {
    env: 'AHAWIKI_MCP_WRITE',
    value: '1',
    help: 'exactly 1 adds ahawiki_save_page (stdio only)',
  },
  AHAWIKI_TIMEOUT_MS: {
    env: 'AHAWIKI_TIMEOUT_MS',
    value: 'MS',
    help: 'per-request timeout, 1000..120000',
    default: '15000',
  },
} as const satisfies Record<string, CliOption>

await runServerCli({
  packageJson: new URL('../package.json', import.meta.url),
  summary: "MCP server for AhaWiki's REST API (/api/v1).",
  options: OPTIONS,
  settings: (values) => {
    const result = readConfig(values)
    if (!result.ok) throw new UsageError(result.message)
    return result.config
  },
  serve: (config, context) => {
    const http = context.transport === 'http'
    const source = createAhaWikiSource({
      baseUrl: config.baseUrl,
      apiKey: config.apiKey,
      timeoutMs: config.timeoutMs,
      userAgent: context.userAgent,
      onRequest: ({ method, path, status, ms, attempt }) => {
        context.log(`${method} ${path} ${status ?? 'no answer'} ${ms}ms attempt ${attempt}`)
      },
    })
    if (http && config.write) {
      context.log(
        "AHAWIKI_MCP_WRITE=1 is ignored over HTTP: every token holder would act as the key's owner, so ahawiki_save_page is never served there",
      )
    }
    // Over HTTP read-only by construction: the save tool is left out and the definition refuses
    // write tools.
    const write = config.write && !http
    return {
      server: buildServer(source, {
        version: context.version,
        write,
        readOnly: http,
        // Beside the package's root: main.ts and the bundled dist/bin.mjs are one folder deep.
        icon: new URL('../icon.svg', import.meta.url),
      }),
      summary: `${http ? 'read-only, ' : ''}wiki ${config.origin}, write ${write ? 'on' : 'off'}`,
    }
  },
})
