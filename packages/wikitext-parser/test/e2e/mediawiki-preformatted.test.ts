import { describe, expect, it } from 'vitest'
import { fromWikitext, toWikitext, type Node } from '@wiki/wikitext-parser'
import { renderHtml, seeded, useLocalWiki } from './local-wiki.js'

/**
 * Blocks of lines with a fixed seed: space-led lines among lines holding block-level HTML tags
 * (`p`, `div`, `blockquote`, `ul`, `li`, `center`, `h3`, `td`), extension tags rendered as blocks
 * (`pre`, `gallery`) or inline (`nowiki`), headings, rules, lists and plain text. MediaWiki's block pass decides from the tags which space-led lines become `<pre>`; each
 * block is rendered by a real MediaWiki and its preformatted text compared with ours.
 * WIKI_PRE_BLOCKS runs more of them (1,000 agreed when this was written).
 */
function generatedBlocks(count: number): string[] {
  const { random, pick } = seeded(0x9e4f0)
  const lines = [
    ' alpha',
    ' beta gamma',
    ' ',
    'plain',
    '',
    '<p>',
    '</p>',
    'x <p>y',
    '<div>',
    '</div>',
    ' <div>lead',
    '<blockquote>',
    '</blockquote>',
    '<blockquote>q</blockquote>',
    '<ul>',
    '</ul>',
    '<li>item',
    '<center>',
    '</center>',
    '<h3>title</h3>',
    '<span>s</span>',
    '== Heading ==',
    '* listed',
    '----',
    // Extension tags MediaWiki renders as block-level HTML before its block pass, and one it
    // renders inline.
    ' <pre>p</pre>',
    ' q <pre>\nr\n</pre> s',
    ' t <gallery>\nFile:U.png\n</gallery>',
    ' v <nowiki>w</nowiki>',
  ]
  const blocks = new Set<string>()
  while (blocks.size < count) {
    const length = 2 + Math.floor(random() * 7)
    blocks.add(Array.from({ length }, () => pick(lines)).join('\n'))
  }
  return [...blocks]
}

/** Text of each `<pre>` MediaWiki made, tags and whitespace dropped. */
function rendered(html: string): string[] {
  return [...html.matchAll(/<pre>([\s\S]*?)<\/pre>/g)].map(([, inner = '']) =>
    inner.replace(/<[^>]*>/g, '').replace(/\s+/g, ''),
  )
}

/** Ours in the same form. */
function parsed(tree: Node): string[] {
  const blocks: string[] = []
  const walk = (node: Node): void => {
    // MediaWiki's `<pre>` tag is a `<pre>` element of its own.
    if (node.type === 'extensionTag' && node.name === 'pre') {
      blocks.push((node.value ?? '').replace(/\s+/g, ''))
      return
    }
    if (node.type === 'preformatted') {
      blocks.push(
        toWikitext(node)
          .replace(/<[^>]*>/g, '')
          .replace(/\s+/g, ''),
      )
      return
    }
    if ('children' in node) for (const child of node.children as Node[]) walk(child)
  }
  walk(tree)
  return blocks
}

describe('preformatted lines agree with MediaWiki', () => {
  const local = useLocalWiki()

  it.each(generatedBlocks(Number(process.env.WIKI_PRE_BLOCKS ?? 100)))('%j', async (block) => {
    const html = await renderHtml(local.wiki, block)
    expect(parsed(fromWikitext(block, { site: local.site }))).toEqual(rendered(html))
  })
})
