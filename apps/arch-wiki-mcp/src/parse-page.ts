import { fromWikitext, WikitextParserError, type Root } from '@wiki/wikitext-parser'
import { WikiFailure } from './backend.js'

/**
 * The largest wikitext parsed in one request: 2 MiB, MediaWiki's default largest page. A wiki on
 * its defaults serves nothing larger, and parsing is synchronous: a larger page (30 MB took
 * seconds) would hold every other client's request until it is done.
 */
export const MAX_PAGE_BYTES = 2 * 1024 * 1024

/** The page's tree, or `evidence_unresolvable` for a page over `maxBytes` (UTF-8). */
export function parsePage(wikitext: string, maxBytes = MAX_PAGE_BYTES): Root {
  try {
    return fromWikitext(wikitext, { maxInputBytes: maxBytes })
  } catch (error) {
    if (error instanceof WikitextParserError && error.code === 'input_too_large') {
      const measured = error.inputSize
      const size = measured
        ? `is ${measured.atLeast ? 'at least ' : ''}${measured.bytes} bytes`
        : 'is too large'
      throw new WikiFailure(
        'evidence_unresolvable',
        `The page's wikitext ${size}, over the ${maxBytes} bytes this server parses in one request; nothing can be quoted from it.`,
        { cause: error },
      )
    }
    throw error
  }
}
