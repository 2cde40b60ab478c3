// arch-wiki-mcp: argv/env → backend (adapter + parser + provenance) → server → transport.
// stdout carries only JSON-RPC (stdio) or the one JSON result of a CLI call; logs go to stderr.
import { readFileSync, realpathSync } from 'node:fs'
import { serveStdio } from '@wiki/mcp-core/stdio'
import { runCli } from './cli.js'
import { createBackend, siteFrom } from './create-backend.js'
import { createDirectoryStore } from './directory-store.js'
import { serveHttpMode, printRegistrations } from './serve-http.js'
import { createArchWikiServer } from './server.js'
import { HELP, readSettings, UsageError, type Settings } from './settings.js'

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string
  repository: { url: string }
}
const REPOSITORY = pkg.repository.url.replace(/^git\+/, '').replace(/\.git$/, '')

const log = (line: string): void => {
  process.stderr.write(`arch-wiki-mcp: ${line}\n`)
}

function backendFor(settings: Settings) {
  const site = siteFrom(settings)
  let offline
  if (settings.offline !== undefined) {
    try {
      offline = createDirectoryStore(settings.offline)
    } catch (error) {
      throw new UsageError(
        `Cannot read the offline recordings folder ${settings.offline} (--offline / ARCH_WIKI_OFFLINE): ${(error as Error).message}`,
      )
    }
  }
  return createBackend({
    site,
    source: {
      userAgent: `arch-wiki-mcp/${pkg.version} (+${REPOSITORY})`,
      timeout: settings.timeout * 1000,
      cacheTtl: settings.cacheTtl * 1000,
      offline,
      onWarning: (message) => log(`warning: ${message}`),
    },
  })
}

const TOOL_NAMES = [
  'search',
  'page',
  'sections',
  'section',
  'commands',
  'warnings',
  'links',
  'verify',
  'recheck',
]

async function main(argv: readonly string[]): Promise<number | undefined> {
  const settings = readSettings(argv, process.env)
  const { mode } = settings
  switch (mode.kind) {
    case 'help':
      process.stdout.write(HELP)
      return 0
    case 'version':
      process.stdout.write(`${pkg.version}\n`)
      return 0
    case 'check':
      // The entry point's real path: clients launch servers from unrelated directories.
      process.stdout.write(
        printRegistrations(realpathSync(process.argv[1] ?? ''), settings.env, TOOL_NAMES),
      )
      return 0
    default:
      break
  }

  let backend
  try {
    backend = backendFor(settings)
  } catch (error) {
    if (error instanceof UsageError) throw error
    // An invalid site configuration names its setting; it is a start-up error (exit 2).
    throw new UsageError((error as Error).message)
  }
  const server = createArchWikiServer(backend, pkg.version)

  if (mode.kind === 'tool') {
    return runCli(backend, mode.tool, mode.args, {
      stdout: (text) => process.stdout.write(text),
      stderr: (text) => process.stderr.write(text),
      readStdin: () => readFileSync(0, 'utf8'),
    })
  }
  if (mode.kind === 'http') {
    return serveHttpMode(server, settings, log)
  }
  const stdio = serveStdio(server)
  await stdio.closed
  return 0
}

main(process.argv.slice(2)).then(
  (code) => {
    // undefined: a server is running and ends the process itself.
    if (code !== undefined) process.exitCode = code
  },
  (error: unknown) => {
    if (error instanceof UsageError) {
      log(error.message)
      process.exitCode = 2
      return
    }
    log(`fatal: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
    process.exitCode = 1
  },
)
