import * as z from 'zod'
import type { Prompt } from './define-prompt.js'
import type { Tool } from './define-tool.js'
import { compiledServers, type CompiledPrompt, type CompiledTool } from './compiled.js'
import { ToolError } from './tool-error.js'
import { checkIcons, type Icon } from './icons.js'

/** What `createServer` takes. */
export interface CreateServerOptions {
  name: string
  version: string
  title?: string
  /** Sent in the `initialize` and `server/discover` results; at most 2048 bytes. */
  instructions?: string
  /** The server's icons (2025-11-25 and later), e.g. `[readSvgIcon(url)]`; checked here. */
  icons?: readonly Icon[]
  tools: readonly Tool[]
  prompts?: readonly Prompt[]
  /** Refuses any tool with `access: 'write'` at start-up. */
  readOnly?: boolean
  /**
   * Maps an error a tool handler threw to the `ToolError` the client gets, or `undefined` for an
   * unexpected one (answered `internal_error` with a ref, the detail only in the log). A
   * `ToolError` thrown by a handler is answered as it is and never reaches this function.
   */
  onError?: (error: unknown) => ToolError | undefined
}

/** A validated, deeply frozen server definition; serve it on any number of transports. */
export interface ServerDefinition {
  readonly name: string
  readonly version: string
  readonly title?: string
  readonly instructions?: string
  readonly icons?: readonly Icon[]
  readonly tools: readonly Tool[]
  readonly prompts: readonly Prompt[]
  readonly readOnly: boolean
}

const NAME = /^[A-Za-z0-9_.-]{1,64}$/
const MAX_TEXT_BYTES = 2048
const MAX_TOOLS = 128
const WARN_TOOLS = 40
/** Cursor's limit on `<server key>__<tool>`-style identifiers, with our `-http` key suffix. */
const MAX_KEY_AND_TOOL = 60

const encoder = new TextEncoder()

/**
 * Validates every tool and prompt (names, descriptions, schemas a client can use), generates their JSON Schemas once and returns a
 * frozen definition. Throws one `TypeError` listing every problem.
 */
export function createServer(options: Readonly<CreateServerOptions>): ServerDefinition {
  const problems: string[] = []
  const warnings: string[] = []
  const { name, version, title, instructions, readOnly = false } = options
  const toolsOption: unknown = options.tools
  const tools: readonly Tool[] = Array.isArray(toolsOption) ? options.tools : []
  const prompts: readonly Prompt[] = options.prompts ?? []

  if (typeof name !== 'string' || !NAME.test(name)) {
    problems.push(`server: name ${JSON.stringify(name)} must match ${String(NAME)}`)
  }
  if (typeof version !== 'string' || version === '') {
    problems.push('server: version must be a non-empty string')
  }
  if (options.onError !== undefined && typeof options.onError !== 'function') {
    problems.push('server: onError must be a function')
  }
  if (instructions !== undefined && byteLength(instructions) > MAX_TEXT_BYTES) {
    problems.push(
      `server: instructions are ${byteLength(instructions)} bytes, at most ${MAX_TEXT_BYTES} allowed`,
    )
  }
  if (!Array.isArray(toolsOption)) {
    problems.push('server: tools must be an array of defineTool() results')
  } else if (tools.length >= MAX_TOOLS) {
    problems.push(`server: ${tools.length} tools, fewer than ${MAX_TOOLS} allowed`)
  } else if (tools.length > WARN_TOOLS) {
    warnings.push(`server ${name}: ${tools.length} tools; some clients degrade above ${WARN_TOOLS}`)
  }
  const icons = checkIcons(options.icons, 'server', problems)

  const compiledTools: CompiledTool[] = []
  const seenTools = new Set<string>()
  for (const [index, tool] of tools.entries()) {
    const where = `tool ${typeof tool?.name === 'string' ? JSON.stringify(tool.name) : `#${index}`}`
    const compiled = compileTool(tool, where, name, readOnly, problems)
    if (typeof tool?.name === 'string') {
      if (seenTools.has(tool.name)) problems.push(`${where}: name is used by another tool`)
      seenTools.add(tool.name)
    }
    if (compiled) compiledTools.push(compiled)
  }

  const compiledPrompts: CompiledPrompt[] = []
  const seenPrompts = new Set<string>()
  for (const [index, prompt] of prompts.entries()) {
    const where = `prompt ${typeof prompt?.name === 'string' ? JSON.stringify(prompt.name) : `#${index}`}`
    const compiled = compilePrompt(prompt, where, problems)
    if (typeof prompt?.name === 'string') {
      if (seenPrompts.has(prompt.name)) problems.push(`${where}: name is used by another prompt`)
      seenPrompts.add(prompt.name)
    }
    if (compiled) compiledPrompts.push(compiled)
  }

  if (problems.length > 0) {
    throw new TypeError(`Invalid MCP server definition:\n- ${problems.join('\n- ')}`)
  }

  const definition: ServerDefinition = Object.freeze({
    name,
    version,
    ...(title === undefined ? {} : { title }),
    ...(instructions === undefined ? {} : { instructions }),
    ...(icons === undefined ? {} : { icons }),
    tools: Object.freeze(tools.map((tool) => Object.freeze(tool))),
    prompts: Object.freeze(prompts.map((prompt) => Object.freeze(prompt))),
    readOnly,
  })

  const capabilities = Object.freeze(
    compiledPrompts.length > 0 ? { tools: {}, prompts: {} } : { tools: {} },
  )
  compiledServers.set(definition, {
    tools: compiledTools,
    toolsByName: new Map(compiledTools.map((t) => [t.tool.name, t])),
    prompts: compiledPrompts,
    promptsByName: new Map(compiledPrompts.map((p) => [p.prompt.name, p])),
    hash: hashText(JSON.stringify(compiledTools.map((t) => t.listings[2]))),
    capabilities,
    warnings,
    toolErrorOf: toolErrorMapper(options.onError),
  })
  return definition
}

/**
 * The one place a thrown error becomes a tool error: a `ToolError` as it is, anything else through
 * the server's `onError`. A mapper that throws or returns something else counts as "unexpected",
 * with both errors in the log.
 */
function toolErrorMapper(
  onError: ((error: unknown) => ToolError | undefined) | undefined,
): (error: unknown) => ToolError | { unexpected: string } {
  return (error) => {
    if (error instanceof ToolError) return error
    if (onError === undefined) return { unexpected: describeError(error) }
    let mapped: unknown
    try {
      mapped = onError(error)
    } catch (mapperError) {
      return {
        unexpected: `${describeError(error)}\n(onError threw: ${describeError(mapperError)})`,
      }
    }
    return mapped instanceof ToolError ? mapped : { unexpected: describeError(error) }
  }
}

function describeError(error: unknown): string {
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`
  return String(error)
}

function compileTool(
  tool: Tool,
  where: string,
  serverName: string,
  readOnly: boolean,
  problems: string[],
): CompiledTool | undefined {
  if (typeof tool !== 'object' || tool === null) {
    problems.push(`${where}: not a tool; use defineTool()`)
    return undefined
  }
  const before = problems.length
  checkName(tool.name, where, problems)
  if (
    typeof tool.name === 'string' &&
    typeof serverName === 'string' &&
    serverName.length + '-http'.length + tool.name.length > MAX_KEY_AND_TOOL
  ) {
    problems.push(
      `${where}: "${serverName}-http" + "${tool.name}" is longer than ${MAX_KEY_AND_TOOL} characters, which clients such as Cursor refuse; shorten the server or tool name`,
    )
  }
  checkDescription(tool.description, where, problems)
  if (tool.access !== 'read' && tool.access !== 'write') {
    problems.push(`${where}: access must be 'read' or 'write', got ${JSON.stringify(tool.access)}`)
  }
  if (typeof tool.handler !== 'function') problems.push(`${where}: handler must be a function`)
  const readOnlyHint = tool.access === 'read'
  if (
    tool.annotations?.readOnlyHint !== undefined &&
    tool.annotations.readOnlyHint !== readOnlyHint
  ) {
    problems.push(
      `${where}: annotations.readOnlyHint is ${String(tool.annotations.readOnlyHint)} but access is '${tool.access}'; drop the hint, access sets it`,
    )
  }
  if (readOnly && tool.access === 'write') {
    problems.push(
      `${where}: access is 'write' but the server is readOnly; leave the tool out of this definition`,
    )
  }
  if (
    tool._meta !== undefined &&
    (typeof tool._meta !== 'object' || tool._meta === null || Array.isArray(tool._meta))
  ) {
    problems.push(`${where}: _meta must be a plain object, got ${JSON.stringify(tool._meta)}`)
  }
  const icons = checkIcons(tool.icons, where, problems)
  const inputSchema = toSchema(tool.input, 'input', `${where}: input`, problems)
  const outputSchema = toSchema(tool.output, 'output', `${where}: output`, problems)
  if (problems.length > before || !inputSchema || !outputSchema) return undefined

  const annotations = { ...tool.annotations, readOnlyHint }
  const base = { name: tool.name, description: tool.description, inputSchema }
  const full = Object.freeze({
    name: tool.name,
    ...(tool.title === undefined ? {} : { title: tool.title }),
    description: tool.description,
    inputSchema,
    outputSchema,
    annotations,
    ...(tool._meta === undefined ? {} : { _meta: tool._meta }),
  })
  return {
    tool,
    listings: [
      Object.freeze(base),
      Object.freeze({ ...base, annotations }),
      full,
      icons === undefined ? full : Object.freeze({ ...full, icons }),
    ],
  }
}

function compilePrompt(
  prompt: Prompt,
  where: string,
  problems: string[],
): CompiledPrompt | undefined {
  if (typeof prompt !== 'object' || prompt === null) {
    problems.push(`${where}: not a prompt; use definePrompt()`)
    return undefined
  }
  const before = problems.length
  checkName(prompt.name, where, problems)
  checkDescription(prompt.description, where, problems)
  if (typeof prompt.handler !== 'function') problems.push(`${where}: handler must be a function`)
  const args: { name: string; description?: string; required: boolean }[] = []
  if (prompt.args !== undefined) {
    const schema = toSchema(prompt.args, 'input', `${where}: args`, problems)
    if (schema) {
      const properties = (schema.properties ?? {}) as Record<string, Record<string, unknown>>
      const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : [])
      for (const [key, property] of Object.entries(properties)) {
        if (property.type !== 'string') {
          problems.push(
            `${where}: /properties/${escapePointer(key)}: prompt arguments must be z.string(), optionally .optional()`,
          )
        }
        args.push({
          name: key,
          ...(typeof property.description === 'string'
            ? { description: property.description }
            : {}),
          required: required.has(key),
        })
      }
    }
  }
  if (problems.length > before) return undefined
  const base = {
    name: prompt.name,
    description: prompt.description,
    ...(args.length > 0 ? { arguments: args } : {}),
  }
  const titled = Object.freeze(prompt.title === undefined ? base : { ...base, title: prompt.title })
  return { prompt, listings: [Object.freeze(base), Object.freeze(base), titled, titled] }
}

function checkName(name: unknown, where: string, problems: string[]): void {
  if (typeof name !== 'string' || !NAME.test(name)) {
    problems.push(`${where}: name must match ${String(NAME)}`)
  }
}

function checkDescription(description: unknown, where: string, problems: string[]): void {
  if (typeof description !== 'string' || description.trim() === '') {
    problems.push(`${where}: description is required`)
  } else if (byteLength(description) > MAX_TEXT_BYTES) {
    problems.push(
      `${where}: description is ${byteLength(description)} bytes, at most ${MAX_TEXT_BYTES} allowed`,
    )
  }
}

type JsonObject = Record<string, unknown>

function toSchema(
  schema: unknown,
  io: 'input' | 'output',
  where: string,
  problems: string[],
): JsonObject | undefined {
  if (!(schema instanceof z.ZodType)) {
    problems.push(`${where}: must be a zod 4 schema such as z.strictObject({...})`)
    return undefined
  }
  let json: JsonObject
  try {
    json = z.toJSONSchema(schema, {
      target: 'draft-2020-12',
      io,
      reused: 'inline',
      cycles: 'throw',
      unrepresentable: 'throw',
    })
  } catch (error) {
    problems.push(
      `${where}: cannot be expressed as JSON Schema (${error instanceof Error ? error.message : String(error)})`,
    )
    return undefined
  }
  delete json.$schema
  if (json.type !== 'object') {
    problems.push(`${where}: the top-level schema must have type "object" (use z.strictObject)`)
  }
  walkSchema(json, '', io, where, problems)
  return deepFreeze(json)
}

/** The JSON Schema rules clients need, checked on every node of the generated schema. */
function walkSchema(
  node: unknown,
  pointer: string,
  io: 'input' | 'output',
  where: string,
  problems: string[],
): void {
  if (Array.isArray(node)) {
    node.forEach((item, index) => {
      walkSchema(item, `${pointer}/${index}`, io, where, problems)
    })
    return
  }
  if (typeof node !== 'object' || node === null) return
  const object = node as JsonObject
  const at = pointer === '' ? '/' : pointer
  if ('$ref' in object || '$defs' in object) {
    problems.push(
      `${where}: ${at}: $ref/$defs are not allowed (drop .meta({ id }) and recursive schemas)`,
    )
  }
  if (object.type === 'array' || 'items' in object || 'prefixItems' in object) {
    if ('prefixItems' in object || typeof object.items !== 'object' || object.items === null) {
      problems.push(
        `${where}: ${at}: arrays need an object-valued items; tuples are refused (use z.array)`,
      )
    }
  }
  if (io === 'input' && 'properties' in object && object.additionalProperties !== false) {
    problems.push(
      `${where}: ${at}: input objects must be closed, additionalProperties: false (use z.strictObject)`,
    )
  }
  for (const [key, value] of Object.entries(object)) {
    if (typeof value === 'object' && value !== null) {
      walkSchema(value, `${pointer}/${escapePointer(key)}`, io, where, problems)
    }
  }
}

function escapePointer(key: string): string {
  return key.replaceAll('~', '~0').replaceAll('/', '~1')
}

function byteLength(text: string): number {
  return encoder.encode(text).length
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const child of Object.values(value)) deepFreeze(child)
  }
  return value
}

/** FNV-1a; only used to tell cursors of one definition from another's. */
function hashText(text: string): string {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return (hash >>> 0).toString(16).padStart(8, '0')
}
