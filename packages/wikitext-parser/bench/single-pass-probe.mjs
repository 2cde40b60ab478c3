// The single-pass probe: how fast could a one-pass parser making these trees be? An experiment
// for the benchmark (docs/parser-single-pass.md), never a parser to use: it is an UPPER BOUND.
//
// One scan with a stack of open constructs, each holding its parts as containers that decide
// their lines as the scan reaches each `\n` (the design of the single-pass plan). It makes the
// node kinds and about the number of nodes `fromWikitext` makes on the benchmark corpora (about
// 1.1 times as many: it merges fewer texts), with positions from the same point cache, and it
// keeps the rules that cost on the common path:
//   - templates (name, modifier, parser function or magic word by the site's lists, positional
//     and named parameters with their name nodes), internal links (target checked for invalid
//     characters, namespace and interwiki looked up, fragment, the site's link trail);
//   - headings at the root, lists nested by their whole prefix, preformatted lines, tables (rows,
//     cells, `||`);
//   - apostrophes resolved per line with doQuotes' odd-count rule and its choice of the bold to
//     split (after a one-letter word, else a word, else a space);
//   - bracketed and free external links through the site's protocol index, at every `:`;
//   - comments, extension tags (opaque) and HTML tags.
// It leaves out everything a full parser must add, so a full single pass can only be slower:
// re-deciding the lines of a construct that never closes (here its items are put back in order,
// undecided), lines of only comments, block-level tags and their pairing, `-{ }-`, behaviour
// switches, `{{{ }}}` and runs of braces, odd runs of `[`, list terms (`;` … `:`), table
// attributes and captions, the rules that end a free URL, headings led by comments, and the work
// counter the linear-time tests read.
//
// `site` is the parser's own index of a site (src/lib/site-index.ts, `indexSite(defaultSite)`),
// passed in so the benchmark can hand it the build's and the tests the sources'.

import { createPoints } from './points.mjs'

const ROOT = 0
const BRACE = 1
const LINK = 2
const HEADING = 3
const BLOCK = 0
const INLINE = 1

/** Characters the scan stops at inside braces and links, and at the root. */
const nestedStops = stopsOf("\n<{}[]|=':")
const rootStops = stopsOf("\n<{[]':|")
function stopsOf(chars) {
  const table = new Uint8Array(65536)
  for (const char of chars) table[char.charCodeAt(0)] = 1
  return table
}

const invalidTarget = /[<>[\]{}\u0000-\u001F\u007F\uFFFD]/u
const modifiers = /^\s*(?:safesubst|subst|msgnw|msg|raw):/iu
const tagNameChar = /[A-Za-z0-9]/u
const opaqueTags = new Set(['nowiki', 'pre', 'ref', 'references', 'syntaxhighlight', 'source'])

/** Positions with points shared between neighbours, as the parser's pointer makes them. */
function createPositions(value) {
  const point = createPoints(value)
  return (start, end) => ({ start: point(start), end: point(end) })
}

/** One sequence of lines: the root, a name, a parameter, a link part, a heading's content. */
class Container {
  constructor(mode) {
    this.mode = mode
    this.children = []
    /** The current line's items: nodes, texts, and apostrophe runs as numbers (offset·8 + length). */
    this.line = []
    this.quoteRuns = 0
    this.pendingStart = -1
    this.pendingEnd = -1
    this.atLineStart = false
    /** The innermost list item of each open list level, and the prefix they stand for. */
    this.items = []
    this.prefix = ''
    /** Where the current line's items go. */
    this.target = this.children
    this.pre = null
    this.table = null
    /** A parameter's first `=`. */
    this.equals = -1
  }
}

class Frame {
  constructor(kind, start, count, first) {
    this.kind = kind
    this.start = start
    this.count = count
    this.parts = [first]
    /** Offsets of the `|` before each part after the first. */
    this.pipes = []
  }
}

/** The probe's tree of `input` under `site` (a site index). */
export function probeParse(input, site) {
  const position = createPositions(input)
  const end = input.length
  const text = (start, stop) => ({
    type: 'text',
    value: input.slice(start, stop),
    position: position(start, stop),
  })
  const root = new Container(BLOCK)
  root.atLineStart = true
  const stack = []
  let frame = new Frame(ROOT, 0, 0, root)
  let c = root

  const flush = (container) => {
    if (container.pendingStart !== -1) {
      container.line.push(text(container.pendingStart, container.pendingEnd))
      container.pendingStart = -1
    }
  }
  const append = (start, stop) => {
    if (c.pendingStart !== -1 && c.pendingEnd === start) c.pendingEnd = stop
    else {
      flush(c)
      c.pendingStart = start
      c.pendingEnd = stop
    }
  }

  /** Writes the container's line to its target, apostrophes resolved. */
  const endLine = (container, lineEnd) => {
    flush(container)
    const items = container.line
    if (container.quoteRuns === 0) {
      for (let index = 0; index < items.length; index++) container.target.push(items[index])
    } else writeQuoted(items, container.target, lineEnd)
    container.line = []
    container.quoteRuns = 0
  }

  const writeQuoted = (items, target, lineEnd) => {
    let italics = 0
    let bolds = 0
    for (const item of items) {
      if (typeof item !== 'number') continue
      const length = item & 7
      if (length === 2 || length === 5) italics++
      if (length === 3 || length === 5) bolds++
    }
    // doQuotes: with an odd number of both, one bold becomes `'` and an italic.
    let split = -1
    if (italics % 2 === 1 && bolds % 2 === 1) {
      let afterOneLetter = -1
      let afterWord = -1
      let afterSpace = -1
      for (const item of items) {
        if (typeof item !== 'number' || (item & 7) !== 3) continue
        const at = Math.floor(item / 8)
        if (input.charCodeAt(at - 1) === 32) afterSpace = afterSpace === -1 ? item : afterSpace
        else if (input.charCodeAt(at - 2) === 32) {
          afterOneLetter = afterOneLetter === -1 ? item : afterOneLetter
        } else afterWord = afterWord === -1 ? item : afterWord
      }
      split = afterOneLetter !== -1 ? afterOneLetter : afterWord !== -1 ? afterWord : afterSpace
    }
    const open = []
    let into = target
    const start = (type, at) => {
      const node = { type, children: [], position: at }
      into.push(node)
      open.push(node)
      into = node.children
    }
    const close = (at) => {
      const node = open.pop()
      node.position = position(node.position, at)
      into = open.length === 0 ? target : open[open.length - 1].children
    }
    const isOpen = (type) => open.some((node) => node.type === type)
    for (const item of items) {
      if (typeof item !== 'number') {
        into.push(item)
        continue
      }
      let at = Math.floor(item / 8)
      let length = item & 7
      if (item === split) {
        into.push(text(at, at + 1))
        at++
        length = 2
      }
      if (length === 2 || length === 5) {
        if (isOpen('italic')) close(at)
        else start('italic', at)
      }
      if (length === 3 || length === 5) {
        if (isOpen('bold')) close(at + length)
        else start('bold', at)
      }
    }
    while (open.length > 0) close(lineEnd)
  }

  /** Block markup at the start of a line of a block container; returns where its text starts. */
  const lineStart = (at) => {
    c.atLineStart = false
    if (c.mode !== BLOCK) return at
    let prefixEnd = at
    for (; prefixEnd < end; prefixEnd++) {
      const code = input.charCodeAt(prefixEnd)
      if (code !== 42 && code !== 35 && code !== 58 && code !== 59) break
    }
    if (prefixEnd > at || c.prefix !== '') return listLine(at, prefixEnd)
    const code = input.charCodeAt(at)
    if (code === 32) {
      if (c.pre === null) {
        c.pre = { type: 'preformatted', children: [], position: position(at, at) }
        c.children.push(c.pre)
      }
      c.target = c.pre.children
      return at
    }
    c.pre = null
    c.target = c.children
    if (code === 123 && input.charCodeAt(at + 1) === 124) {
      const table = {
        type: 'table',
        attributes: '',
        closed: false,
        children: [],
        position: position(at, at + 2),
      }
      c.children.push(table)
      c.table = { table, row: null }
      c.target = table.children
      return at + 2
    }
    if (c.table !== null && (code === 124 || code === 33)) return tableLine(at, code)
    return at
  }

  /** A line of a list: items nested by the whole prefix it shares with the line before. */
  const listLine = (at, prefixEnd) => {
    const prefix = input.slice(at, prefixEnd)
    let common = 0
    while (common < prefix.length && prefix[common] === c.prefix[common]) common++
    c.items.length = Math.min(c.items.length, common)
    let into = c.items.length === 0 ? c.children : c.items[c.items.length - 1].children
    if (common === prefix.length && prefix !== '') {
      // The same list goes on: a new item beside the last one.
      const last = c.items.pop()
      const list = c.items.length === 0 ? c.children : c.items[c.items.length - 1].children
      const item = {
        type: 'listItem',
        marker: prefix,
        kind: last.kind,
        children: [],
        position: position(at, prefixEnd),
      }
      list[list.length - 1].children.push(item)
      c.items.push(item)
      into = item.children
    }
    for (let depth = common; depth < prefix.length; depth++) {
      const marker = prefix.charCodeAt(depth)
      const kind = marker === 42 ? 'bullet' : marker === 35 ? 'ordered' : 'definition'
      const list = { type: 'list', kind, children: [], position: position(at, at) }
      into.push(list)
      const item = {
        type: 'listItem',
        marker: prefix[depth],
        kind,
        children: [],
        position: position(at + depth, at + depth + 1),
      }
      list.children.push(item)
      c.items.push(item)
      into = item.children
    }
    c.prefix = prefix
    c.target = into
    c.pre = null
    return prefixEnd
  }

  const tableLine = (at, code) => {
    const state = c.table
    const next = input.charCodeAt(at + 1)
    if (code === 124 && next === 125) {
      state.table.closed = true
      c.table = null
      return at + 2
    }
    if (code === 124 && next === 45) {
      const row = {
        type: 'tableRow',
        marker: '|-',
        attributes: null,
        children: [],
        position: position(at, at + 2),
      }
      state.table.children.push(row)
      state.row = row
      c.target = row.children
      return at + 2
    }
    if (state.row === null) {
      state.row = {
        type: 'tableRow',
        marker: '',
        attributes: null,
        children: [],
        position: position(at, at),
      }
      state.table.children.push(state.row)
    }
    return tableCell(at, 1, code === 33)
  }

  const tableCell = (at, length, header) => {
    const cell = {
      type: 'tableCell',
      marker: input.slice(at, at + length),
      attributes: null,
      header,
      children: [],
      position: position(at, at + length),
    }
    c.table.row.children.push(cell)
    c.target = cell.children
    return at + length
  }

  const openFrame = (kind, at, count, mode) => {
    flush(c)
    stack.push(frame)
    c = new Container(mode)
    frame = new Frame(kind, at, count, c)
  }
  const endParts = () => {
    for (const part of frame.parts) endLine(part, part.pendingEnd)
  }
  /** Pops the frame and puts its node on the line of the part around it. */
  const closeFrame = (node, after) => {
    frame = stack.pop()
    c = frame.parts[frame.parts.length - 1]
    c.line.push(node)
    return after
  }

  /** A construct that is not one: its opener and its parts' items go back, in order. */
  const fail = () => {
    const failed = frame
    endParts()
    frame = stack.pop()
    c = frame.parts[frame.parts.length - 1]
    c.line.push(text(failed.start, failed.start + failed.count))
    for (let part = 0; part < failed.parts.length; part++) {
      if (part > 0) c.line.push(text(failed.pipes[part - 1], failed.pipes[part - 1] + 1))
      for (const item of failed.parts[part].children) c.line.push(item)
    }
  }

  const closeBrace = (at) => {
    endParts()
    const parts = frame.parts
    const nameEnd = frame.pipes.length > 0 ? frame.pipes[0] : at
    let name = input.slice(frame.start + 2, nameEnd)
    const modifier = modifiers.exec(name)
    if (modifier) name = name.slice(modifier[0].length)
    name = name.replace(/_/gu, ' ').trim()
    const colon = name.indexOf(':')
    const type =
      colon !== -1 && site.hooks.has(name.slice(0, colon).toLowerCase())
        ? 'parserFunction'
        : site.variables.has(name)
          ? 'magicWord'
          : 'template'
    const children = [
      {
        type: 'templateName',
        children: parts[0].children,
        position: position(frame.start + 2, nameEnd),
      },
    ]
    let index = 0
    for (let part = 1; part < parts.length; part++) {
      const pipe = frame.pipes[part - 1]
      const partEnd = frame.pipes[part] ?? at
      const container = parts[part]
      const equals = container.equals
      if (equals !== -1) nameParameter(container, pipe + 1, equals)
      children.push({
        type: 'templateParameter',
        delimiter: '|',
        name: equals === -1 ? null : input.slice(pipe + 1, equals).trim(),
        index: equals === -1 ? ++index : null,
        valuePosition: position(equals === -1 ? pipe + 1 : equals + 1, partEnd),
        children: container.children,
        position: position(pipe, partEnd),
      })
    }
    const node = {
      type,
      name,
      modifier: modifier ? modifier[0] : null,
      children,
      position: position(frame.start, at + 2),
    }
    return closeFrame(node, at + 2)
  }

  /** A named parameter's name becomes a node of its own, its first text cut at the `=`. */
  const nameParameter = (container, start, equals) => {
    const name = { type: 'parameterName', children: [], position: position(start, equals) }
    const first = container.children[0]
    if (first?.type === 'text' && first.position.end.offset > equals) {
      name.children.push(text(start, equals))
      container.children[0] = text(equals + 1, first.position.end.offset)
    }
    container.children.unshift(name)
  }

  const closeLink = (at) => {
    const targetEnd = frame.pipes.length > 0 ? frame.pipes[0] : at
    const source = input.slice(frame.start + 2, targetEnd)
    if (invalidTarget.test(source)) {
      fail()
      append(at, at + 2)
      return at + 2
    }
    endParts()
    let target = source.replace(/_/gu, ' ').trim()
    if (target.startsWith(':')) target = target.slice(1).trim()
    const hash = target.indexOf('#')
    const colon = target.indexOf(':')
    let namespace = null
    let interwiki = false
    if (colon !== -1) {
      const prefix = target.slice(0, colon).trim().replace(/ +/gu, ' ').toLowerCase()
      namespace = site.namespaces.get(prefix) ?? null
      interwiki = namespace === null && site.interwiki.has(prefix)
    }
    let after = at + 2
    site.trail.lastIndex = after
    const trail = site.trail.exec(input)
    if (trail) after += trail[0].length
    const children = [
      {
        type: 'linkTarget',
        children: frame.parts[0].children,
        position: position(frame.start + 2, targetEnd),
      },
    ]
    for (let part = 1; part < frame.parts.length; part++) {
      const pipe = frame.pipes[part - 1]
      children.push({
        type: 'linkParameter',
        children: frame.parts[part].children,
        position: position(pipe, frame.pipes[part] ?? at),
      })
    }
    const node = {
      type: 'internalLink',
      target: hash === -1 ? target : target.slice(0, hash),
      namespace: namespace?.name ?? '',
      fragment: hash === -1 ? null : target.slice(hash + 1),
      kind: interwiki ? 'interwiki' : (namespace?.kind ?? 'page'),
      trail: input.slice(at + 2, after),
      children,
      position: position(frame.start, after),
    }
    return closeFrame(node, after)
  }

  /** At the heading line's end: a heading when its content ends with a `=` run. */
  const closeHeading = (lineEnd) => {
    let runEnd = lineEnd
    while (runEnd > frame.start && input.charCodeAt(runEnd - 1) === 32) runEnd--
    let run = 0
    const contentStart = frame.start + frame.count
    while (run < 6 && runEnd - run - 1 > contentStart && input.charCodeAt(runEnd - run - 1) === 61)
      run++
    if (run === 0) return fail()
    c.pendingEnd = Math.min(c.pendingEnd, runEnd - run)
    if (c.pendingEnd <= c.pendingStart) c.pendingStart = -1
    endParts()
    const node = {
      type: 'heading',
      depth: Math.min(run, frame.count),
      trail: input.slice(runEnd, lineEnd),
      sectionIndex: 1,
      children: c.children,
      position: position(frame.start, lineEnd),
    }
    closeFrame(node, lineEnd)
  }

  const angle = (at) => {
    if (input.startsWith('<!--', at)) {
      const close = input.indexOf('-->', at + 4)
      const after = close === -1 ? end : close + 3
      flush(c)
      c.line.push({
        type: 'comment',
        value: input.slice(at + 4, close === -1 ? end : close),
        closed: close !== -1,
        position: position(at, after),
      })
      return after
    }
    let nameEnd = at + 1
    if (input.charCodeAt(nameEnd) === 47) nameEnd++
    while (nameEnd < end && tagNameChar.test(input[nameEnd])) nameEnd++
    const greaterThan = input.indexOf('>', nameEnd)
    if (nameEnd === at + 1 || greaterThan === -1) {
      append(at, at + 1)
      return at + 1
    }
    const name = input.slice(at + 1, nameEnd).toLowerCase()
    if (opaqueTags.has(name)) {
      const closeTag = `</${name}>`
      const close = input.indexOf(closeTag, greaterThan)
      if (close !== -1) {
        flush(c)
        c.line.push({
          type: 'extensionTag',
          name,
          rawName: name,
          attributes: input.slice(nameEnd, greaterThan),
          selfClosing: false,
          closeTag,
          value: input.slice(greaterThan + 1, close),
          children: [],
          position: position(at, close + closeTag.length),
        })
        return close + closeTag.length
      }
    }
    flush(c)
    c.line.push({
      type: 'htmlTag',
      name,
      closing: input.charCodeAt(at + 1) === 47,
      attributes: input.slice(nameEnd, greaterThan),
      position: position(at, greaterThan + 1),
    })
    return greaterThan + 1
  }

  /** Whether a protocol of the site starts at `at` and reaches `through` (-1: anywhere). */
  const protocolAt = (at, through) => {
    const candidates = site.protocolIndex.byFirstCode.get(input.charCodeAt(at) | 32)
    if (candidates === undefined) return false
    for (const protocol of candidates) {
      if (
        at + protocol.length > through &&
        input.slice(at, at + protocol.length).toLowerCase() === protocol
      ) {
        return true
      }
    }
    return false
  }
  const urlEnd = (at) => {
    let stop = at
    for (; stop < end; stop++) {
      const code = input.charCodeAt(stop)
      if (code <= 32 || code === 91 || code === 93 || code === 60 || code === 62 || code === 34)
        break
      // A URL ends where its text does: a full parser's pass 1 has cut the text at `|`, `{`, `}`.
      if (code === 124 || code === 123 || code === 125) break
    }
    return stop
  }
  const bracketedLink = (at) => {
    const address = urlEnd(at + 1)
    let close = address
    while (close < end && input.charCodeAt(close) !== 93 && input.charCodeAt(close) !== 10) close++
    if (close >= end || input.charCodeAt(close) !== 93) {
      append(at, at + 1)
      return at + 1
    }
    flush(c)
    c.line.push({
      type: 'externalLink',
      url: input.slice(at + 1, address),
      bracketed: true,
      children: close > address + 1 ? [text(address + 1, close)] : [],
      position: position(at, close + 1),
    })
    return close + 1
  }
  /** A `:`: a free URL when the letters before it in the pending text start a protocol. */
  const colonAt = (at) => {
    let start = -1
    if (c.pendingStart !== -1 && c.pendingEnd === at) {
      let letters = at
      while (letters > c.pendingStart && letters > at - 12) {
        const code = input.charCodeAt(letters - 1) | 32
        if (code < 97 || code > 122) break
        letters--
      }
      for (let from = letters; from < at && start === -1; from++) {
        if (protocolAt(from, at)) start = from
      }
    }
    if (start === -1) {
      append(at, at + 1)
      return at + 1
    }
    c.pendingEnd = start
    if (c.pendingEnd === c.pendingStart) c.pendingStart = -1
    flush(c)
    const stop = urlEnd(at)
    c.line.push({
      type: 'externalLink',
      url: input.slice(start, stop),
      bracketed: false,
      children: [],
      position: position(start, stop),
    })
    return stop
  }

  let i = 0
  for (;;) {
    if (c.atLineStart) {
      i = lineStart(i)
      if (
        c === root &&
        i < end &&
        input.charCodeAt(i) === 61 &&
        (i === 0 || input.charCodeAt(i - 1) === 10)
      ) {
        let run = 1
        while (run < 6 && input.charCodeAt(i + run) === 61) run++
        openFrame(HEADING, i, run, INLINE)
        i += run
      }
    }
    const stops = frame.kind === ROOT || frame.kind === HEADING ? rootStops : nestedStops
    let j = i
    while (j < end && stops[input.charCodeAt(j)] === 0) j++
    if (j > i) append(i, j)
    i = j
    if (i >= end) {
      if (frame.kind === HEADING) closeHeading(i)
      else if (frame.kind !== ROOT) fail()
      else break
      continue
    }
    const code = input.charCodeAt(i)
    const next = input.charCodeAt(i + 1)
    if (code === 10) {
      if (frame.kind === HEADING) {
        closeHeading(i)
        continue
      }
      endLine(c, i)
      // The break goes where the line before it went, unless the next line starts a block.
      c.pendingStart = i
      c.pendingEnd = i + 1
      i++
      c.atLineStart = true
      const following = input.charCodeAt(i)
      if (
        c.mode === BLOCK &&
        (following === 42 ||
          following === 35 ||
          following === 58 ||
          following === 59 ||
          following === 32 ||
          following === 124 ||
          following === 123)
      ) {
        endLine(c, i)
      }
    } else if (code === 60) {
      i = angle(i)
    } else if (code === 123 && next === 123) {
      openFrame(BRACE, i, 2, INLINE)
      i += 2
    } else if (code === 91 && next === 91) {
      openFrame(LINK, i, 2, INLINE)
      i += 2
    } else if (code === 91 && protocolAt(i + 1, -1)) {
      i = bracketedLink(i)
    } else if (code === 125 && next === 125 && frame.kind === BRACE) {
      i = closeBrace(i)
    } else if (code === 93 && next === 93 && frame.kind === LINK) {
      i = closeLink(i)
    } else if (code === 124 && next === 124 && frame.kind === ROOT && c.table?.row) {
      endLine(c, i)
      i = tableCell(i, 2, false)
    } else if (code === 124 && (frame.kind === BRACE || frame.kind === LINK)) {
      endLine(c, i)
      frame.pipes.push(i)
      c = new Container(frame.kind === BRACE ? BLOCK : INLINE)
      frame.parts.push(c)
      i++
    } else if (code === 39 && next === 39) {
      let run = 2
      while (i + run < end && input.charCodeAt(i + run) === 39) run++
      const used = run > 5 ? 5 : run === 4 ? 3 : run
      if (run > used) append(i, i + run - used)
      flush(c)
      c.line.push((i + run - used) * 8 + used)
      c.quoteRuns++
      i += run
    } else if (code === 58) {
      i = colonAt(i)
    } else if (code === 61 && frame.kind === BRACE && c.equals === -1 && frame.parts.length > 1) {
      c.equals = i
      append(i, i + 1)
      i++
    } else {
      append(i, i + 1)
      i++
    }
  }
  endLine(root, end)
  return { type: 'root', children: root.children, position: position(0, end) }
}
