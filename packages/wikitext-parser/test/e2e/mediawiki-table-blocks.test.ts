import { describe, expect, it } from 'vitest'
import { fromWikitext } from '@wiki/wikitext-parser'
import { listTags, parsedBlocks, renderedBlocks, tableTags } from './block-structure.js'
import { renderHtml, seeded, useLocalWiki } from './local-wiki.js'

/**
 * Blocks with a fixed seed: whole tables among list lines, space-led lines, headings, rules and
 * lines of only comments. A table may be indented by colons (`:{|`, `:: {|`, which MediaWiki
 * puts in description lists) or spaces; its cells may go on over lines holding lists and
 * preformatted text, or hold a table of their own. Each block is rendered by a real MediaWiki and
 * its lists, preformatted blocks, tables, rows, cells, captions, headings and rules compared with
 * ours. WIKI_TABLE_BLOCKS runs more of them (1,000 agreed when this was written).
 */
function generatedBlocks(count: number): string[] {
  const { random, pick } = seeded(0x7ab1e)
  const lines = ['* a', '** b', '# c', ': d', '; e : f', ' g', 'plain', '', '<!-- c -->']
  const cells = ['| x', '! h', '| x || y', '! h !! i', '| class="c" | z']
  const later = ['* in cell', ' pre in cell', ': dd in cell', 'more text']
  // MediaWiki keeps one indent level for all open tables, set by the last `{|`, so a nested
  // table with fewer colons than the one around it leaves that one's `<dl><dd>` open to the end
  // of the page. We close each table's own (docs/decisions.md); nested tables here have at
  // least the colons of the table around them, where both agree.
  const table = (outerColons: number | null): string[] => {
    const indent =
      outerColons === null || outerColons === 0
        ? pick(['', '', ':', '::', ': ', ' '])
        : ':'.repeat(outerColons + (random() < 0.3 ? 1 : 0))
    const colons = /^:*/.exec(indent)?.[0].length ?? 0
    const rows: string[] = [`${indent}{|${pick(['', ' class="t"'])}`]
    if (random() < 0.3) rows.push('|+ caption')
    const rowCount = 1 + Math.floor(random() * 3)
    for (let row = 0; row < rowCount; row++) {
      if (row > 0 || random() < 0.5) rows.push('|-')
      const cellCount = 1 + Math.floor(random() * 3)
      for (let cell = 0; cell < cellCount; cell++) {
        rows.push(pick(cells))
        if (random() < 0.3) rows.push(pick(later))
        if (outerColons === null && random() < 0.15) rows.push(...table(colons))
      }
    }
    rows.push(pick(['|}', '|}', '|} after']))
    return rows
  }
  const blocks = new Set<string>()
  while (blocks.size < count) {
    const units = 2 + Math.floor(random() * 5)
    const block: string[] = []
    for (let unit = 0; unit < units; unit++) {
      if (random() < 0.35) block.push(...table(null))
      else block.push(pick([...lines, '== H ==', '----']))
    }
    blocks.add(block.join('\n'))
  }
  return [...blocks]
}

const kept = new Set([...listTags, 'pre', ...tableTags, 'caption', 'h2', 'hr'])

describe('tables among lines agree with MediaWiki', () => {
  const local = useLocalWiki()

  it.each(generatedBlocks(Number(process.env.WIKI_TABLE_BLOCKS ?? 100)))('%j', async (block) => {
    const html = await renderHtml(local.wiki, block)
    expect(parsedBlocks(fromWikitext(block, { site: local.site }))).toBe(renderedBlocks(html, kept))
  })
})
