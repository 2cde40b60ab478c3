import { describe, expect, it } from 'vitest'
import { fromWikitext } from '@wiki/wikitext-parser'
import { listTags, parsedBlocks, renderedBlocks } from './block-structure.js'
import { renderHtml, seeded, useLocalWiki } from './local-wiki.js'

/**
 * Blocks of lines with a fixed seed: list lines, space-led lines and plain text among lines of
 * only comments (with spaces and tabs around them, several on one line, a comment over several
 * lines, one never closed) and lines where a comment shares the line with text. MediaWiki's
 * preprocessor removes a line of only comments with its break, so the lines around it meet: a list
 * or a preformatted block goes on across it; and its block pass reads a line's markup after the
 * comments it starts with. Each block is rendered by a real MediaWiki and its lists and
 * preformatted blocks compared with ours. WIKI_COMMENT_LINE_BLOCKS runs more of them (1,000
 * agreed when this was written).
 */
function generatedBlocks(count: number): string[] {
  const { random, pick } = seeded(0xc0e11)
  const lines = [
    '* alpha',
    '** beta',
    '# gamma',
    ': delta',
    '; epsilon',
    ' zeta',
    ' eta theta',
    'plain',
    '',
    '<!-- c -->',
    '<!-- c -->',
    '  <!-- c -->',
    '<!-- c -->\t ',
    ' <!-- c --> ',
    '<!-- c --><!-- d -->',
    '<!-- c -->  <!-- d -->',
    '<!--\nspanning\n-->',
    '<!-- c -->iota',
    'kappa<!-- c -->',
    '* lambda<!-- c -->',
    '<!-- c --> mu',
    '<!-- c -->* nu',
    '<!-- c --><!-- d -->## xi',
    '*<!-- c --> omicron',
    ' \t',
    ' <!-- c -->',
    '<!-- open',
  ]
  const blocks = new Set<string>()
  while (blocks.size < count) {
    const length = 2 + Math.floor(random() * 6)
    blocks.add(Array.from({ length }, () => pick(lines)).join('\n'))
  }
  return [...blocks]
}

const kept = new Set([...listTags, 'pre'])

describe('lines of only comments agree with MediaWiki', () => {
  const local = useLocalWiki()

  it.each(generatedBlocks(Number(process.env.WIKI_COMMENT_LINE_BLOCKS ?? 100)))(
    '%j',
    async (block) => {
      const html = await renderHtml(local.wiki, block)
      expect(parsedBlocks(fromWikitext(block, { site: local.site }))).toBe(
        renderedBlocks(html, kept),
      )
    },
  )
})
