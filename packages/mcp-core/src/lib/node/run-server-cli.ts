import { readFileSync } from 'node:fs'
import process from 'node:process'
import type { ServerDefinition } from '../core/create-server.js'
import { serveStdio } from '../stdio/serve-stdio.js'
import { appRegistration } from './app-registration.js'
import { checkRegistration } from './check-registration.js'
import { parseArguments, type CliOption, type OptionValues } from './cli-arguments.js'
import { formatHelp } from './cli-help.js'
import { readPackageInfo } from './package-info.js'
import { readHttpSettings } from './read-http-settings.js'
import { formatRegistration, registrationSnippets } from './registration-snippets.js'
import { serveHttp } from './serve-http.js'
import { filterStderr } from './stderr-secret-filter.js'
import { UsageError } from './usage-error.js'

/**
 * An MCP server program: its settings and how to build its server from them. `runServerCli` gives
 * it the flags every app has (`--help`, `--version`, `--check [file]`, `--stdio`, `--http` and the
 * `--http-*` settings) and the same exit codes.
 */
export interface ServerApp<Options extends Record<string, CliOption>, Settings> {
  /**
   * The app's package.json (`new URL('../package.json', import.meta.url)`): its `name` names the
   * program, the server and the registrations; its `version` is `--version` and
   * `serverInfo.version`; its `bin` of the same name is what registrations launch.
   */
  readonly packageJson: URL
  /** One line for `--help`. */
  readonly summary: string
  /** The app's own settings, by the name `settings` reads them under. */
  readonly options: Options
  /** Checks the values and returns the settings; throws a `UsageError` naming a bad one. */
  settings(values: OptionValues<Options>): Settings
  /** Builds the server for a transport. Its name and version must be the package's. */
  serve(settings: Settings, context: ServeContext): ServedApp | Promise<ServedApp>
  /**
   * The extension point for words after the flags (`arch-wiki-mcp commands GRUB Installation`):
   * without it, a word that is not a flag is a usage error.
   */
  readonly command?: AppCommand<Settings>
  /** Extra paragraphs for `--help`: a list of commands, the command's own exit codes. */
  readonly helpNotes?: string
}

/** What every part of an app may use. */
export interface AppContext {
  readonly name: string
  readonly version: string
  /** `<name>/<version> (+<repository>)`, for the requests the app sends. */
  readonly userAgent: string
  /** Writes one line to stderr, after the app's name. */
  readonly log: (line: string) => void
}

export interface ServeContext extends AppContext {
  readonly transport: 'stdio' | 'http'
}

export interface CommandContext extends AppContext {
  /** The command's result; nothing else goes to stdout. */
  readonly stdout: (text: string) => void
  readonly stderr: (text: string) => void
  readonly readStdin: () => string
}

/** A server ready to serve. */
export interface ServedApp {
  readonly server: ServerDefinition
  /** Said on the start-up line after the transport, e.g. `wiki https://…, write off`. */
  readonly summary?: string
  /** Runs once stdio has closed (flush an index, close watchers). */
  close?(): void | Promise<void>
}

export interface AppCommand<Settings> {
  /** Usage lines for `--help`, with the program name, e.g. `arch-wiki-mcp <tool> <args…>`. */
  readonly usage: string
  /** Runs the words after the flags; resolves to the exit code. A `UsageError` exits 2. */
  run(
    args: readonly string[],
    settings: Settings,
    context: CommandContext,
  ): number | Promise<number>
}

/** Where `runServerCli` reads and writes; every field defaults to the process's own. */
export interface ServerCliIo {
  readonly argv?: readonly string[]
  readonly env?: Readonly<Record<string, string | undefined>>
  readonly cwd?: string
  readonly stdout?: (text: string) => void
  readonly stderr?: (text: string) => void
  readonly readStdin?: () => string
  /** `--check <file>`: how long a registered server may take to answer; default 15,000 ms. */
  readonly checkTimeoutMs?: number
}

/** The exit codes of every app: documented in `--help` and the READMEs. */
const EXIT_CODES = Object.freeze({ ok: 0, failure: 1, usage: 2 })

/**
 * Runs an MCP server program. Resolves to its exit code: 0 success, 1 runtime failure, 2 bad usage
 * or settings (an app command may add its own); `undefined` while an HTTP server keeps running.
 * Called without `io` it works on the process itself: it also sets `process.exitCode`, serves
 * stdio on stdin/stdout, and redacts secret settings from stderr. Logs go to stderr only.
 */
export async function runServerCli<Options extends Record<string, CliOption>, Settings>(
  app: ServerApp<Options, Settings>,
  io?: ServerCliIo,
): Promise<number | undefined> {
  const code = await run(app, io ?? {}, io === undefined)
  if (io === undefined && code !== undefined) process.exitCode = code
  return code
}

async function run<Options extends Record<string, CliOption>, Settings>(
  app: ServerApp<Options, Settings>,
  io: ServerCliIo,
  onProcess: boolean,
): Promise<number | undefined> {
  const stdout = io.stdout ?? ((text: string) => void process.stdout.write(text))
  const stderr = io.stderr ?? ((text: string) => void process.stderr.write(text))
  const env = io.env ?? process.env
  const pkg = readPackageInfo(app.packageJson)
  const log = (line: string): void => stderr(`${pkg.name}: ${line}\n`)
  const context: AppContext = {
    name: pkg.name,
    version: pkg.version,
    userAgent: `${pkg.name}/${pkg.version}${pkg.repository ? ` (+${pkg.repository})` : ''}`,
    log,
  }
  try {
    const parsed = parseArguments(app.options, io.argv ?? process.argv.slice(2), env, !!app.command)
    const { mode } = parsed
    switch (mode.kind) {
      case 'help':
        stdout(
          formatHelp({
            name: pkg.name,
            version: pkg.version,
            summary: app.summary,
            options: app.options,
            commandUsage: app.command?.usage,
            notes: app.helpNotes,
          }),
        )
        return EXIT_CODES.ok
      case 'version':
        stdout(`${pkg.version}\n`)
        return EXIT_CODES.ok
      case 'check': {
        const { port } = readHttpSettings({ env, argv: parsed.httpArgv })
        const registration = appRegistration(
          pkg,
          app.options,
          parsed.values,
          { port },
          io.cwd ?? process.cwd(),
        )
        if (mode.file === undefined) {
          stdout(formatRegistration(registrationSnippets(registration)))
          return EXIT_CODES.ok
        }
        const report = await checkRegistration({
          file: mode.file,
          app: pkg,
          options: app.options,
          registration,
          env,
          ...(io.checkTimeoutMs === undefined ? {} : { timeoutMs: io.checkTimeoutMs }),
        })
        stdout(report.text)
        return report.ok ? EXIT_CODES.ok : EXIT_CODES.failure
      }
      default:
        break
    }

    const settings = app.settings(parsed.values)
    const http = mode.kind === 'http' ? readHttpSettings({ env, argv: parsed.httpArgv }) : undefined
    if (onProcess) {
      const secrets = Object.entries(app.options).flatMap(([key, option]) =>
        option.secret ? [parsed.values[key] ?? ''] : [],
      )
      filterStderr([...secrets, ...(http?.tokens ?? [])])
    }
    if (mode.kind === 'command') {
      return await app.command!.run(mode.args, settings, {
        ...context,
        stdout,
        stderr,
        readStdin: io.readStdin ?? (() => readFileSync(0, 'utf8')),
      })
    }
    if (http !== undefined) {
      for (const warning of http.warnings) log(`warning: ${warning}`)
      if (http.problems.length > 0) throw new UsageError(http.problems.join('; '))
    }
    const served = await app.serve(settings, { ...context, transport: http ? 'http' : 'stdio' })
    if (served.server.name !== pkg.name || served.server.version !== pkg.version) {
      throw new TypeError(
        `the server is ${served.server.name} ${served.server.version} but the package is ${pkg.name} ${pkg.version}; pass context.name and context.version to createServer`,
      )
    }
    const summary = served.summary === undefined ? '' : `; ${served.summary}`
    if (http !== undefined) {
      const running = await serveHttp(served.server, {
        host: http.host,
        port: http.port,
        auth: { tokens: http.tokens },
      })
      log(`${pkg.version} on ${running.url}${summary}`)
      return undefined
    }
    const stdio = serveStdio(served.server)
    log(`${pkg.version} on stdio${summary}`)
    await stdio.closed
    await served.close?.()
    return EXIT_CODES.ok
  } catch (error) {
    if (error instanceof UsageError) {
      log(error.message)
      return EXIT_CODES.usage
    }
    // The message only: a stack is for a debugger, and never goes to a log (it may name paths
    // and values the operator did not choose to publish).
    log(error instanceof Error ? error.message : String(error))
    return EXIT_CODES.failure
  }
}
