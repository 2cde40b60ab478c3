import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  admonitionsOf,
  archwiki,
  cleanCode,
  cleanMessage,
  cleanSnippet,
  codeBlocksOf,
  fromWikitext,
  linksOf,
  toWikitext,
} from '@wiki/wikitext-parser'
import type { RootContent } from 'mdast'
import { toMarkdown, toMdast } from '@wiki/wikitext-parser/markdown'

// Syntax pieces joined at random reach the corners (unclosed braces, masks across lines).
const piece = fc.constantFrom(
  '{{bc|',
  '{{hc|',
  '{{Note|',
  '{{ic|',
  '{{=}}',
  '{{!}}',
  '{{',
  '}}',
  '}}}',
  '|',
  '1=',
  '=',
  '\n',
  '\n ',
  ' ',
  '*',
  '#',
  ':',
  '[[',
  ']]',
  '[[a|b',
  '[https://x y]',
  "''",
  "'''",
  '<!--',
  '-->',
  '<nowiki>',
  '</nowiki>',
  '<pre>',
  '</pre>',
  '{|',
  '|}',
  '== h ==',
  '&lt;',
  'x',
  'é',
  '💩',
  '\r',
  '\t',
  // Elements across lines, links across tags, lists in table cells.
  '<div>',
  '</div>',
  '<span>',
  '</span>',
  '[https://x ',
  ']',
  '\n|',
)
const wikitext = fc.array(piece, { maxLength: 40 }).map((pieces) => pieces.join(''))
const runs = { numRuns: Number(process.env.FC_RUNS ?? 300) }

describe('extractors, cleaners and the renderer on any input', () => {
  it('never throw', () => {
    fc.assert(
      fc.property(fc.oneof(wikitext, fc.string({ unit: 'binary' })), (value) => {
        const tree = fromWikitext(value)
        codeBlocksOf(tree, { profile: archwiki })
        admonitionsOf(tree, { profile: archwiki })
        linksOf(tree, { excludedPrefixes: new Set(['category']) })
        cleanCode(value, archwiki)
        cleanMessage(value, archwiki)
        cleanSnippet(value, archwiki)
        expect(typeof toMarkdown(tree, { profile: archwiki })).toBe('string')
      }),
      runs,
    )
  })

  it('cut every raw payload from the source', () => {
    fc.assert(
      fc.property(wikitext, (value) => {
        const tree = fromWikitext(value)
        // Slices are defined over a lossless tree; the round trip is the parser's own property.
        fc.pre(toWikitext(tree) === value)
        for (const block of codeBlocksOf(tree, { profile: archwiki })) {
          expect(block.text.trim()).not.toBe('')
          const span = block.body ?? block.span
          const expected = block.body
            ? block.raw
            : block.raw
                .split('\n')
                .map((line) => ` ${line}`)
                .join('\n')
          expect(block.sliceable ? value.slice(span.start, span.end) : expected).toBe(expected)
        }
        for (const found of admonitionsOf(tree, { profile: archwiki })) {
          expect(found.raw).not.toBe('')
          expect(value.slice(found.body.start, found.body.end)).toBe(found.raw)
        }
      }),
      runs,
    )
  })

  it('fence only commands() blocks; balance fences; start no line with # but headings', () => {
    fc.assert(
      fc.property(wikitext, (value) => {
        const tree = fromWikitext(value)
        const texts = codeBlocksOf(tree, { profile: archwiki }).map((block) => block.text)
        const raw: string[] = []
        const fences: string[] = []
        const stack: RootContent[] = [...toMdast(tree, { profile: archwiki }).children]
        for (let node = stack.pop(); node; node = stack.pop()) {
          if (node.type === 'code') fences.push(node.value)
          if (node.type === 'html') raw.push(node.value)
          if ('children' in node) stack.push(...(node.children as RootContent[]))
        }
        expect(fences.filter((fence) => !texts.includes(fence))).toEqual([])
        let open: string | null = null
        const stray: string[] = []
        for (const line of toMarkdown(tree, { profile: archwiki }).split('\n')) {
          const fence = /^\s*(?:(?:[-*+]|\d+[.)])\s+)*(`{3,}|~{3,})/.exec(line)?.[1]
          if (open !== null) {
            if (fence && fence[0] === open[0] && fence.length >= open.length) open = null
          } else if (fence) {
            open = fence
          } else if (
            line.trimStart().startsWith('#') &&
            !/^#{1,6}( |$)/.test(line) &&
            !raw.some((value) => value.includes(line.trim()))
          ) {
            stray.push(line)
          }
        }
        expect(open).toBeNull()
        expect(stray).toEqual([])
      }),
      runs,
    )
  })
})
