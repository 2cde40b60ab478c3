import { describe, expect, it } from 'vitest'
import { SHARED_MISSING_REASON, sharedDir } from '@wiki/test-utils'
import { fromWikitext, type Node } from '@wiki/wikitext-parser'
import { recordedPages } from '../helpers/arch-corpus.js'
import { renderHtml, useLocalWiki } from './local-wiki.js'

/**
 * Every recorded Arch page, rendered whole by a real MediaWiki (which has none of the Arch wiki's
 * templates, so each template is a red link there): its lists, preformatted blocks, tables, rows,
 * cells and headings, in order, compared with ours, templates counted as nothing on both sides.
 * The recorded pages are read in place from ../shared (GNU FDL), never copied.
 */
const kept = new Set([
  'ul',
  'ol',
  'dl',
  'li',
  'dt',
  'dd',
  'pre',
  'table',
  'tr',
  'td',
  'th',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
])

/** MediaWiki's block elements, text dropped; its table of contents and references list out. */
function renderedSkeleton(html: string): string {
  return html
    .replace(/<div id="toc"[\s\S]*?<\/ul>\s*<\/div>/, '')
    .replace(/<div class="mw-references-wrap[\s\S]*?<\/div>/g, '')
    .replace(/<(\/?)([a-z0-9]+)[^>]*>/g, (_, slash: string, name: string) =>
      kept.has(name) ? `<${slash}${name}>` : '',
    )
    .replace(/>[^<]*</g, '><')
    .replace(/^[^<]*|[^>]*$/g, '')
}

const listElements = { bullet: 'ul', ordered: 'ol', definition: 'dl' } as const
const itemElements = { bullet: 'li', ordered: 'li', term: 'dt', description: 'dd' } as const

/** Ours in the same form: a template's parameters never reach MediaWiki's output here. */
function parsedSkeleton(node: Node): string {
  if (node.type === 'template' || node.type === 'parserFunction') return ''
  if (node.type === 'extensionTag') return node.name === 'pre' ? '<pre></pre>' : ''
  if (!('children' in node)) return ''
  const inner = (node.children as Node[]).map(parsedSkeleton).join('')
  const element = (name: string): string => `<${name}>${inner}</${name}>`
  switch (node.type) {
    case 'list':
      return element(listElements[node.kind])
    case 'listItem':
      return element(itemElements[node.kind])
    case 'preformatted':
      return element('pre')
    case 'table':
      return element('table')
    case 'tableRow':
      return node.children.some((child) => child.type === 'tableCell') ? element('tr') : inner
    case 'tableCell':
      return element(node.header ? 'th' : 'td')
    case 'heading':
      // MediaWiki renders `= a =` as an h1, which this comparison leaves out.
      return node.depth === 1 ? inner : element(`h${node.depth}`)
    default:
      return inner
  }
}

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
        parsedSkeleton(fromWikitext(wikitext, { site: local.site })),
        renderedSkeleton(html),
      )
      expect(ours).toBe(theirs)
    })
  },
)
