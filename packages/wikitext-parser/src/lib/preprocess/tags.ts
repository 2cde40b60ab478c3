/**
 * Pass 1's extension and inclusion tags: `<ref>…</ref>`, `<nowiki/>`, `<noinclude>`; any other
 * `<` is text, remembered for pass 2's search for HTML tags.
 */
import { rendersBlock } from '../block-tags.js'
import { restructure } from '../blocks.js'
import { createLookAhead, findAhead, matchAhead } from '../look-ahead.js'
import type { ExtensionTag, InclusionTag } from '../types.js'
import { appendText, emit, type Scan } from './scan-state.js'

const tagNameChar = /[A-Za-z0-9]/u

/** `<` not starting a comment: an extension or inclusion tag, or text. Returns where to continue. */
export function tag(scan: Scan, at: number): number {
  const { context, input, to } = scan
  let nameStart = at + 1
  const closing = input.charCodeAt(nameStart) === 47
  if (closing) nameStart++
  let nameEnd = nameStart
  while (nameEnd < to && tagNameChar.test(input.charAt(nameEnd))) nameEnd++
  const rawName = input.slice(nameStart, nameEnd)
  const name = rawName.toLowerCase()
  context.work += nameEnd - at
  const after = input.charCodeAt(nameEnd)
  const boundary =
    nameEnd < to &&
    (after === 62 ||
      after === 32 ||
      after === 9 ||
      after === 10 ||
      after === 13 ||
      after === 12 ||
      (after === 47 && input.charCodeAt(nameEnd + 1) === 62))
  const inclusion = isInclusion(name)
  const mode = scan.site.tags.get(name)
  if (
    !boundary ||
    rawName === '' ||
    (!inclusion && mode === undefined) ||
    (closing && name === 'includeonly') ||
    (closing && !inclusion)
  ) {
    return angleText(scan, at)
  }
  const gt = greaterThan(scan, nameEnd)
  if (gt === -1) {
    return angleText(scan, at)
  }
  const selfClosing = input.charCodeAt(gt - 1) === 47 && gt - 1 >= nameEnd
  if (inclusion && (name !== 'includeonly' || selfClosing)) {
    return inclusionTag(scan, name, at, gt + 1)
  }
  let closeStart = -1
  let closeEnd = -1
  if (!selfClosing) {
    let close = context.closeTags.get(name)
    if (close === undefined) {
      close = { ahead: createLookAhead(), pattern: new RegExp(`</${name}\\s*>`, 'giu') }
      context.closeTags.set(name, close)
    }
    context.work += matchAhead(close.ahead, input, close.pattern, gt + 1)
    if (close.ahead.found !== -1 && close.ahead.end <= to) {
      closeStart = close.ahead.found
      closeEnd = close.ahead.end
    }
  }
  if (!selfClosing && closeStart === -1) {
    // MediaWiki lets an includeonly element run to the end of the text.
    if (name === 'includeonly') return inclusionTag(scan, 'includeonly', at, to)
    // Without its closing tag the opening tag is literal text, and the scan goes on after it:
    // a `|`, `=` or `{{` in its attributes means nothing (MediaWiki's preprocessor).
    angleText(scan, at)
    appendText(scan, at + 1, gt + 1)
    return gt + 1
  }
  const end = selfClosing ? gt + 1 : closeEnd
  if (name === 'includeonly') return inclusionTag(scan, 'includeonly', at, end)
  const attributes = input.slice(nameEnd, selfClosing ? gt - 1 : gt)
  // Recorded before the content is read, which records its own tags: offsets stay in order.
  if (rendersBlock(name, attributes)) context.blockLevelNodes.push(at)
  const node: ExtensionTag = {
    type: 'extensionTag',
    name,
    rawName,
    attributes,
    selfClosing,
    closeTag: selfClosing ? '' : input.slice(closeStart, closeEnd),
    value: selfClosing || mode === 'wikitext' ? null : input.slice(gt + 1, closeStart),
    children:
      !selfClosing && mode === 'wikitext'
        ? context.preprocess(context, gt + 1, closeStart, false)
        : [],
    position: scan.pointer.position(at, end),
  }
  if (node.children.length > 0) restructure(context, node, 0, 'block')
  emit(scan, node)
  return end
}

/** An inclusion tag over [at, end). Returns `end`. */
function inclusionTag(scan: Scan, name: InclusionTag['name'], at: number, end: number): number {
  const node: InclusionTag = {
    type: 'inclusionTag',
    name,
    value: scan.input.slice(at, end),
    position: scan.pointer.position(at, end),
  }
  emit(scan, node)
  return end
}

/** A `<` that starts nothing is text; pass 2 looks for HTML tags only where one was. */
function angleText(scan: Scan, at: number): number {
  appendText(scan, at, at + 1)
  scan.context.textAngles.push(at)
  return at + 1
}

/** The first `>` at or after `from` within the scanned range, or -1. */
function greaterThan(scan: Scan, from: number): number {
  const context = scan.context
  context.work += findAhead(context.greaterThan, scan.input, '>', from)
  const found = context.greaterThan.found
  return found === -1 || found >= scan.to ? -1 : found
}

function isInclusion(name: string): name is InclusionTag['name'] {
  return name === 'noinclude' || name === 'onlyinclude' || name === 'includeonly'
}
