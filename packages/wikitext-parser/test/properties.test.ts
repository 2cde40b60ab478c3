import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { fromWikitext, sectionsOf, toWikitext, type Node } from '@wiki/wikitext-parser'
import { allNodes, invariantProblems } from './helpers/invariants.js'

// Syntax pieces joined at random reach the parser's corners far faster than random characters.
const pieces = [
  '{{',
  '}}',
  '{{{',
  '}}}',
  '|',
  '=',
  '==',
  '\n',
  '[[',
  ']]',
  '[',
  ']',
  "''",
  "'''",
  "'",
  '<!--',
  '-->',
  '<pre>',
  '</pre>',
  '<nowiki>',
  '</nowiki>',
  '<ref>',
  '</ref>',
  '<ref name=a/>',
  '{|',
  '|-',
  '|}',
  '||',
  '!',
  '*',
  '#',
  ':',
  ';',
  ' ',
  '----',
  '&nbsp;',
  '%41',
  'http://a.b',
  '-{',
  '}-',
  'é',
  '💩',
  'a',
  'b',
  '__TOC__',
  'File:',
  'Category:',
  '<noinclude>',
  '#if:',
  '_',
  // HTML tags, inline and block-level, and external links: apostrophes cross them, block tags
  // pair across lines, links are made while tags are single nodes.
  '<span>',
  '</span>',
  '<div>',
  '</div>',
  '<p>',
  '<blockquote>',
  '</blockquote>',
  '[http://a.b ',
  '\n|',
  '\n ',
  // Lines of only comments are part of the break before them; a line's leading comments too.
  '\n<!-- c -->\n',
  '<!-- c -->',
  '\t',
  // Table lines with an indent and captions among cells.
  '\n |',
  '\n|+',
]
const controls = ['\r', '\r\n', '\0', '\x7F', '\u2028', '\uD800', '\uDC00', '\uFEFF', '\t']
// More of every construct, for a broad sweep: more tags, links and line starts (table lines
// among them), which found lossless bugs the pieces above reached too rarely.
const broadPieces = [
  ...pieces,
  ...['!!', '//a.b', '</noinclude>', '<includeonly>', '<onlyinclude>', '<b>', '</b>', '<br/>'],
  ...[
    '<gallery>',
    '</gallery>',
    '<references/>',
    '<syntaxhighlight lang=sh>',
    '</syntaxhighlight>',
  ],
  ...['\n{|', '\n|-', '\n|}', '\n!', '\n*', '\n#', '\n;', '\n:', '\n==', '\n=', '\n:{|'],
  ...['[[File:a|b|c]]', '[[a|b]]', '[[a|]]', '{{a|b=c}}', '-{a|b}-', '\r', '<', '>', '&'],
]
const broad = fc
  .array(fc.constantFrom(...broadPieces), { maxLength: 80, size: 'max' })
  .map((parts) => parts.join(''))

const syntax = fc
  .array(fc.constantFrom(...pieces), { maxLength: 60 })
  .map((parts) => parts.join(''))
const withControls = fc
  .array(fc.constantFrom(...pieces, ...controls), { maxLength: 60 })
  .map((parts) => parts.join(''))

const runs = { numRuns: 1000 }

/** Problems with properties 1–3 for one input (empty when they hold). */
function treeProblems(input: string): string[] {
  const tree = fromWikitext(input)
  if (toWikitext(tree) !== input) return ['round trip differs']
  const problems = invariantProblems(tree, input)
  // Property 3: pre-order starts never decrease. Text is never empty.
  let last = 0
  for (const node of allNodes(tree)) {
    if (node.type === 'text' && node.value === '') problems.push('an empty text node')
    if (node.position.start.offset < last)
      problems.push(`${node.type} starts before its predecessor`)
    last = node.position.start.offset
  }
  return problems
}

describe('properties', () => {
  it('round-trips with exact positions: syntax pieces (properties 1–3)', () => {
    fc.assert(
      fc.property(syntax, (input) => {
        expect(treeProblems(input)).toEqual([])
      }),
      runs,
    )
  })

  it('round-trips with exact positions: a broad sweep of constructs', () => {
    fc.assert(
      fc.property(broad, (input) => {
        expect(treeProblems(input)).toEqual([])
      }),
      { numRuns: 20_000 },
    )
  })

  it('round-trips with exact positions: control characters and lone surrogates', () => {
    fc.assert(
      fc.property(withControls, (input) => {
        expect(treeProblems(input)).toEqual([])
      }),
      runs,
    )
  })

  it('never throws on arbitrary strings (property 4)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (input) => {
        expect(toWikitext(fromWikitext(input))).toBe(input)
      }),
      runs,
    )
  })

  it('gives contiguous section extents and distinct clean anchors (properties 5, 6)', () => {
    fc.assert(
      fc.property(withControls, (input) => {
        const sections = sectionsOf(input)
        const indexed = sections.filter((section) => section.index !== null)
        for (let index = 0; index < indexed.length; index++) {
          const section = indexed[index]
          const next = indexed[index + 1]
          expect(section?.end).toBe(next ? next.start : input.length)
        }
        const keys = sections.map((section) =>
          section.anchor.replace(/[A-Z]/gu, (c) => c.toLowerCase()),
        )
        expect(new Set(keys).size).toBe(keys.length)
        for (const section of sections) {
          expect(section.anchor).not.toMatch(/[ \t\n\f\r]/u)
          expect(section.linkAnchor).toBe(section.anchor.replace(/%([0-9A-Fa-f]{2})/gu, '%25$1'))
        }
      }),
      runs,
    )
  })

  it('is idempotent: parsing the serialised tree gives the same tree (property 7)', () => {
    fc.assert(
      fc.property(syntax, (input) => {
        const tree = fromWikitext(input)
        expect(fromWikitext(toWikitext(tree))).toEqual(tree)
      }),
      { numRuns: 300 },
    )
  })

  it('returns grammar-built constructs with their names, parameters and spans (property 9)', () => {
    const word = fc.stringMatching(/^[a-z][a-z0-9]{0,6}$/u)
    const { node } = fc.letrec<{ node: { text: string; check: (n: Node, input: string) => void } }>(
      (tie) => ({
        node: fc.oneof(
          { depthSize: 'small', withCrossShrink: true },
          word.map((text) => ({ text, check: (n: Node) => expect(n.type).toBe('text') })),
          fc
            .tuple(word, fc.array(fc.tuple(fc.option(word), tie('node')), { maxLength: 3 }))
            .map(([name, parameters]) => {
              const parts = parameters.map(
                ([key, value]) => `|${key === null ? '' : `${key}=`}${value.text}`,
              )
              return {
                text: `{{${name}${parts.join('')}}}`,
                check: (n: Node, input: string) => {
                  expect(n).toMatchObject({ type: 'template', name })
                  if (n.type !== 'template') return
                  const [, ...params] = n.children
                  expect(params.map((p) => p.name)).toEqual(parameters.map(([key]) => key))
                  params.forEach((param, index) => {
                    const value = parameters[index]?.[1].text ?? ''
                    const { start, end } = param.valuePosition
                    expect(input.slice(start.offset, end.offset)).toBe(value)
                  })
                },
              }
            }),
          fc.tuple(word, word).map(([target, text]) => ({
            text: `[[${target}|${text}]]`,
            check: (n: Node) => expect(n).toMatchObject({ type: 'internalLink', target }),
          })),
        ),
      }),
    )
    fc.assert(
      fc.property(node, ({ text, check }) => {
        const tree = fromWikitext(text)
        expect(tree.children).toHaveLength(1)
        check(tree.children[0] as Node, text)
      }),
      runs,
    )
  })
})
