import fc from 'fast-check'
import type { PhrasingContent, Root, RootContent } from 'mdast'
import remarkStringify from 'remark-stringify'
import { unified } from 'unified'
import { describe, expect, it } from 'vitest'
import { escapeText } from '../src/lib/markdown/escape-text.js'
import { serializerSettings as settings } from '../src/lib/markdown/to-markdown.js'

// The renderer's settings; the handler must give the library's bytes whatever they are.
const library = unified().use(remarkStringify, settings).freeze()
const ours = unified()
  .use(remarkStringify, { ...settings, handlers: { text: escapeText } })
  .freeze()

// Texts made of what Markdown escaping cares about: every ASCII punctuation character, digits
// before `.` and `)`, line breaks, spaces and tabs at their edges, backslashes, non-ASCII.
const fragment = fc.constantFrom(
  ...'!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~'.split(''),
  ...['1.', '2)', '10.', '\n', '\r\n', '\r', ' ', '  ', '\t', 'a', 'word', 'é', '💩', 'http:'],
  ...['- ', '+ ', '* ', '# ', '> ', '=', '~~~', '```', '<a', '&amp;', '&#', '![', '](', '\\*'],
)
const text = fc.array(fragment, { minLength: 1, maxLength: 12 }).map((parts) => parts.join(''))
const phrasing: fc.Arbitrary<PhrasingContent> = fc.oneof(
  text.map((value): PhrasingContent => ({ type: 'text', value })),
  text.map((value): PhrasingContent => ({ type: 'inlineCode', value })),
  fc.array(text, { minLength: 1, maxLength: 3 }).map((values): PhrasingContent => ({
    type: 'emphasis',
    children: values.map((value) => ({ type: 'text', value })),
  })),
  fc.tuple(text, text).map(([value, url]): PhrasingContent => ({
    type: 'link',
    url,
    children: [{ type: 'text', value }],
  })),
)
const paragraph = fc
  .array(phrasing, { minLength: 1, maxLength: 6 })
  .map((children): RootContent => ({ type: 'paragraph', children }))
const block: fc.Arbitrary<RootContent> = fc.oneof(
  paragraph,
  fc
    .array(phrasing, { minLength: 1, maxLength: 4 })
    .map((children): RootContent => ({ type: 'heading', depth: 2, children })),
  fc.array(paragraph, { minLength: 1, maxLength: 3 }).map((items): RootContent => ({
    type: 'list',
    ordered: false,
    children: items.map((item) => ({
      type: 'listItem',
      children: [item as Extract<RootContent, { type: 'paragraph' }>],
    })),
  })),
  fc.array(paragraph, { minLength: 1, maxLength: 2 }).map((children): RootContent => ({
    type: 'blockquote',
    children: children as Extract<RootContent, { type: 'paragraph' }>[],
  })),
)
const tree = fc
  .array(block, { minLength: 1, maxLength: 4 })
  .map((children): Root => ({ type: 'root', children }))

describe('escapeText', () => {
  it('serializes exactly as the library’s own text handler', () => {
    fc.assert(
      fc.property(tree, (root) => {
        expect(ours.stringify(root)).toBe(library.stringify(root))
      }),
      { numRuns: 2000 },
    )
  })

  it('still escapes what needs it and leaves plain text alone', () => {
    const paragraph = (value: string): Root => ({
      type: 'root',
      children: [{ type: 'paragraph', children: [{ type: 'text', value }] }],
    })
    expect(ours.stringify(paragraph('plain words, no markup'))).toBe('plain words, no markup\n')
    expect(ours.stringify(paragraph('1. not a list'))).toBe('1\\. not a list\n')
    expect(ours.stringify(paragraph('a *b* [c]'))).toBe('a \\*b\\* \\[c]\n')
    expect(ours.stringify(paragraph('back\\slash \\*'))).toBe(
      library.stringify(paragraph('back\\slash \\*')),
    )
  })
})
