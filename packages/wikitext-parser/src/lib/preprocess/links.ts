/**
 * Pass 1's internal links: a run of `[` opens `[[` pairs; `]]` closes the innermost into a link
 * with its target, `|` parameters and trail, or leaves it text when MediaWiki's link pattern would.
 */
import { framesImage } from '../block-tags.js'
import { restructure } from '../blocks.js'
import { protocolFits } from '../external-links.js'
import { isHtmlTagName } from '../html-tags.js'
import type { Content, InternalLink, LinkParameter, LinkTarget } from '../types.js'
import { validTitle } from '../valid-title.js'
import { closeCommentLedLinesIn } from './left-open.js'
import { describeTarget, stopsTarget } from './link-target.js'
import { clip } from './scan-items.js'
import {
  appendText,
  flush,
  LINK,
  propagateLink,
  push,
  scanText,
  truncate,
  type Piece,
  type Scan,
} from './scan-state.js'

/** `[` at `at`: a run of two or more opens links, a lone one is text. Returns where to go on. */
export function openLinks(scan: Scan, at: number): number {
  const { input, to } = scan
  let run = 1
  while (at + run < to && input.charCodeAt(at + run) === 91) run++
  if (run >= 2) {
    // MediaWiki opens one construct for the whole run and closes it two brackets at a time,
    // the rightmost first: a `[[` pair per two brackets, an odd one out being text. Those
    // still open hide `|` and `}}` from what encloses them.
    let next = at
    if (run % 2 === 1) appendText(scan, next, ++next)
    for (; next < at + run; next += 2) push(scan, LINK, next, 2)
  } else appendText(scan, at, at + 1)
  return at + run
}

/** `|` at `at` inside a link: remembered when it is the first, and text. */
export function linkPipe(scan: Scan, piece: Piece, at: number): void {
  if (piece.firstPipe === -1) piece.firstPipe = at
  appendText(scan, at, at + 1)
}

/**
 * Whether a link's text after its first `|` is empty once comments are gone: MediaWiki's link
 * pattern needs a character there, so `[[a|]]` (the pipe trick, which only saving expands) is
 * text. (A file link there takes its caption up to a later `]]` instead, which we do not.)
 */
function nothingAfterPipe(scan: Scan, piece: Piece, closer: number, plain: boolean): boolean {
  const from = piece.firstPipe + 1
  // A plain link's text is one range of the input; otherwise its items are all in `out`.
  if (plain) return from >= closer
  const out = scan.out
  for (let index = piece.outStart; index < out.length; index++) {
    const item = out[index] as Content
    const start = item.position.start.offset
    const end = item.position.end.offset
    scan.context.work++
    if (end <= from) continue
    if (item.type === 'comment') continue
    if (item.type !== 'text') return false
    if (Math.min(end, closer) > Math.max(start, from)) return false
  }
  return true
}

/** `]]` at `closer` while a link is the innermost construct. Returns where to go on. */
export function closeLink(scan: Scan, piece: Piece, closer: number): number {
  const { context, input, to, out, site } = scan
  const pointer = scan.pointer
  let at = closer
  // MediaWiki's handleInternalLinks2: a text holding `[` followed by `]]]` keeps one `]`, and
  // so does a text that would be empty, as its link pattern wants a character there
  // (`[[a|]]]` shows `]`).
  if (piece.firstPipe !== -1 && input.charCodeAt(at + 2) === 93 && at + 3 <= to) {
    const text = input.slice(piece.firstPipe, at)
    const onePending = scan.pendingStart !== -1 && out.length === piece.outStart
    if (text.includes('[') || nothingAfterPipe(scan, piece, at, onePending)) {
      appendText(scan, at, at + 1)
      at++
    }
  }
  // Most links hold text only: one pending range, cut into target and parameters directly
  // rather than made into a text node first.
  const plain = scan.pendingStart !== -1 && out.length === piece.outStart
  const contentStart = piece.start + 2
  if (plain) scan.pendingStart = -1
  else flush(scan)
  const targetEnd = piece.firstPipe === -1 ? at : piece.firstPipe
  let valid = true
  let targetSource = ''
  // The target as MediaWiki's title rules read it: a template stands for one title character.
  let titleSource = ''
  if (plain) {
    context.work++
    // `validTitle` below refuses the characters that stop the link pattern.
    targetSource = input.slice(contentStart, targetEnd)
    titleSource = targetSource
  }
  for (let index = piece.outStart; index < out.length && valid; index++) {
    const item = out[index]
    if (!item) break
    context.work++
    if (item.position.start.offset >= targetEnd) break
    if (item.type === 'text') {
      const value = input.slice(
        item.position.start.offset,
        Math.min(item.position.end.offset, targetEnd),
      )
      if (stopsTarget.test(value)) valid = false
      targetSource += value
      titleSource += value
    } else if (
      item.type === 'template' ||
      item.type === 'parserFunction' ||
      item.type === 'magicWord' ||
      item.type === 'templateArgument'
    ) {
      targetSource += input.slice(item.position.start.offset, item.position.end.offset)
      titleSource += 'x'
    } else if (item.type !== 'comment') {
      valid = false
    }
  }
  const target =
    valid && validTitle(titleSource, site, 'link') ? describeTarget(site, targetSource) : undefined
  if (
    !target ||
    insideHtmlTag(scan, piece.start) ||
    oddBracketsBefore(scan, piece.start) ||
    (piece.hasLink && target.kind !== 'file') ||
    startsWithProtocol(scan, targetSource) ||
    (piece.firstPipe !== -1 && nothingAfterPipe(scan, piece, at, plain))
  ) {
    // The text stays as it was: its own node, then the `]]`.
    if (plain) out.push(scanText(scan, contentStart, at))
    appendText(scan, at, at + 2)
    propagateLink(scan, piece)
    return at + 2
  }
  if (!plain && scan.commentLedInside && scan.headings) {
    closeCommentLedLinesIn(scan, piece.outStart, null)
  }
  let trail = ''
  if (target.kind === 'page' || target.kind === 'interwiki' || target.kind === 'media') {
    site.trail.lastIndex = at + 2
    const match = site.trail.exec(input)
    if (match && at + 2 + match[0].length <= to) trail = match[0]
  }
  const children: [LinkTarget, ...LinkParameter[]] = [
    {
      type: 'linkTarget',
      children: linkPart(scan, plain, piece.outStart, contentStart, targetEnd),
      position: pointer.position(contentStart, targetEnd),
    },
  ]
  if (piece.firstPipe !== -1) {
    // Split the rest at each `|` in top-level text.
    const pipes: number[] = [piece.firstPipe]
    if (plain) {
      for (let offset = piece.firstPipe + 1; offset < at; offset++) {
        if (input.charCodeAt(offset) === 124) pipes.push(offset)
      }
    }
    for (let index = piece.outStart; index < out.length; index++) {
      const item = out[index]
      if (item?.type !== 'text') continue
      let found = item.value.indexOf('|')
      while (found !== -1) {
        const offset = item.position.start.offset + found
        if (offset > piece.firstPipe) pipes.push(offset)
        found = item.value.indexOf('|', found + 1)
      }
    }
    for (let index = 0; index < pipes.length; index++) {
      const pipe = pipes[index] ?? at
      const end = pipes[index + 1] ?? at
      const parameter: LinkParameter = {
        type: 'linkParameter',
        children: linkPart(scan, plain, piece.outStart, pipe + 1, end),
        position: pointer.position(pipe, end),
      }
      // A link's text, a file's caption too, is inline: MediaWiki reads no line-start markup
      // in it, even after a line break (`[[a|b\n* c]]` shows `b * c`).
      restructure(context, parameter, 0, 'inline')
      children.push(parameter)
    }
  }
  const end = at + 2 + trail.length
  const node: InternalLink = {
    type: 'internalLink',
    target: target.target,
    namespace: target.namespace,
    fragment: target.fragment,
    kind: target.kind,
    trail,
    children,
    position: pointer.position(piece.start, end),
  }
  // Links in its caption closed first: kept in order by inserting.
  if (framesImage(node)) insertInOrder(context.blockLevelNodes, piece.start)
  truncate(out, piece.outStart - 1)
  out.push(node)
  piece.hasLink = true
  propagateLink(scan, piece)
  return end
}

/**
 * Whether an odd number of `[` come right before a link's `[[`. MediaWiki's handleInternalLinks
 * splits the text at each `[[` from the left, so in a run of three the split falls before the
 * first two and the target starts with the third: `[[[p]]` is text, `[[[[p]]]]` holds a link.
 */
function oddBracketsBefore(scan: Scan, start: number): boolean {
  const input = scan.input
  let at = start
  while (at > scan.from && input.charCodeAt(at - 1) === 91) at--
  scan.context.work += start - at
  return (start - at) % 2 === 1
}

/**
 * The children of a link's target or parameter in [from, end): cut from the link's one pending
 * text (`plain`), or clipped from its items.
 */
function linkPart(
  scan: Scan,
  plain: boolean,
  outStart: number,
  from: number,
  end: number,
): Content[] {
  if (!plain) return clip(scan, outStart, scan.out.length, from, end)
  return end > from ? [scanText(scan, from, end)] : []
}

/** MediaWiki leaves `[[http://…]]` to the external-link pass: a target led by a protocol. */
function startsWithProtocol(scan: Scan, source: string): boolean {
  let start = 0
  while (source.charCodeAt(start) === 32) start++
  return protocolFits(scan.context, source, start)
}

const tagAt = /<\/?([A-Za-z][A-Za-z0-9]*)([^<>]*)>/uy

/**
 * Whether `[[` at `start` lies inside an HTML tag (`<span title="[[a]]">`): MediaWiki's sanitizer
 * reads tags before its link pass and escapes the brackets in them. The tag is the last `<` that
 * became text before `start`, when an allowed tag runs from it to a `>` after `start`.
 */
function insideHtmlTag(scan: Scan, start: number): boolean {
  const angles = scan.context.textAngles
  let low = 0
  let high = angles.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if ((angles[middle] as number) < start) low = middle + 1
    else high = middle
  }
  if (low === 0) return false
  const angle = angles[low - 1] as number
  // Links after one `<` read its tag once.
  if (scan.tagAngle !== angle) {
    tagAt.lastIndex = angle
    const match = tagAt.exec(scan.input)
    scan.tagAngle = angle
    scan.tagEnd =
      match && isHtmlTagName((match[1] ?? '').toLowerCase(), match[2] ?? '')
        ? angle + match[0].length
        : -1
    scan.context.work += scan.tagEnd === -1 ? 1 : scan.tagEnd - angle
  }
  return scan.tagEnd > start
}

/** Inserts `offset` into the sorted `offsets`. */
function insertInOrder(offsets: number[], offset: number): void {
  let at = offsets.length
  while (at > 0 && (offsets[at - 1] as number) > offset) at--
  offsets.splice(at, 0, offset)
}
