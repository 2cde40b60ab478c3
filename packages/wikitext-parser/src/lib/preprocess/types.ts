/**
 * Types shared by pass 1's construct modules and the passes after it: the parse context. Types
 * only, so any module may import it without tying load order.
 */
import type { LookAhead } from '../look-ahead.js'
import type { Pointer } from '../positions.js'
import type { SiteIndex } from '../site-index.js'
import type { Content } from '../types.js'

/** Pass 1 over [from, to) of the input: the scan `preprocess()` runs. */
export type Preprocess = (
  context: ParseContext,
  from: number,
  to: number,
  headings: boolean,
) => Content[]

/** State shared by every fragment of one parse. */
export interface ParseContext {
  readonly input: string
  readonly pointer: Pointer
  readonly site: SiteIndex
  /**
   * Pass 1 itself, given by the composition root: an extension tag whose content is wikitext
   * scans it on its own, and the tag module cannot import the scan that imports it.
   */
  readonly preprocess: Preprocess
  headingIndex: number
  /** Characters visited plus stack operations: the linear-time tests read it. */
  work: number
  /** The last search for a `>` (look-ahead.ts: each stretch is read about once). */
  readonly greaterThan: LookAhead
  /** The last search for a `-->`. */
  readonly commentEnd: LookAhead
  /** By tag name: the last search for its closing tag, and the pattern that finds one. */
  readonly closeTags: Map<string, { readonly ahead: LookAhead; readonly pattern: RegExp }>
  /** Offsets of the `<`s that became text, in order (block-tags.ts reads them). */
  readonly textAngles: number[]
  /**
   * Offsets of the nodes MediaWiki renders as block-level HTML, in order (same): extension tags
   * (`<pre>`, `<gallery>`, …) and framed or floated images.
   */
  readonly blockLevelNodes: number[]
  /**
   * Lines MediaWiki's preprocessor removes with their line break (only comments, spaces and
   * tabs): from the line's start to after its `\n` (comment-lines.ts).
   */
  readonly commentLines: Map<number, number>
  /** The input with each `_` a space, made on first use (`spacedInput`). */
  spacedInput: string | null
  /** A block-level HTML tag was left unpaired on its line in the container pass 2 is reading. */
  unpairedBlockTag: boolean
}
