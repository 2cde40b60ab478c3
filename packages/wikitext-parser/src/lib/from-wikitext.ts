import { defaultSite, type Site } from './define-site.js'
import { blocks } from './blocks.js'
import { createLookAhead } from './look-ahead.js'
import { createPointer } from './positions.js'
import { preprocess, type ParseContext } from './preprocess.js'
import { indexSite } from './site-index.js'
import type { Root } from './types.js'
import { WikitextParserError } from './wikitext-parser-error.js'

/** Options of `fromWikitext`. */
export interface FromWikitextOptions {
  /** Site configuration (`defineSite`, `siteFromSiteinfo`); `defaultSite` when absent. */
  site?: Site
  /**
   * Largest input accepted, in UTF-8 bytes; a longer one throws `WikitextParserError`
   * (`input_too_large`) before any parsing. No limit when absent.
   */
  maxInputBytes?: number
}

/**
 * Parses wikitext into a lossless tree with exact positions: `toWikitext(fromWikitext(x)) === x`
 * for every string. Bad options, and input over `maxInputBytes`, throw `WikitextParserError`.
 */
export function fromWikitext(value: string, options?: Readonly<FromWikitextOptions> | null): Root {
  return parse(value, options).tree
}

/** The parse with its work counter (characters visited plus stack operations), for tests. */
export function parse(
  value: string,
  options?: Readonly<FromWikitextOptions> | null,
): { tree: Root; work: number } {
  if (typeof value !== 'string') {
    throw new WikitextParserError('invalid_option', `value: expected a string, got ${typeof value}`)
  }
  const site = options?.site ?? defaultSite
  if (typeof site !== 'object' || site === null || !('extensionTags' in site)) {
    throw new WikitextParserError(
      'invalid_option',
      'options.site: expected a site from defineSite() or siteFromSiteinfo()',
    )
  }
  const limit = options?.maxInputBytes
  if (limit !== undefined) {
    if (typeof limit !== 'number' || !(limit >= 0) || !Number.isInteger(limit)) {
      throw new WikitextParserError(
        'invalid_option',
        `options.maxInputBytes: expected a whole number of bytes (0 or more), got ${String(limit)}`,
      )
    }
    // Counted only when it can matter: each UTF-16 unit takes one UTF-8 byte at least, so more
    // units than the limit is over it, and a huge input is refused without being read.
    const counted = value.length <= limit
    const size = counted ? utf8Length(value) : value.length
    if (size > limit) {
      throw new WikitextParserError(
        'input_too_large',
        `value: the wikitext is ${counted ? '' : 'at least '}${size} bytes (UTF-8), over the ` +
          `limit of ${limit} bytes set by options.maxInputBytes`,
        { inputSize: { bytes: size, atLeast: !counted, limit } },
      )
    }
  }
  const pointer = createPointer(value)
  const context: ParseContext = {
    input: value,
    pointer,
    site: indexSite(site),
    preprocess,
    headingIndex: 0,
    work: 0,
    greaterThan: createLookAhead(),
    commentEnd: createLookAhead(),
    closeTags: new Map(),
    textAngles: [],
    blockLevelNodes: [],
    commentLines: new Map(),
    spacedInput: null,
    unpairedBlockTag: false,
  }
  const children = preprocess(context, 0, value.length, true)
  const tree: Root = { type: 'root', children, position: pointer.position(0, value.length) }
  blocks(context, tree)
  return { tree, work: context.work }
}

/** The UTF-8 length of `value` (a lone surrogate as the three bytes of U+FFFD). */
function utf8Length(value: string): number {
  let size = 0
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index)
    if (code < 0x80) size += 1
    else if (code < 0x800) size += 2
    else if (code < 0xd800 || code >= 0xdc00 || (value.charCodeAt(index + 1) & 0xfc00) !== 0xdc00)
      size += 3
    else {
      size += 4
      index++
    }
  }
  return size
}
