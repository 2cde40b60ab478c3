// `arch-wiki-mcp <tool> <args…>`: one tool call from the shell. Arguments go
// through the tool's own zod schema, so the shell and MCP accept exactly the same inputs.
import { readFileSync } from 'node:fs'
import { ToolError } from '@wiki/mcp-core'
import type { z } from 'zod'
import type { Backend } from './backend.js'
import type { SiteSet } from './sites.js'
import { toToolError } from './errors.js'
import { archWikiTools } from './server.js'
import { UsageError } from '@wiki/mcp-core/node'

export interface CliIo {
  stdout: (text: string) => void
  stderr: (text: string) => void
  readStdin: () => string
}

/** Exit codes: 0 success, 1 tool failure, 2 usage error, 3 verify not reproduced. */
export async function runCli(
  sites: SiteSet | Backend,
  toolName: string,
  argv: readonly string[],
  io: CliIo,
): Promise<number> {
  // `--site NAME` anywhere after the tool name picks the site; the rest is the tool's.
  const { site, rest: args } = siteFlag(argv)
  const tools = archWikiTools(sites)
  const tool = tools.find((t) => t.name === toolName)
  if (!tool) {
    throw new UsageError(
      `Unknown tool "${toolName}"; expected one of ${tools.map((t) => t.name).join(', ')}`,
    )
  }
  const raw: Record<string, unknown> =
    toolName === 'verify'
      ? verifyArgs(args, io)
      : toolName === 'recheck'
        ? { evidence: readEvidence(onlyOne(args, 'recheck <evidence.json | ->'), io) }
        : positional(tool.input, toolName, args)
  if (site !== undefined) raw.site = site

  const parsed = tool.input.safeParse(raw)
  if (!parsed.success) {
    throw new UsageError(
      `Invalid arguments for ${toolName}: ${parsed.error.issues
        .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
        .join('; ')}`,
    )
  }
  let result: Record<string, unknown>
  try {
    const controller = new AbortController()
    const value = await (tool.handler as (args: unknown, ctx: unknown) => Promise<unknown>)(
      parsed.data,
      {
        signal: controller.signal,
        requestId: 'cli',
        session: { id: 'cli', transport: 'stdio', protocolVersion: 'cli', state: new Map() },
        progress() {},
        attach() {},
        log: { debug() {}, info() {}, warn() {}, error() {} },
      },
    )
    // The output schema fixes the key order, exactly as over MCP.
    result = tool.output.parse(value)
  } catch (error) {
    // The same mapping and the same flat shape as a tool result over MCP.
    const failure = error instanceof ToolError ? error : toToolError(error)
    if (failure) {
      const payload = { error: failure.message, code: failure.code, ...failure.data }
      io.stderr(`${JSON.stringify(payload, null, 2)}\n`)
      return 1
    }
    const message = error instanceof Error ? error.message : String(error)
    io.stderr(`${JSON.stringify({ error: message, code: 'internal_error' }, null, 2)}\n`)
    if (error instanceof Error && error.stack) io.stderr(`${error.stack}\n`)
    return 1
  }
  io.stdout(`${JSON.stringify(result, null, 2)}\n`)
  if (toolName === 'verify') return result.reproduced === true ? 0 : 3
  return 0
}

function siteFlag(argv: readonly string[]): { site: string | undefined; rest: string[] } {
  const rest = [...argv]
  const at = rest.findIndex((arg) => arg === '--site' || arg.startsWith('--site='))
  if (at === -1) return { site: undefined, rest }
  const arg = rest[at] as string
  const site = arg === '--site' ? rest[at + 1] : arg.slice('--site='.length)
  if (site === undefined || site === '') throw new UsageError('--site needs a site name')
  rest.splice(at, arg === '--site' ? 2 : 1)
  return { site, rest }
}

/** Maps positional arguments onto the schema's keys, required ones first; integers are parsed. */
function positional(schema: z.ZodObject, toolName: string, argv: readonly string[]) {
  const shape: Record<string, z.ZodType> = schema.shape
  const entries = Object.entries(shape)
  const isOptional = (s: z.ZodType) => s.safeParse(undefined).success
  // `site` is given as --site, never by position, so positions stay what they were.
  const keys = [
    ...entries.filter(([k, s]) => !isOptional(s) && k !== 'site'),
    ...entries.filter(([k, s]) => isOptional(s) && k !== 'site'),
  ]
  if (argv.length > keys.length) {
    throw new UsageError(
      `Too many arguments for ${toolName}: expected at most ${keys.length} (${keys.map(([k]) => k).join(', ')}), got ${argv.length}`,
    )
  }
  const out: Record<string, unknown> = {}
  argv.forEach((value, i) => {
    const [key, s] = keys[i] as [string, z.ZodType]
    const numeric = s.safeParse(1).success && !s.safeParse('1').success
    out[key] = numeric && /^-?\d+$/.test(value) ? Number(value) : value
  })
  return out
}

function onlyOne(argv: readonly string[], usage: string): string {
  if (argv.length !== 1) throw new UsageError(`Usage: arch-wiki-mcp ${usage}`)
  return argv[0] as string
}

function readEvidence(source: string, io: CliIo): unknown {
  let text: string
  try {
    text = source === '-' ? io.readStdin() : readFileSync(source, 'utf8')
  } catch (error) {
    throw new UsageError(
      `Cannot read evidence from ${source === '-' ? 'stdin' : source}: ${(error as Error).message}`,
    )
  }
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw new UsageError(`Evidence in ${source === '-' ? 'stdin' : source} is not JSON`)
  }
}

const VERIFY_USAGE =
  'verify <evidence.json | -> | verify --revid N (--content-hash H | --content-raw-file F) [--source-pattern P] [--section-anchor A]'

function verifyArgs(argv: readonly string[], io: CliIo): Record<string, unknown> {
  if (argv.length === 1 && !(argv[0] as string).startsWith('--')) {
    return { evidence: readEvidence(argv[0] as string, io) }
  }
  const out: Record<string, unknown> = {}
  for (let i = 0; i < argv.length; i += 2) {
    const flag = argv[i] as string
    const value = argv[i + 1]
    if (value === undefined) throw new UsageError(`${flag} needs a value. Usage: ${VERIFY_USAGE}`)
    if (flag === '--revid') {
      if (!/^\d+$/.test(value))
        throw new UsageError(`--revid: expected a revision number, got "${value}"`)
      out.revid = Number(value)
    } else if (flag === '--content-hash') out.content_hash = value
    else if (flag === '--source-pattern') out.source_pattern = value
    else if (flag === '--section-anchor') out.section_anchor = value
    else if (flag === '--content-raw-file') {
      try {
        out.content_raw = value === '-' ? io.readStdin() : readFileSync(value, 'utf8')
      } catch (error) {
        throw new UsageError(
          `--content-raw-file: cannot read ${value}: ${(error as Error).message}`,
        )
      }
    } else throw new UsageError(`Unknown flag ${flag}. Usage: ${VERIFY_USAGE}`)
  }
  if (out.revid === undefined) throw new UsageError(`Usage: ${VERIFY_USAGE}`)
  return out
}
