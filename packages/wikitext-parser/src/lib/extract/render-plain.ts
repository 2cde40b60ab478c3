import type { Profile, TemplateRole } from '../profile/define-profile.js'
import { roleOf } from '../profile/role-of.js'
import type {
  Content,
  InternalLink,
  Node,
  Position,
  TemplateParameter,
  Transclusion,
} from '../types.js'
import { decodeReferences } from '../anchor.js'

/**
 * `code` keeps links and turns italics into `<placeholder>` marks; `prose` reads
 * emphasis as plain text and links as their text.
 */
export type PlainMode = 'code' | 'prose'

/** A run of output: literal pieces (nowiki payloads) are never decoded or stripped. */
export interface Piece {
  value: string
  literal: boolean
}

interface Context {
  readonly source: string
  readonly profile: Profile
  readonly mode: PlainMode
  readonly placeholders: string[]
}

// Role templates resolve at most this many levels deep; deeper ones stay raw.
const maxRoleDepth = 4
// Beyond this nesting the construct is copied as written, so rendering never follows input depth.
const maxDepth = 100
const strayNowiki = /<\/?nowiki\s*\/?>/gi

/**
 * Renders `children` of a parsed `source` to plain text between offsets `from` and `to`: the
 * source between nodes is copied, the nodes the profile knows are resolved. Returns the pieces
 * and the italic tokens met (code mode), in order, with duplicates.
 */
export function renderPlain(
  source: string,
  children: readonly Content[],
  from: number,
  to: number,
  profile: Profile,
  mode: PlainMode,
): { pieces: Piece[]; placeholders: string[] } {
  const context: Context = { source, profile, mode, placeholders: [] }
  const pieces: Piece[] = []
  renderRange(context, children, from, to, pieces, 0, 0)
  return { pieces, placeholders: context.placeholders }
}

/** Joins pieces: outside nowiki payloads, stray nowiki tags go and references are decoded. */
export function finishPieces(pieces: readonly Piece[]): string {
  let result = ''
  let pending = ''
  for (const piece of pieces) {
    if (piece.literal) {
      result += finishText(pending) + piece.value
      pending = ''
    } else {
      pending += piece.value
    }
  }
  return result + finishText(pending)
}

function finishText(value: string): string {
  return value === '' ? '' : decodeReferences(value.replace(strayNowiki, ''))
}

function start(node: Node): number {
  return node.position.start.offset
}

function end(node: Node): number {
  return node.position.end.offset
}

function raw(context: Context, from: number, to: number, out: Piece[]): void {
  if (to > from) out.push({ value: context.source.slice(from, to), literal: false })
}

function renderRange(
  context: Context,
  children: readonly Content[],
  from: number,
  to: number,
  out: Piece[],
  depth: number,
  roleDepth: number,
): void {
  let cursor = from
  for (const child of children) {
    if (start(child) < cursor || end(child) > to) continue
    raw(context, cursor, start(child), out)
    renderNode(context, child, out, depth + 1, roleDepth)
    cursor = end(child)
  }
  raw(context, cursor, to, out)
}

function renderNode(
  context: Context,
  node: Content,
  out: Piece[],
  depth: number,
  roleDepth: number,
): void {
  if (depth > maxDepth) {
    raw(context, start(node), end(node), out)
    return
  }
  switch (node.type) {
    case 'text': {
      out.push({ value: node.value, literal: false })
      return
    }
    case 'comment': {
      return
    }
    case 'extensionTag': {
      if (node.name === 'nowiki') {
        if (node.value !== null) out.push({ value: node.value, literal: true })
        return
      }
      if (node.value !== null || node.selfClosing) {
        raw(context, start(node), end(node), out)
        return
      }
      break
    }
    case 'template':
    case 'magicWord': {
      const role = node.modifier === null ? roleOf(context.profile, node.name) : null
      if (role && roleDepth >= maxRoleDepth) {
        raw(context, start(node), end(node), out)
        return
      }
      if (role && renderRole(context, node, role, out, depth, roleDepth + 1)) return
      break
    }
    case 'italic':
    case 'bold': {
      if (!node.open || !node.close) break
      const marker = node.type === 'italic' ? 2 : 3
      const inner: Piece[] = []
      renderRange(
        context,
        node.children,
        start(node) + marker,
        end(node) - marker,
        inner,
        depth,
        roleDepth,
      )
      if (node.type === 'italic' && context.mode === 'code') {
        context.placeholders.push(finishPieces(inner))
        out.push({ value: '<', literal: false }, ...inner, { value: '>', literal: false })
      } else {
        out.push(...inner)
      }
      return
    }
    case 'internalLink': {
      if (context.mode === 'prose') {
        renderLink(context, node, out, depth, roleDepth)
        return
      }
      break
    }
    case 'externalLink': {
      if (context.mode === 'prose') {
        const text: Piece[] = []
        const textStart = start(node) + 1 + node.url.length + node.separator.length
        if (node.bracketed) {
          renderRange(context, node.children, textStart, end(node) - 1, text, depth, roleDepth)
        }
        const label = finishPieces(text).trim()
        out.push({ value: label === '' ? node.url : `${label} (${node.url})`, literal: false })
        return
      }
      break
    }
    default:
      break
  }
  if ('children' in node) {
    renderRange(context, node.children, start(node), end(node), out, depth, roleDepth)
  } else {
    raw(context, start(node), end(node), out)
  }
}

function renderRole(
  context: Context,
  node: Transclusion,
  role: TemplateRole,
  out: Piece[],
  depth: number,
  roleDepth: number,
): boolean {
  switch (role.kind) {
    case 'literal': {
      out.push({ value: role.value, literal: false })
      return true
    }
    case 'inlineCode':
    case 'text': {
      const value = parameter(node, 1)
      if (!value) return false
      renderValue(context, value, out, depth, roleDepth)
      return true
    }
    case 'manPage': {
      const section = parameter(node, 1)
      const page = parameter(node, 2)
      if (!section || !page) return false
      renderValue(context, page, out, depth, roleDepth)
      out.push({ value: '(', literal: false })
      renderValue(context, section, out, depth, roleDepth)
      out.push({ value: ')', literal: false })
      return true
    }
    default:
      return false
  }
}

function renderValue(
  context: Context,
  parameter: TemplateParameter,
  out: Piece[],
  depth: number,
  roleDepth: number,
): void {
  const span: Position = parameter.valuePosition
  renderRange(
    context,
    parameter.children,
    span.start.offset,
    span.end.offset,
    out,
    depth,
    roleDepth,
  )
}

/** The parameter numbered `n`: positional, or named `n`. */
export function parameter(node: Transclusion, n: number): TemplateParameter | undefined {
  const name = String(n)
  for (const child of node.children) {
    if (child.type === 'templateParameter' && (child.index === n || child.name === name)) {
      return child
    }
  }
  return undefined
}

function renderLink(
  context: Context,
  node: InternalLink,
  out: Piece[],
  depth: number,
  roleDepth: number,
): void {
  if (node.kind === 'category') return
  const [target, ...parameters] = node.children
  const first = parameters[0]
  const last = parameters.at(-1)
  if (first && last) {
    // A file link shows its caption, the last parameter; other links all text after the `|`.
    for (const item of node.kind === 'file' ? [last] : parameters) {
      const from = item === first || node.kind === 'file' ? start(item) + 1 : start(item)
      renderRange(context, item.children, from, end(item), out, depth, roleDepth)
    }
  } else {
    const text: Piece[] = []
    renderRange(context, target.children, start(target), end(target), text, depth, roleDepth)
    const firstPiece = text[0]
    if (firstPiece && !firstPiece.literal) firstPiece.value = firstPiece.value.replace(/^\s*:/, '')
    out.push(...text)
  }
  if (node.trail !== '') out.push({ value: node.trail, literal: false })
}
