import { UsageError } from './usage-error.js'

/**
 * One setting of an app: a flag, an environment variable, or both (the flag wins; an empty
 * variable counts as unset). Declaring it is all it takes to parse it, list it in `--help` and
 * carry it in registration snippets.
 */
export interface CliOption {
  /** `--name`; a value option takes `--name V` or `--name=V`. */
  readonly flag?: `--${string}`
  /** The environment variable. */
  readonly env?: string
  /** Names the value in `--help` (`URL`, `DIR`); without it the flag is a switch, read as `true`. */
  readonly value?: string
  /** One line for `--help`. */
  readonly help: string
  /** Shown in `--help`; registrations leave out a value equal to it. */
  readonly default?: string
  /** The value is a file or folder: registrations carry it as an absolute path. */
  readonly path?: boolean
  /** Registrations carry this setting in `env`: the value given, else `placeholder`. */
  readonly register?: boolean
  /** What registrations show when no value is given, e.g. `<your API key>`. */
  readonly placeholder?: string
  /** The server cannot start without it: `--check <file>` reports a registration lacking it. */
  readonly required?: boolean
  /** Never printed: registrations show the placeholder, and stderr never carries the value. */
  readonly secret?: boolean
}

/** The value of each option: flag, else environment, else `undefined`. */
export type OptionValues<Options extends Record<string, CliOption>> = {
  readonly [K in keyof Options]: string | undefined
}

/** What the command line asks for. */
export type CliMode =
  | { readonly kind: 'help' }
  | { readonly kind: 'version' }
  | { readonly kind: 'check'; readonly file: string | undefined }
  | { readonly kind: 'stdio' }
  | { readonly kind: 'http' }
  | { readonly kind: 'command'; readonly args: readonly string[] }

export interface ParsedArguments<Options extends Record<string, CliOption>> {
  readonly mode: CliMode
  readonly values: OptionValues<Options>
  /** The `--http-*` flags, in the form `readHttpSettings` reads. */
  readonly httpArgv: readonly string[]
}

/** The `--http-*` flags every app takes; `readHttpSettings` reads them. */
export const HTTP_FLAGS: readonly string[] = [
  '--http-token',
  '--http-token-file',
  '--http-host',
  '--http-port',
]

/**
 * Reads argv and the environment. Mode flags and options may come anywhere; the first word that
 * is not a flag starts a command (when the app has commands) and everything after it that is not
 * one of the app's options belongs to the command (`verify --revid 1`). `--` ends the options.
 * `--help` and `--version` win over everything else, even over a mistake beside them.
 */
export function parseArguments<Options extends Record<string, CliOption>>(
  options: Options,
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  acceptsCommand: boolean,
): ParsedArguments<Options> {
  if (argv.includes('--help') || argv.includes('-h')) return informational(options, 'help')
  if (argv.includes('--version') || argv.includes('-v')) return informational(options, 'version')

  const byFlag = new Map<string, keyof Options>()
  for (const [key, option] of Object.entries(options)) {
    if (option.flag !== undefined) byFlag.set(option.flag, key)
  }
  const flagValues = new Map<keyof Options, string>()
  const httpArgv: string[] = []
  const command: string[] = []
  let mode: CliMode | undefined
  const setMode = (next: CliMode, flag: string): void => {
    if (mode !== undefined && mode.kind !== next.kind) {
      throw new UsageError(`${describeMode(mode)} and ${flag} cannot be combined; see --help`)
    }
    mode = next
  }

  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    if (arg === '--') {
      if (!acceptsCommand && i + 1 < argv.length) {
        throw new UsageError(`unexpected argument ${quote(argv[i + 1]!)}; see --help`)
      }
      command.push(...argv.slice(i + 1))
      break
    }
    const equals = arg.startsWith('--') ? arg.indexOf('=') : -1
    const name = equals > 0 ? arg.slice(0, equals) : arg
    const inline = equals > 0 ? arg.slice(equals + 1) : undefined
    const takeValue = (): string => {
      if (inline !== undefined) return inline
      const next = argv[i + 1]
      if (next === undefined) throw new UsageError(`${name} needs a value; see --help`)
      i++
      return next
    }

    const key = byFlag.get(name)
    if (key !== undefined) {
      const option = options[key]!
      flagValues.set(key, option.value === undefined ? (inline ?? 'true') : takeValue())
    } else if (HTTP_FLAGS.includes(name)) {
      httpArgv.push(`${name}=${takeValue()}`)
    } else if (command.length > 0) {
      command.push(arg)
    } else if (name === '--stdio' || name === '--http') {
      if (inline !== undefined) throw new UsageError(`${name} takes no value; see --help`)
      setMode({ kind: name === '--stdio' ? 'stdio' : 'http' }, name)
    } else if (name === '--check') {
      // The config file to check is optional: `--check` alone prints registrations.
      const next = argv[i + 1]
      const file = inline ?? (next !== undefined && !next.startsWith('-') ? (i++, next) : undefined)
      setMode({ kind: 'check', file }, '--check')
    } else if (arg.startsWith('-') && arg !== '-') {
      throw new UsageError(`unknown option ${quote(arg)}; see --help`)
    } else if (acceptsCommand) {
      command.push(arg)
    } else {
      throw new UsageError(`unexpected argument ${quote(arg)}; see --help`)
    }
  }
  if (command.length > 0)
    setMode({ kind: 'command', args: command }, `the command ${quote(command[0]!)}`)

  return { mode: mode ?? { kind: 'stdio' }, values: valuesOf(options, flagValues, env), httpArgv }
}

function informational<Options extends Record<string, CliOption>>(
  options: Options,
  kind: 'help' | 'version',
): ParsedArguments<Options> {
  return { mode: { kind }, values: valuesOf(options, new Map(), {}), httpArgv: [] }
}

function valuesOf<Options extends Record<string, CliOption>>(
  options: Options,
  flagValues: ReadonlyMap<keyof Options, string>,
  env: Readonly<Record<string, string | undefined>>,
): OptionValues<Options> {
  const values: Record<string, string | undefined> = {}
  for (const [key, option] of Object.entries(options)) {
    const fromFlag = flagValues.get(key)
    const fromEnv = option.env === undefined ? undefined : env[option.env]
    values[key] =
      fromFlag !== undefined && fromFlag !== ''
        ? fromFlag
        : fromEnv === undefined || fromEnv === ''
          ? undefined
          : fromEnv
  }
  return values as OptionValues<Options>
}

function describeMode(mode: CliMode): string {
  return mode.kind === 'command' ? `the command ${quote(mode.args[0]!)}` : `--${mode.kind}`
}

/** Quotes a user's word for a message, cut so a pasted blob cannot flood the terminal. */
function quote(text: string): string {
  return JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…` : text)
}
