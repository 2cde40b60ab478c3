import { defaultSite, type Site } from './define-site.js'
import { blocks } from './blocks.js'
import { createPointer } from './positions.js'
import { preprocess, type ParseContext } from './preprocess.js'
import { indexSite } from './site-index.js'
import type { Root } from './types.js'
import { WikitextParserError } from './wikitext-parser-error.js'

/** Options of `fromWikitext`. */
export interface FromWikitextOptions {
  /** Site configuration (`defineSite`, `siteFromSiteinfo`); `defaultSite` when absent. */
  site?: Site
}

/**
 * Parses wikitext into a lossless tree with exact positions. Never throws on input:
 * `toWikitext(fromWikitext(x)) === x` for every string. Bad options throw `WikitextParserError`.
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
  const pointer = createPointer(value)
  const context: ParseContext = {
    input: value,
    pointer,
    site: indexSite(site),
    headingIndex: 0,
    work: 0,
    noGreaterThan: Infinity,
    noCommentEnd: Infinity,
    noCloseTag: new Map(),
    textAngles: [],
    blockLevelNodes: [],
    commentLines: new Map(),
    unpairedBlockTag: false,
  }
  const children = preprocess(context, 0, value.length, true)
  const tree: Root = { type: 'root', children, position: pointer.position(0, value.length) }
  blocks(context, tree)
  return { tree, work: context.work }
}
