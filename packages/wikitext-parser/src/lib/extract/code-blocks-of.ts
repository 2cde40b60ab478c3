import { requireOptions, requireProfile, requireRoot } from '../check-arguments.js'
import type { Profile } from '../profile/define-profile.js'
import { roleOf } from '../profile/role-of.js'
import { toWikitext } from '../to-wikitext.js'
import type { Root, Template } from '../types.js'
import { cleanCode } from './clean-code.js'
import type { Span } from './walk.js'
import { isMasked, spanOf, walk } from './walk.js'

/** A block of code: a `codeBlock`/`fileBlock` template or a run of space-led lines. */
export interface CodeBlock {
  /** `codeBlock` (`{{bc}}`), `fileBlock` (`{{hc}}`) or `indented` (lines led by one space). */
  kind: 'codeBlock' | 'fileBlock' | 'indented'
  /**
   * The verbatim body: a template's body after its known `name=` strip, untrimmed; for indented
   * lines, the source lines without their marker space, joined by `\n`.
   */
  raw: string
  /** The cleaned code (`cleanCode`), never empty or whitespace-only. */
  text: string
  /** The italic tokens of `text`, or `null` when none. */
  placeholders: string[] | null
  /** A `fileBlock`'s cleaned header (placeholders marked, not listed), else `null`. */
  header: string | null
  /** The whole construct: the template, or the lines (marker spaces included). */
  span: Span
  /** Where `raw` was cut from, for templates; `null` for indented lines, which are not contiguous. */
  body: Span | null
  /**
   * Whether putting one space back before each line of `raw` gives a slice of the source. False
   * only for indented lines where a nowiki or comment starting on a code line ends on a later one.
   */
  sliceable: boolean
}

/** What {@link codeBlocksOf} takes. */
export interface CodeBlocksOfOptions {
  profile: Profile
}

const namedValue = /^\s*([A-Za-z0-9_]+)\s*=/

/**
 * The code blocks of a tree: every `codeBlock`/`fileBlock` template in
 * document order (at any depth outside comments, nowiki and opaque tags; a code template inside
 * another is its body), then every indented block by the line rule. Bodiless blocks are left
 * out, though their spans still count as consumed. Never throws on input.
 */
export function codeBlocksOf(tree: Root, options: Readonly<CodeBlocksOfOptions>): CodeBlock[] {
  requireRoot(tree)
  requireOptions(options, 'a profile')
  requireProfile(options.profile, 'options.profile')
  const { templates, indented } = collectCodeBlocks(tree, toWikitext(tree), options.profile)
  const blocks: CodeBlock[] = []
  for (const block of templates.values()) if (block) blocks.push(block)
  return blocks.concat(indented)
}

/** Every code template by start offset (`null` when bodiless), and the indented blocks. */
export interface CodeBlockIndex {
  templates: Map<number, CodeBlock | null>
  indented: CodeBlock[]
}

/** The work of {@link codeBlocksOf}, keyed for the Markdown renderer. */
export function collectCodeBlocks(tree: Root, source: string, profile: Profile): CodeBlockIndex {
  const templates = new Map<number, CodeBlock | null>()
  const consumed: Span[] = []
  const masks: Span[] = []
  walk(tree, (node) => {
    if (isMasked(node)) {
      masks.push(spanOf(node))
      return false
    }
    if (node.type !== 'template' || node.modifier !== null) return true
    const role = roleOf(profile, node.name)
    if (role?.kind !== 'codeBlock' && role?.kind !== 'fileBlock') return true
    const span = spanOf(node)
    consumed.push(span)
    templates.set(span.start, templateBlock(source, node, role.kind, profile))
    return false
  })
  return { templates, indented: indentedBlocks(source, consumed, masks, profile) }
}

function templateBlock(
  source: string,
  node: Template,
  kind: 'codeBlock' | 'fileBlock',
  profile: Profile,
): CodeBlock | null {
  const parameters = node.children.slice(1)
  const bodyIndex = kind === 'codeBlock' ? 0 : 1
  const first = parameters[bodyIndex]
  const last = parameters.at(-1)
  if (!first || !last) return null
  const body = stripName(
    source,
    first.position.start.offset + 1,
    last.position.end.offset,
    kind === 'codeBlock' ? ['1'] : ['2', 'output'],
  )
  const raw = source.slice(body.start, body.end)
  const { text, placeholders } = cleanCode(raw, profile)
  if (text.trim() === '') return null
  let header: string | null = null
  if (kind === 'fileBlock') {
    const headerParameter = parameters[0]
    if (headerParameter) {
      const span = stripName(
        source,
        headerParameter.position.start.offset + 1,
        headerParameter.position.end.offset,
        ['1'],
      )
      header = cleanCode(source.slice(span.start, span.end), profile).text
    }
  }
  return { kind, raw, text, placeholders, header, span: spanOf(node), body, sliceable: true }
}

/** Skips a leading `name=` when `name` is one of `known`. */
function stripName(source: string, start: number, end: number, known: readonly string[]): Span {
  const match = namedValue.exec(source.slice(start, end))
  if (match && known.includes(match[1] ?? '')) return { start: start + match[0].length, end }
  return { start, end }
}

interface Line {
  start: number
  /** The offset of the line's `\n`, or the source length. */
  end: number
}

/**
 * The indented blocks by the line rule the evidence hashes are defined on: a code line starts with U+0020 outside
 * every masked span, its trimmed text does not start with `*`, and no consumed code template
 * touches it. Consecutive code lines form a block.
 */
function indentedBlocks(
  source: string,
  consumed: readonly Span[],
  masks: readonly Span[],
  profile: Profile,
): CodeBlock[] {
  const sortedMasks = [...masks].sort((a, b) => a.start - b.start)
  const blocks: CodeBlock[] = []
  let run: Line[] = []
  let maskIndex = 0
  let consumedIndex = 0
  const flush = (): void => {
    if (run.length > 0) {
      const block = indentedBlock(source, run, sortedMasks, profile)
      if (block) blocks.push(block)
    }
    run = []
  }
  let start = 0
  while (start <= source.length) {
    const newline = source.indexOf('\n', start)
    const line: Line = { start, end: newline === -1 ? source.length : newline }
    while (maskIndex < sortedMasks.length && (sortedMasks[maskIndex] as Span).end <= line.start) {
      maskIndex++
    }
    while (consumedIndex < consumed.length && (consumed[consumedIndex] as Span).end <= line.start) {
      consumedIndex++
    }
    const mask = sortedMasks[maskIndex]
    const template = consumed[consumedIndex]
    const isCode =
      source.charCodeAt(line.start) === 0x20 &&
      !(mask && mask.start <= line.start) &&
      !source.slice(line.start, line.end).trimStart().startsWith('*') &&
      !(template && template.start <= line.end)
    if (isCode) run.push(line)
    else flush()
    if (newline === -1) break
    start = newline + 1
  }
  flush()
  return blocks
}

function indentedBlock(
  source: string,
  lines: readonly Line[],
  masks: readonly Span[],
  profile: Profile,
): CodeBlock | null {
  const raw = lines.map((line) => source.slice(line.start + 1, line.end)).join('\n')
  const { text, placeholders } = cleanCode(raw, profile)
  if (text.trim() === '') return null
  const first = lines[0] as Line
  const last = lines.at(-1) as Line
  // A masked span that starts on a code line and ends on a later line cannot be restored by
  // putting the marker spaces back.
  let sliceable = true
  for (let i = firstAtOrAfter(masks, first.start); i < masks.length; i++) {
    const mask = masks[i] as Span
    if (mask.start >= last.end) break
    const lineEnd = source.indexOf('\n', mask.start)
    if (mask.end > (lineEnd === -1 ? source.length : lineEnd)) {
      sliceable = false
      break
    }
  }
  return {
    kind: 'indented',
    raw,
    text,
    placeholders,
    header: null,
    span: { start: first.start, end: last.end },
    body: null,
    sliceable,
  }
}

/** The index of the first span starting at or after `offset` (spans sorted by start). */
function firstAtOrAfter(spans: readonly Span[], offset: number): number {
  let low = 0
  let high = spans.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if ((spans[middle] as Span).start < offset) low = middle + 1
    else high = middle
  }
  return low
}
