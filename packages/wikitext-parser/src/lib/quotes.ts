/**
 * MediaWiki's `doQuotes` over one line: apostrophe runs become `italic` and `bold` nodes with
 * open/close flags. The runs are read from the line's text, bracketed external link texts and
 * inline HTML elements included (quote-tree.ts builds the nodes). Runs and markers are kept in
 * number arrays rather than objects: most lines with apostrophes hold a few runs, and this runs
 * once per such line.
 */
import { lastOf } from './last-of.js'
import { BOLD, createMarkers, ITALIC } from './quote-markers.js'
import {
  flatQuoteTree,
  hasQuoteContainer,
  lineEventsOf,
  nestedQuoteTree,
  textsOf,
} from './quote-tree.js'
import type { ParseContext } from './preprocess/types.js'
import type { Content } from './types.js'

// doQuotes' states: what is open, outermost first; BOTH is a `'''''` run not yet resolved.
const NONE = 0
const I = 1
const B = 2
const BI = 3
const IB = 4
const BOTH = 5

export function quotes(context: ParseContext, items: readonly Content[]): Content[] {
  const input = context.input
  // Runs of two or more apostrophes, as start offsets and lengths.
  const runStarts: number[] = []
  const runLengths: number[] = []
  const events = hasQuoteContainer(items) ? lineEventsOf(items) : null
  const line = events === null ? undefined : textsOf(events)
  const texts = line === undefined ? items : line.texts
  // Spans are cut at containers' edges only if a run lies inside one.
  let runInside = false
  for (let index = 0; index < texts.length; index++) {
    const item = texts[index] as Content
    if (item.type !== 'text') continue
    const value = item.value
    const base = item.position.start.offset
    if (!runInside && line?.inside[index] === true && value.includes("''")) runInside = true
    for (let at = value.indexOf("''"); at !== -1;) {
      let end = at + 2
      while (value.charCodeAt(end) === 39) end++
      runStarts.push(base + at)
      runLengths.push(end - at)
      at = value.indexOf("''", end)
    }
  }
  const runs = runStarts.length
  if (runs === 0) return items.slice()
  let italics = 0
  let bolds = 0
  for (let run = 0; run < runs; run++) {
    let length = runLengths[run] as number
    // Four apostrophes are one of text and bold; more than five are text and bold italic.
    if (length === 4) {
      runStarts[run] = (runStarts[run] as number) + 1
      length = 3
    } else if (length > 5) {
      runStarts[run] = (runStarts[run] as number) + length - 5
      length = 5
    }
    runLengths[run] = length
    if (length === 2) italics++
    else if (length === 3) bolds++
    else {
      italics++
      bolds++
    }
  }
  if (italics % 2 === 1 && bolds % 2 === 1) {
    // One bold run becomes an apostrophe and italic: after a one-letter word first, then after
    // a longer word, then after a space.
    let singleLetter = -1
    let multiLetter = -1
    let space = -1
    for (let run = 0; run < runs; run++) {
      if (runLengths[run] !== 3) continue
      const start = runStarts[run] as number
      if (input.charCodeAt(start - 1) === 32) {
        if (space === -1) space = run
      } else if (input.charCodeAt(start - 2) === 32) {
        singleLetter = run
        break
      } else if (multiLetter === -1) multiLetter = run
    }
    const chosen = singleLetter !== -1 ? singleLetter : multiLetter !== -1 ? multiLetter : space
    if (chosen !== -1) {
      runStarts[chosen] = (runStarts[chosen] as number) + 1
      runLengths[chosen] = 2
    }
  }

  const markers = createMarkers()
  let state = NONE
  for (let run = 0; run < runs; run++) {
    const s = runStarts[run] as number
    const length = runLengths[run] as number
    const e = s + length
    if (length === 2) {
      if (state === I) {
        state = NONE
        markers.mark(ITALIC, false, true, s, e)
      } else if (state === BI) {
        state = B
        markers.mark(ITALIC, false, true, s, e)
      } else if (state === IB) {
        markers.mark(BOLD, false, false, s, s)
        markers.mark(ITALIC, false, true, s, e)
        markers.mark(BOLD, true, false, e, e)
        state = B
      } else if (state === BOTH) {
        markers.resolveBoth(BOLD)
        markers.mark(ITALIC, false, true, s, e)
        state = B
      } else {
        markers.mark(ITALIC, true, true, s, e)
        state = state === B ? BI : I
      }
    } else if (length === 3) {
      if (state === B) {
        state = NONE
        markers.mark(BOLD, false, true, s, e)
      } else if (state === IB) {
        state = I
        markers.mark(BOLD, false, true, s, e)
      } else if (state === BI) {
        markers.mark(ITALIC, false, false, s, s)
        markers.mark(BOLD, false, true, s, e)
        markers.mark(ITALIC, true, false, e, e)
        state = I
      } else if (state === BOTH) {
        markers.resolveBoth(ITALIC)
        markers.mark(BOLD, false, true, s, e)
        state = I
      } else {
        markers.mark(BOLD, true, true, s, e)
        state = state === I ? IB : B
      }
    } else if (state === B) {
      markers.mark(BOLD, false, true, s, s + 3)
      markers.mark(ITALIC, true, true, s + 3, e)
      state = I
    } else if (state === I) {
      markers.mark(ITALIC, false, true, s, s + 2)
      markers.mark(BOLD, true, true, s + 2, e)
      state = B
    } else if (state === BI) {
      markers.mark(ITALIC, false, true, s, s + 2)
      markers.mark(BOLD, false, true, s + 2, e)
      state = NONE
    } else if (state === IB) {
      markers.mark(BOLD, false, true, s, s + 3)
      markers.mark(ITALIC, false, true, s + 3, e)
      state = NONE
    } else if (state === BOTH) {
      markers.resolveBoth(ITALIC)
      markers.mark(BOLD, false, true, s, s + 3)
      markers.mark(ITALIC, false, true, s + 3, e)
      state = NONE
    } else {
      markers.bothStart = s
      markers.bothEnd = e
      state = BOTH
    }
  }
  // What is still open closes at the line's end.
  const last = lastOf(items)
  const lineEnd = last ? last.position.end.offset : 0
  if (state === BOTH) markers.resolveBoth(BOLD)
  if (state === BOTH || state === B || state === IB)
    markers.mark(BOLD, false, false, lineEnd, lineEnd)
  if (state === BOTH || state === I || state === BI || state === IB)
    markers.mark(ITALIC, false, false, lineEnd, lineEnd)
  if (state === BI) markers.mark(BOLD, false, false, lineEnd, lineEnd)

  return events !== null && runInside
    ? nestedQuoteTree(context, events, markers)
    : flatQuoteTree(context, items, markers)
}
