// arch-wiki-mcp: settings → backend (adapter + parser + provenance) → server → transport, through
// mcp-core's runServerCli. Besides the flags every app has, a word after the flags calls one tool
// (`arch-wiki-mcp commands GRUB Installation`) and prints its JSON result.
import { runServerCli, UsageError, type AppContext } from '@wiki/mcp-core/node'
import { runCli } from './cli.js'
import { createBackend } from './create-backend.js'
import { createDirectoryStore } from './directory-store.js'
import { createArchWikiServer } from './server.js'
import { COMMAND_USAGE, HELP_NOTES, OPTIONS, readSettings, type Settings } from './settings.js'

function backendFor(settings: Settings, context: AppContext) {
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
    site: settings.site,
    source: {
      userAgent: context.userAgent,
      timeout: settings.timeout * 1000,
      cacheTtl: settings.cacheTtl * 1000,
      offline,
      onWarning: (message) => context.log(`warning: ${message}`),
    },
  })
}

await runServerCli({
  packageJson: new URL('../package.json', import.meta.url),
  summary: 'quote the Arch Linux wiki (or any MediaWiki) with revision ids and SHA-256 hashes.',
  options: OPTIONS,
  settings: readSettings,
  serve: (settings, context) => ({
    server: createArchWikiServer(backendFor(settings, context), context.version),
    summary: `wiki ${settings.wikiUrl}${settings.offline === undefined ? '' : `, offline from ${settings.offline}`}`,
  }),
  command: {
    usage: COMMAND_USAGE,
    run: (args, settings, context) =>
      runCli(backendFor(settings, context), args[0]!, args.slice(1), {
        stdout: context.stdout,
        stderr: context.stderr,
        readStdin: context.readStdin,
      }),
  },
  helpNotes: HELP_NOTES,
})
