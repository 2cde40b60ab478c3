// --http and --check: both come from @wiki/mcp-core's Node entry, so tokens, bind address,
// Origin/Host checks and the registration snippets are exactly those of every other app.
import type { ServerDefinition } from '@wiki/mcp-core'
import {
  formatRegistration,
  readHttpSettings,
  registrationSnippets,
  serveHttp,
} from '@wiki/mcp-core/node'
import type { Settings } from './settings.js'

/** The config key clients show; the HTTP entry is keyed `arch-wiki-http`. */
const KEY = 'arch-wiki'
const TOKEN_ENV = 'ARCH_WIKI_MCP_TOKEN'

/** Registrations for Claude Code, Claude Desktop, Cursor and VS Code, ready to paste. */
export function printRegistrations(
  entryPoint: string,
  env: Record<string, string>,
  tools: readonly string[],
): string {
  const snippets = registrationSnippets({
    key: KEY,
    stdio: {
      command: process.execPath,
      args: [entryPoint, '--stdio'],
      // A wiki other than the default travels with the registration.
      ...(Object.keys(env).length > 0 ? { env } : {}),
    },
    http: { url: 'http://127.0.0.1:3000/mcp', tokenEnvVar: TOKEN_ENV },
    tools,
  })
  const text = formatRegistration(snippets)
  return text.endsWith('\n') ? text : `${text}\n`
}

/**
 * Serves over Streamable HTTP until a signal (serveHttp then shuts down and exits). Refuses to
 * start without a token: exit 1 with every problem on one stderr line.
 */
export async function serveHttpMode(
  server: ServerDefinition,
  settings: Settings,
  log: (line: string) => void,
): Promise<number | undefined> {
  const http = readHttpSettings({ env: process.env, argv: settings.httpArgv })
  for (const warning of http.warnings) log(`warning: ${warning}`)
  if (http.problems.length > 0) {
    log(http.problems.join('; '))
    return 1
  }
  const running = await serveHttp(server, {
    host: http.host,
    port: http.port,
    auth: { tokens: http.tokens },
  })
  log(`serving MCP over HTTP at ${running.url}`)
  return undefined
}
