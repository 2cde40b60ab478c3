import { parseDocument, isNode, visit } from 'yaml'
import { parseSimpleMapping } from './simple-mapping.js'
import { CodeFences } from './code-fence.js'

/** Where a frontmatter block failed to parse. */
export interface FrontmatterError {
  readonly message: string
  readonly line: number
  readonly column: number
}

/** A Markdown file split into its frontmatter block and the rest. */
export interface SplitPage {
  /** Parsed mapping; `{}` when the block is absent or invalid. */
  readonly frontmatter: Record<string, unknown>
  /** True when the file starts with a `---` fence. */
  readonly hasBlock: boolean
  readonly error: FrontmatterError | undefined
  /** Text after the block, trimmed. */
  readonly content: string
}

const MAX_BLOCK = 64 * 1024
// Core schema tags only: `!!binary`, `!!set`, `!!timestamp` or custom tags make the block invalid.
const ALLOWED_TAGS = new Set([
  'tag:yaml.org,2002:str',
  'tag:yaml.org,2002:int',
  'tag:yaml.org,2002:float',
  'tag:yaml.org,2002:bool',
  'tag:yaml.org,2002:null',
  'tag:yaml.org,2002:map',
  'tag:yaml.org,2002:seq',
])

export function splitFrontmatter(fileText: string): SplitPage {
  const text = fileText.startsWith('\uFEFF') ? fileText.slice(1) : fileText
  const firstBreak = text.indexOf('\n')
  const firstLine = (firstBreak === -1 ? text : text.slice(0, firstBreak)).replace(/\r$/, '')
  if (firstLine !== '---') {
    return { frontmatter: {}, hasBlock: false, error: undefined, content: text.trim() }
  }
  if (firstBreak === -1) {
    return fail(text, { message: 'Frontmatter block is not closed by ---', line: 1, column: 1 }, '')
  }
  let position = firstBreak + 1
  while (position <= text.length) {
    const end = text.indexOf('\n', position)
    const raw = end === -1 ? text.slice(position) : text.slice(position, end)
    const current = raw.replace(/\r$/, '')
    if (current === '---' || current === '...') {
      const block = text.slice(firstBreak + 1, position)
      const rest = end === -1 ? '' : text.slice(end + 1)
      if (block.length > MAX_BLOCK) {
        return fail(
          text,
          { message: `Frontmatter is over ${MAX_BLOCK} bytes`, line: 1, column: 1 },
          rest,
        )
      }
      const parsed = parseYamlMapping(block)
      if ('error' in parsed) return fail(text, parsed.error, rest)
      return { frontmatter: parsed.value, hasBlock: true, error: undefined, content: rest.trim() }
    }
    if (end === -1) break
    position = end + 1
  }
  return fail(
    text,
    { message: 'Frontmatter block is not closed by --- or ...', line: 1, column: 1 },
    '',
  )
}

function fail(text: string, error: FrontmatterError, rest: string): SplitPage {
  // An unclosed or broken block is still a page: keep the text (after the block if it closed).
  return { frontmatter: {}, hasBlock: true, error, content: (rest || text).trim() }
}

/** Parses YAML 1.2 (core schema) whose root must be a mapping of plain JSON values. Line numbers count from the file's first line. */
export function parseYamlMapping(
  block: string,
): { value: Record<string, unknown> } | { error: FrontmatterError } {
  const simple = parseSimpleMapping(block)
  if (simple) return { value: simple }
  const doc = parseDocument(block, {
    schema: 'core',
    uniqueKeys: true,
    prettyErrors: false,
    strict: true,
  })
  const problem = doc.errors[0] ?? doc.warnings[0]
  if (problem) {
    const pos = problem.linePos?.[0]
    return {
      error: {
        message: firstLine(problem.message),
        line: (pos?.line ?? 1) + 1,
        column: pos?.col ?? 1,
      },
    }
  }
  let badTag: { tag: string; offset: number } | undefined
  visit(doc, {
    Node(_key, node) {
      if (isNode(node) && node.tag !== undefined && !ALLOWED_TAGS.has(node.tag)) {
        badTag = { tag: node.tag, offset: node.range?.[0] ?? 0 }
        return visit.BREAK
      }
      return undefined
    },
  })
  if (badTag) {
    const { line, column } = lineColumn(block, badTag.offset)
    return { error: { message: `Tag ${badTag.tag} is not allowed`, line: line + 1, column } }
  }
  let value: unknown
  try {
    value = doc.toJS({ maxAliasCount: 50 })
  } catch (error) {
    return {
      error: {
        message: error instanceof Error ? firstLine(error.message) : 'Invalid YAML',
        line: 2,
        column: 1,
      },
    }
  }
  if (value === null || value === undefined) return { value: {} }
  if (typeof value !== 'object' || Array.isArray(value) || !isPlainJson(value)) {
    return {
      error: {
        message: 'The frontmatter root must be a mapping of plain values',
        line: 2,
        column: 1,
      },
    }
  }
  return { value: value as Record<string, unknown> }
}

function isPlainJson(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true
  if (typeof value === 'number') return Number.isFinite(value)
  if (Array.isArray(value)) return value.every(isPlainJson)
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.values(value).every(isPlainJson)
  }
  return false
}

function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split('\n')
  return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1 }
}

function firstLine(message: string): string {
  return message.split('\n')[0]?.trim() ?? message
}

/** The first `# ` heading outside fenced code, if any. */
export function firstHeading(content: string): string | undefined {
  const fences = new CodeFences()
  // walks the lines one at a time rather than splitting the whole body: the heading is usually
  // near the top, so the rest of the page is never cut into lines
  for (let start = 0; start <= content.length;) {
    let end = content.indexOf('\n', start)
    if (end === -1) end = content.length
    const line = content.slice(start, end)
    start = end + 1
    if (fences.isFence(line) || fences.inCode) continue
    const heading = /^ {0,3}# +(.*?)(?: +#+)? *\r?$/.exec(line)
    if (heading?.[1]) return heading[1].trim()
  }
  return undefined
}
