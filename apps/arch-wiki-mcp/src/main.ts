// arch-wiki-mcp: settings → backend (adapter + parser + provenance) → server → transport, through
// mcp-core's runServerCli. Besides the flags every app has, a word after the flags calls one tool
// (`arch-wiki-mcp commands GRUB Installation`) and prints its JSON result.
import { runServerCli, UsageError, type AppContext } from '@wiki/mcp-core/node'
import { runCli } from './cli.js'
import { createBackend } from './create-backend.js'
import { createDirectoryStore } from './directory-store.js'
import { createArchWikiServer } from './server.js'
import { createSiteSet, readSitesFile, type SiteSet } from './sites.js'
import { COMMAND_USAGE, HELP_NOTES, OPTIONS, readSettings, type Settings } from './settings.js'

/** A recordings folder, or a start-up error naming the setting it came from. */
function recordings(dir: string | undefined, setting: string) {
  if (dir === undefined) return undefined
  try {
    return createDirectoryStore(dir)
  } catch (error) {
    throw new UsageError(
      `Cannot read the offline recordings folder ${dir} (${setting}): ${(error as Error).message}`,
    )
  }
}

/** One backend per site: its own client, caches and revision store, so answers never mix wikis. */
function sitesFor(settings: Settings, context: AppContext): SiteSet {
  const onWarning = (message: string) => context.log(`warning: ${message}`)
  if (settings.sites === undefined) {
    return createSiteSet([
      createBackend({
        site: settings.site,
        source: {
          userAgent: context.userAgent,
          timeout: settings.timeout * 1000,
          cacheTtl: settings.cacheTtl * 1000,
          offline: recordings(settings.offline, '--offline / ARCH_WIKI_OFFLINE'),
          onWarning,
        },
      }),
    ])
  }
  return createSiteSet(
    settings.sites.map((config) =>
      createBackend({
        site: config.site,
        name: config.name,
        profile: config.profile,
        source: {
          userAgent: config.userAgent ?? context.userAgent,
          timeout: (config.timeout ?? settings.timeout) * 1000,
          cacheTtl: (config.cacheTtl ?? settings.cacheTtl) * 1000,
          offline: recordings(config.offline, `offline of site "${config.name}"`),
          onWarning: (message) => onWarning(`${config.name}: ${message}`),
        },
      }),
    ),
  )
}

function summaryOf(settings: Settings): string {
  if (settings.sites !== undefined) {
    return `sites ${settings.sites.map((s) => `${s.name} (${s.site.base})`).join(', ')}`
  }
  return `wiki ${settings.wikiUrl}${settings.offline === undefined ? '' : `, offline from ${settings.offline}`}`
}

/**
 * `--check` prints registrations without reading the settings; a sites file named on the command
 * line or in ARCH_WIKI_SITES is checked first, so no registration is printed for a file the
 * server would refuse at start-up.
 */
function checkSitesFile(argv: readonly string[]): void {
  if (!argv.includes('--check')) return
  const at = argv.findIndex((arg) => arg === '--sites' || arg.startsWith('--sites='))
  const file =
    at === -1
      ? process.env.ARCH_WIKI_SITES || undefined
      : argv[at] === '--sites'
        ? argv[at + 1]
        : argv[at]!.slice('--sites='.length)
  if (file === undefined) return
  try {
    readSitesFile(file)
  } catch (error) {
    process.stderr.write(`arch-wiki-mcp: ${(error as Error).message}\n`)
    process.exit(2)
  }
}

checkSitesFile(process.argv.slice(2))

await runServerCli({
  packageJson: new URL('../package.json', import.meta.url),
  summary: 'quote the Arch Linux wiki (or any MediaWiki) with revision ids and SHA-256 hashes.',
  options: OPTIONS,
  settings: readSettings,
  serve: (settings, context) => ({
    server: createArchWikiServer(sitesFor(settings, context), context.version),
    summary: summaryOf(settings),
  }),
  command: {
    usage: COMMAND_USAGE,
    run: (args, settings, context) =>
      runCli(sitesFor(settings, context), args[0]!, args.slice(1), {
        stdout: context.stdout,
        stderr: context.stderr,
        readStdin: context.readStdin,
      }),
  },
  helpNotes: HELP_NOTES,
})
