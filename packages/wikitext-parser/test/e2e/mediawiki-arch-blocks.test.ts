import { describe, expect, it } from 'vitest'
import { SHARED_MISSING_REASON, sharedDir } from '@wiki/test-utils'
import { fromWikitext } from '@wiki/wikitext-parser'
import { recordedPages } from '../helpers/arch-corpus.js'
import {
  headingTags,
  listTags,
  parsedBlocks,
  renderedBlocks,
  skeleton,
  tableTags,
} from './block-structure.js'
import { parsedInline, renderedInline } from './inline-structure.js'
import { renderHtml, useLocalWiki } from './local-wiki.js'

/**
 * Every recorded Arch page, rendered whole by a real MediaWiki (which has none of the Arch wiki's
 * templates, so each template is a red link there): its lists, preformatted blocks, tables, rows,
 * cells and headings, in order, compared with ours, templates counted as nothing on both sides;
 * then its bold, italic and external links, internal links left out on both sides. The recorded
 * pages are read in place from ../shared (GNU FDL), never copied.
 */
const kept = new Set([...listTags, 'pre', ...tableTags, 'caption', ...headingTags])

/** Where two strings first differ, with some of each around it (the whole when they agree). */
function aroundFirstDifference(ours: string, theirs: string): [string, string] {
  let at = 0
  while (at < ours.length && ours[at] === theirs[at]) at++
  const from = Math.max(0, at - 80)
  return [ours.slice(from, at + 120), theirs.slice(from, at + 120)]
}

describe.skipIf(!sharedDir())(
  `recorded Arch pages' block structure agrees with MediaWiki (${SHARED_MISSING_REASON})`,
  () => {
    const local = useLocalWiki()
    const pages = recordedPages()

    it('has pages to compare', () => {
      expect(pages.length).toBeGreaterThanOrEqual(9)
    })

    it.each(pages.map((page) => [page.file, page.wikitext]))('%s', async (_file, wikitext) => {
      const html = await renderHtml(local.wiki, wikitext)
      const [ours, theirs] = aroundFirstDifference(
        parsedBlocks(fromWikitext(wikitext, { site: local.site }), false),
        skeleton(renderedBlocks(html, kept)),
      )
      expect(ours).toBe(theirs)
    })

    // Bold, italic and external links, nested as they are: doQuotes, link and tag rules on
    // whole pages, where the generated suites test them a line at a time.
    it.each(pages.map((page) => [page.file, page.wikitext]))(
      '%s: bold, italic and external links',
      async (_file, wikitext) => {
        const html = await renderHtml(local.wiki, wikitext)
        const [ours, theirs] = aroundFirstDifference(
          parsedInline(fromWikitext(wikitext, { site: local.site })),
          renderedInline(html),
        )
        expect(ours).toBe(theirs)
      },
    )
  },
)
