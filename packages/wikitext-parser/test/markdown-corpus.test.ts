import type { Root as MdastRoot, RootContent } from 'mdast'
import { describe, expect, it } from 'vitest'
import { SHARED_MISSING_REASON } from '@wiki/test-utils'
import type { Content, Root, Span } from '@wiki/wikitext-parser'
import { archwiki, codeBlocksOf, fromWikitext } from '@wiki/wikitext-parser'
import { toMarkdown, toMdast } from '@wiki/wikitext-parser/markdown'
import { roleOf } from '../src/lib/profile/role-of.js'
import { archCorpus, recordedPages, sectionSlices } from './helpers/arch-corpus.js'

/** Every recorded section with an offset, as [page, anchor, slice]. */
function sections(): [string, string, string][] {
  return recordedPages().flatMap((page) =>
    sectionSlices(page).map((section): [string, string, string] => [
      page.file,
      section.anchor,
      section.text,
    ]),
  )
}

/** Spans the renderer copies verbatim: templates without a role, tables, HTML and other tags. */
function verbatimSpans(tree: Root): Span[] {
  const spans: Span[] = []
  const stack: Content[] = [...tree.children].reverse()
  for (let node = stack.pop(); node; node = stack.pop()) {
    const verbatim =
      ((node.type === 'template' || node.type === 'magicWord') &&
        roleOf(archwiki, node.name) === null) ||
      node.type === 'parserFunction' ||
      node.type === 'templateArgument' ||
      node.type === 'table' ||
      node.type === 'htmlTag' ||
      (node.type === 'extensionTag' && node.name !== 'nowiki') ||
      (node.type === 'internalLink' && (node.kind === 'file' || node.kind === 'media'))
    if (verbatim) {
      spans.push({ start: node.position.start.offset, end: node.position.end.offset })
    } else if ('children' in node) {
      stack.push(...[...node.children].reverse())
    }
  }
  return spans
}

function collect(tree: MdastRoot, type: 'code' | 'html'): string[] {
  const values: string[] = []
  const stack: RootContent[] = [...tree.children]
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (node.type === type && 'value' in node) values.push(node.value)
    if ('children' in node) stack.push(...(node.children as RootContent[]))
  }
  return values
}

describe.skipIf(!archCorpus)(
  `Markdown rendering of every recorded section ${archCorpus ? '' : SHARED_MISSING_REASON}`,
  () => {
    it('finds the sections', () => {
      expect(sections().length).toBeGreaterThan(400)
    })

    it.each(sections())('%s#%s renders with the Markdown invariants', (_file, _anchor, text) => {
      const tree = fromWikitext(text)
      const markdown = toMarkdown(tree, { profile: archwiki })
      const mdast = toMdast(tree, { profile: archwiki })
      const fences = collect(mdast, 'code')
      const raw = collect(mdast, 'html').join('\n')
      const blocks = codeBlocksOf(tree, { profile: archwiki })

      // The content starts with the heading.
      expect(markdown).toMatch(/^#{1,6} /)

      // Fences balance, and no line outside them (or a raw node) starts with # unless a heading.
      let open: string | null = null
      const hashLines: string[] = []
      for (const line of markdown.split('\n')) {
        const fence = /^\s*(?:(?:[-*+]|\d+[.)])\s+)*(`{3,}|~{3,})/.exec(line)?.[1]
        if (open !== null) {
          if (fence && fence[0] === open[0] && fence.length >= open.length) open = null
          continue
        }
        if (fence) {
          open = fence
          continue
        }
        const start = line.trimStart()
        if (start.startsWith('#') && !raw.includes(start) && !/^#{1,6} \S/.test(line)) {
          hashLines.push(line)
        }
      }
      expect(open).toBeNull()
      expect(hashLines).toEqual([])

      // Every fence is a commands() block; every block outside verbatim text is fenced.
      const texts = new Set(blocks.map((block) => block.text))
      for (const fence of fences) expect(texts).toContain(fence)
      const verbatim = verbatimSpans(tree)
      for (const block of blocks) {
        const inside = verbatim.some(
          (span) => span.start <= block.span.start && block.span.end <= span.end,
        )
        expect(inside || fences.includes(block.text)).toBe(true)
      }
    })
  },
)

describe.skipIf(!archCorpus)(
  `Markdown of the reference README section ${archCorpus ? '' : SHARED_MISSING_REASON}`,
  () => {
    it('renders Installation guide#Boot_the_live_environment', () => {
      const [, , text] = sections().find(
        ([file, anchor]) =>
          file === 'parse_Installation_guide.json' && anchor === 'Boot_the_live_environment',
      )!
      const markdown = toMarkdown(fromWikitext(text), { profile: archwiki })
      expect(markdown.startsWith('### Boot the live environment')).toBe(true)
      expect(markdown).toContain('1. Point the current boot device')
      expect(markdown).toContain('**Note:**')
    })
  },
)
