import type { CliOption } from './cli-arguments.js'

/** What `--help` is written from: the app's declarations, never a hand-kept copy of them. */
export interface HelpInput {
  readonly name: string
  readonly version: string
  readonly summary: string
  readonly options: Readonly<Record<string, CliOption>>
  /** The app command's usage lines, e.g. `<tool> <args…>   call one tool`. */
  readonly commandUsage?: string | undefined
  /** Extra paragraphs after the options (the app's own exit codes, a list of tools). */
  readonly notes?: string | undefined
}

const HTTP_OPTIONS: readonly CliOption[] = [
  {
    flag: '--http-token',
    env: 'MCP_HTTP_TOKEN',
    value: 'T',
    help: 'comma-separated bearer tokens (--http needs one)',
    secret: true,
  },
  { flag: '--http-token-file', env: 'MCP_HTTP_TOKEN_FILE', value: 'F', help: 'one token per line' },
  {
    flag: '--http-host',
    env: 'MCP_HTTP_HOST',
    value: 'H',
    help: 'bind address (default 127.0.0.1)',
  },
  {
    flag: '--http-port',
    env: 'MCP_HTTP_PORT',
    value: 'N',
    help: 'port (default 3000; 0 picks a free one)',
  },
]

/** The `--help` text: modes, the app's options, the HTTP options and the exit codes. */
export function formatHelp(input: HelpInput): string {
  const { name } = input
  const usage: string[][] = [
    [`${name} [--stdio] [options]`, 'serve MCP over stdio (the default)'],
    [`${name} --http [options]`, 'serve MCP over Streamable HTTP (a bearer token is required)'],
    [
      `${name} --check [options]`,
      'print registrations for Claude Code, Claude Desktop, Cursor, VS Code',
    ],
    [
      `${name} --check <config file>`,
      'start this server as that client config registers it, and say what is wrong',
    ],
  ]
  // A command's usage lines join the table: `synopsis   what it does`, split at two spaces.
  for (const line of input.commandUsage?.split('\n') ?? []) {
    const [synopsis = '', ...what] = line.trim().split(/\s{2,}/)
    usage.push([synopsis, what.join(' ')])
  }
  const lines = [`${name} ${input.version}: ${input.summary}`, '', 'Usage:', ...table(usage)]
  lines.push(`  ${name} --help | --version`)
  const own = Object.values(input.options)
  if (own.length > 0) {
    lines.push('', 'Settings (a flag overrides its variable; empty variables count as unset):')
    lines.push(...table(own.map(optionRow)))
  }
  lines.push('', 'HTTP settings (with --http):', ...table(HTTP_OPTIONS.map(optionRow)))
  if (input.notes !== undefined) lines.push('', input.notes.trimEnd())
  lines.push(
    '',
    'Logs go to stderr; stdout carries only MCP messages (stdio) or the command output.',
    'Exit codes: 0 success, 1 runtime failure, 2 bad usage or settings.',
  )
  return `${lines.join('\n')}\n`
}

function optionRow(option: CliOption): string[] {
  const flag =
    option.flag === undefined ? '' : `${option.flag}${option.value ? ` ${option.value}` : ''}`
  const notes = [
    option.required ? 'required' : undefined,
    option.default !== undefined ? `default ${option.default}` : undefined,
  ].filter((note) => note !== undefined)
  return [
    flag,
    option.env ?? '',
    notes.length > 0 ? `${option.help} (${notes.join('; ')})` : option.help,
  ]
}

/** Aligned columns; a column empty in every row takes no room. */
function table(rows: readonly (readonly string[])[]): string[] {
  const count = Math.max(...rows.map((row) => row.length))
  const widths = Array.from({ length: count - 1 }, (_, i) =>
    // A row with nothing after this cell runs on and does not widen the column.
    Math.max(
      ...rows.map((row) => (row.slice(i + 1).some((cell) => cell !== '') ? row[i]!.length : 0)),
    ),
  )
  return rows.map((row) =>
    `  ${row
      .map((cell, i) =>
        i < count - 1 ? (widths[i] === 0 ? '' : `${cell.padEnd(widths[i]!)}  `) : cell,
      )
      .join('')}`.trimEnd(),
  )
}
