/**
 * Pass 1's braces: templates, parser functions, magic words (`{{ }}`) and template arguments
 * (`{{{ }}}`), their names and `|` parameters; a run's left-over `{` after `-` opens a `-{`.
 */
import { restructure } from '../blocks.js'
import { isHook } from '../site-index.js'
import type {
  Content,
  ParameterName,
  TemplateName,
  TemplateParameter,
  Text,
  Transclusion,
} from '../types.js'
import { closeCommentLedLinesIn } from './left-open.js'
import { clip, hasComment, sourceOf } from './scan-items.js'
import {
  appendText,
  BRACE,
  flush,
  hole,
  LANG,
  pop,
  push,
  scanText,
  truncate,
  type Piece,
  type Scan,
} from './scan-state.js'
import type { ParseContext } from './types.js'

/** Template names up to this many characters of source have their comments removed. */
const MAX_EXACT_NAME = 4096

const modifiers = /^\s*(?:safesubst|subst|msgnw|msg|raw):/iu

const noParts: readonly number[] = []

/** `{` at `at`: a run of two or more opens braces, a lone one is text. Returns where to go on. */
export function openBraces(scan: Scan, at: number): number {
  const { input, to } = scan
  let run = 1
  while (at + run < to && input.charCodeAt(at + run) === 123) run++
  if (run >= 2) {
    const piece = push(scan, BRACE, at, run)
    piece.dashed = at > scan.from && scan.dashBeforeBraces === at - 1
  } else appendText(scan, at, at + 1)
  return at + run
}

/** `}` at `at` while braces are the innermost construct. Returns where to go on. */
export function braceCloser(scan: Scan, piece: Piece, at: number): number {
  const { input, to } = scan
  // Only whether two or three braces close matters: counting the whole run here would read a
  // long `}}}}…` once per closing, quadratic on deep nests (`{{{{…}}}}`).
  const most = piece.count < 3 ? piece.count : 3
  let run = 1
  while (at + run < to && run < most && input.charCodeAt(at + run) === 125) run++
  scan.context.work += run
  if (run >= 2) {
    const matched = run >= 3 ? 3 : 2
    closeBrace(scan, piece, at, matched)
    return at + matched
  }
  appendText(scan, at, at + 1)
  return at + 1
}

/** `|` at `at` while braces are the innermost construct: a new part, its slot left open. */
export function bracePipe(scan: Scan, piece: Piece, at: number): void {
  flush(scan)
  scan.out.push(hole)
  ;(piece.parts ??= []).push(scan.out.length, at, -1)
}

function closeBrace(scan: Scan, piece: Piece, at: number, matched: 2 | 3): void {
  flush(scan)
  if (scan.commentLedInside && scan.headings) {
    closeCommentLedLinesIn(scan, piece.outStart, piece.parts)
  }
  const { context, input, site, out } = scan
  const pointer = scan.pointer
  const start = piece.start + piece.count - matched
  const end = at + matched
  // Part k ≥ 1 starts at out index partIndex[3(k - 1)], after its `|` at partIndex[3(k - 1) + 1].
  const partIndex = piece.parts ?? noParts
  const parts = 1 + partIndex.length / 3
  const nameEndIndex = parts > 1 ? (partIndex[0] as number) - 1 : out.length
  const nameStart = start + matched
  const nameEnd = parts > 1 ? (partIndex[1] as number) : at
  // The name holds every construct nested in it (`{{{{{{a}}}}}}`), so nothing here may read
  // a long one whole: that would read a deep nest once per level. Without comments it is one
  // range of the input, `sourceStart` on, and its spaced form a slice of the spaced input.
  // A name longer than any title MediaWiki resolves (255 bytes; here 4,096 characters, comments
  // included) is kept as written: dropping its comments would read a deep nest once per level.
  const asWritten =
    nameEnd - nameStart > MAX_EXACT_NAME || !hasComment(scan, piece.outStart, nameEndIndex)
  let nameSource = asWritten
    ? input.slice(nameStart, nameEnd)
    : sourceOf(scan, piece.outStart, nameEndIndex, nameStart, nameEnd)
  let sourceStart = nameStart
  let modifier: string | null = null
  // A modifier ends in `:`; a short name without one skips the pattern, a long one is not
  // searched whole (the pattern is anchored and stops early).
  const modifierMatch =
    nameSource.length > 64 || nameSource.includes(':') ? modifiers.exec(nameSource) : null
  if (modifierMatch) {
    modifier = modifierMatch[0].trimStart()
    nameSource = nameSource.slice(modifierMatch[0].length)
    sourceStart += modifierMatch[0].length
  }
  let type: Transclusion['type'] = matched === 3 ? 'templateArgument' : 'template'
  let colon = -1
  if (matched === 2) {
    // A function hook is the text before the first `:` of the name part.
    for (let index = piece.outStart; index < nameEndIndex && colon === -1; index++) {
      const item = out[index]
      if (item?.type === 'text') {
        const found = item.value.indexOf(':')
        if (found !== -1) colon = item.position.start.offset + found
      }
    }
    const prefix =
      colon === -1 ? '' : sourceOf(scan, piece.outStart, nameEndIndex, nameStart, colon)
    const bare = prefix.replace(modifiers, '')
    const core = bare.trim()
    // Lower-casing never shortens a string, so a longer core is no hook. A hook whose magic
    // word is case-sensitive must be written as registered (`{{Pagename:x}}` is a template).
    if (colon !== -1 && core.length <= site.longestHook && isHook(site, core.replace(/_/gu, ' '))) {
      type = 'parserFunction'
      nameSource = bare
      sourceStart = nameStart + prefix.length - bare.length
    } else {
      colon = -1
    }
  }
  const trimmed = nameSource.trim()
  // Looking a string up hashes all of it (up to 16 K characters): a deep nest's names are long.
  // A variable takes no parameters: `{{PAGENAME|x}}` is a template.
  if (
    type === 'template' &&
    parts === 1 &&
    trimmed.length <= site.longestVariable &&
    site.variables.has(trimmed)
  )
    type = 'magicWord'
  let name: string
  if (asWritten && trimmed.length > 64) {
    const lead = sourceStart + nameSource.length - nameSource.trimStart().length
    name = spacedInput(context).slice(lead, lead + trimmed.length)
  } else {
    name = trimmed.includes('_') ? trimmed.replace(/_/gu, ' ') : trimmed
  }
  const nameNode: TemplateName = {
    type: 'templateName',
    children: clip(scan, piece.outStart, nameEndIndex, nameStart, colon === -1 ? nameEnd : colon),
    position: pointer.position(nameStart, colon === -1 ? nameEnd : colon),
  }
  const children: Transclusion['children'] = [nameNode]
  let positional = 0
  if (colon !== -1) {
    const parameter: TemplateParameter = {
      type: 'templateParameter',
      delimiter: ':',
      name: null,
      index: ++positional,
      valuePosition: pointer.position(colon + 1, nameEnd),
      children: clip(scan, piece.outStart, nameEndIndex, colon + 1, nameEnd),
      position: pointer.position(colon, nameEnd),
    }
    restructure(context, parameter, 0, 'block')
    children.push(parameter)
  }
  for (let part = 1; part < parts; part++) {
    const at3 = 3 * (part - 1)
    const first = partIndex[at3] as number
    const pipe = partIndex[at3 + 1] as number
    const equals = partIndex[at3 + 2] as number
    const last = part + 1 < parts ? (partIndex[at3 + 3] as number) - 1 : out.length
    const partEnd = part + 1 < parts ? (partIndex[at3 + 4] as number) : at
    const parameterChildren: Content[] = []
    let parameterName: string | null = null
    let valueStart = pipe + 1
    if (equals !== -1) {
      parameterName = sourceOf(scan, first, last, pipe + 1, equals).trim()
      const nameNode: ParameterName = {
        type: 'parameterName',
        children: clip(scan, first, last, pipe + 1, equals),
        position: pointer.position(pipe + 1, equals),
      }
      parameterChildren.push(nameNode)
      valueStart = equals + 1
    }
    const parameter: TemplateParameter = {
      type: 'templateParameter',
      delimiter: '|',
      name: parameterName,
      index: equals === -1 ? ++positional : null,
      valuePosition: pointer.position(valueStart, partEnd),
      children: clip(scan, first, last, valueStart, partEnd, parameterChildren),
      position: pointer.position(pipe, partEnd),
    }
    restructure(context, parameter, parameterName === null ? 0 : 1, 'block')
    children.push(parameter)
  }
  const node: Transclusion = {
    type,
    name,
    modifier,
    children,
    position: pointer.position(start, end),
  }
  const left = piece.count - matched
  if (left >= 2) {
    piece.count = left
    out[piece.outStart - 1] = hole
    truncate(out, piece.outStart)
    out.push(node)
    piece.parts = null
    context.work++
    return
  }
  if (left === 1 && piece.dashed) {
    // MediaWiki joins the brace left over and the `-` before the run into a `-{`, which stays
    // open (hiding `|` and `}}` from what encloses it) until its `}-`.
    truncate(out, piece.outStart)
    out.push(node)
    const dash = piece.start - 1
    const before = out[piece.outStart - 2] as Text
    if (before.position.start.offset === dash) {
      out.splice(piece.outStart - 2, 1)
      piece.outStart--
    } else {
      out[piece.outStart - 2] = scanText(scan, before.position.start.offset, dash)
    }
    out[piece.outStart - 1] = hole
    piece.kind = LANG
    piece.start = dash
    piece.parts = null
    piece.dashed = false
    context.work++
    return
  }
  if (left === 1) {
    out[piece.outStart - 1] = scanText(scan, piece.start, piece.start + 1)
    truncate(out, piece.outStart)
  } else {
    truncate(out, piece.outStart - 1)
  }
  out.push(node)
  pop(scan)
}

/**
 * The input with each `_` a space, as names show it: made once per parse, so a name is a slice
 * of it rather than a copy made by replacing, whatever its length.
 */
function spacedInput(context: ParseContext): string {
  context.spacedInput ??= context.input.includes('_')
    ? context.input.replace(/_/gu, ' ')
    : context.input
  return context.spacedInput
}
