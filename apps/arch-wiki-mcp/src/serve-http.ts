// --http and --check: both come from @wiki/mcp-core's Node entry, so tokens, bind address,
// Origin/Host checks and the registration snippets are exactly those of every other app.
import type { ServerDefinition } from '@wiki/mcp-core'
import * as nodeEntry from '@wiki/mcp-core/node'
import type { Settings } from './settings.js'

// The Node entry's functions as mcp-core.md §7.4 and §9 name them. Typed here while that entry is
// being written; drop this and use the package's own types once it exports them.
interface NodeEntry {
  registrationSnippets(input: {
    key: string
    stdio: { command?: string; args: string[]; env?: Record<string, string> }
    http?: { url: string; tokenEnvVar: string }
  }): unknown
  formatRegistration(snippets: unknown): string
  readHttpSettings(input: { env: NodeJS.ProcessEnv; argv: readonly string[] }): {
    host: string
    port: number
    tokens: string[]
    warnings: string[]
    problems: string[]
  }
  serveHttp(
    server: ServerDefinition,
    options: { host: string; port: number; auth: { tokens: string[] } },
  ): Promise<{ url: string }> | { url: string }
}
const node = nodeEntry as unknown as NodeEntry

/** The config key clients show; the HTTP entry is keyed `arch-wiki-http`. */
const KEY = 'arch-wiki'
const TOKEN_ENV = 'ARCH_WIKI_MCP_TOKEN'

/** Registrations for Claude Code, Claude Desktop, Cursor and VS Code, ready to paste. */
export function printRegistrations(entryPoint: string, env: Record<string, string>): string {
  const snippets = node.registrationSnippets({
    key: KEY,
    stdio: {
      command: process.execPath,
      args: [entryPoint, '--stdio'],
      // A wiki other than the default travels with the registration.
      ...(Object.keys(env).length > 0 ? { env } : {}),
    },
    http: { url: 'http://127.0.0.1:3000/mcp', tokenEnvVar: TOKEN_ENV },
  })
  const text = node.formatRegistration(snippets)
  return text.endsWith('\n') ? text : `${text}\n`
}

/** Serves over Streamable HTTP until a signal; refuses to start without a token (exit 1). */
export async function serveHttpMode(
  server: ServerDefinition,
  settings: Settings,
  log: (line: string) => void,
): Promise<number> {
  const http = node.readHttpSettings({ env: process.env, argv: settings.httpArgv })
  for (const warning of http.warnings) log(`warning: ${warning}`)
  if (http.problems.length > 0) {
    log(http.problems.join('; '))
    return 1
  }
  const running = await node.serveHttp(server, {
    host: http.host,
    port: http.port,
    auth: { tokens: http.tokens },
  })
  log(`serving MCP over HTTP at ${running.url}`)
  return new Promise<number>(() => {
    // serveHttp handles SIGINT/SIGTERM and exits the process after a graceful shutdown.
  })
}
