/** Where mcp-core and handlers write diagnostics. Every level ends up on stderr, never stdout. */
export interface Logger {
  debug(message: string): void
  info(message: string): void
  warn(message: string): void
  error(message: string): void
}

/** Log levels in increasing severity. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent'

const rank: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3, silent: 4 }

/**
 * Builds a logger that prefixes each line and drops lines below `level`. `write` receives whole
 * lines; the default writes through `console.error`, which every runtime sends to stderr.
 */
export function createLogger(
  prefix: string,
  level: LogLevel = 'info',
  write: (line: string) => void = (line) => {
    console.error(line)
  },
): Logger {
  const min = rank[level]
  const at =
    (name: Exclude<LogLevel, 'silent'>) =>
    (message: string): void => {
      if (rank[name] >= min) write(`${prefix} ${name}: ${message}`)
    }
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') }
}
