import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  admonitionsOf,
  archwiki,
  fromWikitext,
  templatesOf,
  toWikitext,
  type Template,
} from '@wiki/wikitext-parser'

const templates = (wikitext: string) => templatesOf(fromWikitext(wikitext), { profile: archwiki })
const names = (wikitext: string) => templates(wikitext).map((call) => call.name)

describe('templatesOf', () => {
  it('lists every template in document order with its name, body and spans', () => {
    const wikitext = 'a {{Box| x {{Tip|y}} }} {{Expansion}} {{Note|}}'
    expect(templates(wikitext)).toEqual([
      { name: 'Box', raw: 'x {{Tip|y}}', span: { start: 2, end: 23 }, body: { start: 9, end: 20 } },
      { name: 'Tip', raw: 'y', span: { start: 11, end: 20 }, body: { start: 17, end: 18 } },
      { name: 'Expansion', raw: '', span: { start: 24, end: 37 }, body: null },
      { name: 'Note', raw: '', span: { start: 38, end: 47 }, body: { start: 45, end: 45 } },
    ])
    for (const call of templates(wikitext)) {
      expect(wikitext.slice(call.span.start, call.span.end)).toMatch(/^\{\{[\s\S]*\}\}$/)
      expect(call.body ? wikitext.slice(call.body.start, call.body.end) : '').toBe(call.raw)
    }
  })

  it('cuts the body as admonitions are cut: after the first top-level |, 1= stripped, Unicode-trimmed', () => {
    expect(templates('{{X|1=body}}')[0]?.raw).toBe('body')
    expect(templates('{{X| 1 = body}}')[0]?.raw).toBe('body')
    expect(templates('{{X|a|b=c|{{Y|d}}}}')[0]?.raw).toBe('a|b=c|{{Y|d}}')
    expect(templates('{{X|\u00A0\u3000\u2028\x1C body \u0085\u205F\n}}')[0]?.raw).toBe('body')
    // U+FEFF is outside the set (JavaScript's trim() would remove it).
    expect(templates('{{X|\uFEFFbody\uFEFF}}')[0]?.raw).toBe('\uFEFFbody\uFEFF')
    // Only a leading 1= is an index; a later one is text.
    expect(templates('{{X|a 1=b}}')[0]?.raw).toBe('a 1=b')
  })

  it('keeps the names as the tree holds them', () => {
    expect(names('{{note (Español)|a}}{{ Some_name |b}}{{Template:Box|c}}')).toEqual([
      'note (Español)',
      'Some name',
      'Template:Box',
    ])
  })

  it('skips comments, nowiki, opaque tags and code templates, contents included', () => {
    expect(
      names(
        '<!-- {{A|x}} --><nowiki>{{B|x}}</nowiki><pre>{{C|x}}</pre>{{bc|{{D|x}}}}{{hc|h|{{E|x}}}}{{F|x}}',
      ),
    ).toEqual(['F'])
  })

  it('searches parser functions, magic words and subst: calls without listing them', () => {
    expect(names('{{#if: x | {{A|y}} }}{{subst:B|{{C|z}}}}{{PAGENAME}}{{!}}')).toEqual(['A', 'C'])
  })

  it('agrees with admonitionsOf, which takes its templates from it', () => {
    const wikitext =
      "{{Note|a}}{{Box|{{Warning|1= b }}}}{{Attention|c}}{{Tip}}{{Caution|}}{{ic|''d''}}"
    const aliases = new Map([['Attention', 'WARNING' as const]])
    const admonitions = admonitionsOf(fromWikitext(wikitext), { profile: archwiki, aliases })
    expect(admonitions.map(({ name, raw, span, body }) => ({ name, raw, span, body }))).toEqual(
      templates(wikitext).filter((call) => ['Note', 'Warning', 'Attention'].includes(call.name)),
    )
  })

  it('lists 20,000 nested templates without rescanning bodies per level', () => {
    const n = 20_000
    const calls = templates('{{a|'.repeat(n) + 'x' + '}}'.repeat(n))
    expect(calls).toHaveLength(n)
    expect(calls.at(-1)?.raw).toBe('x')
    expect(calls[0]?.raw.length).toBe(n * 6 - 5)
  }, 60_000)

  // The reference cut, as admonitionsOf wrote it before the body scan replaced the regexes.
  const space =
    '\\t-\\r\\x1C-\\x20\\x85\\xA0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000'
  const referenceRaw = (node: Template, source: string): string => {
    const first = node.children[1]
    const last = node.children.at(-1)
    if (!first || !last) return ''
    return source
      .slice(first.position.start.offset + 1, last.position.end.offset)
      .replace(/^\s*1\s*=/, '')
      .replace(new RegExp(`^[${space}]+`), '')
      .replace(new RegExp(`[${space}]+$`), '')
  }

  it('cuts every body exactly as the reference regexes do, on any input', () => {
    const piece = fc.constantFrom(
      ...['{{X|', '{{bc|', '{{Note|', '{{', '}}', '|', '1=', ' 1 =', '=', '\n', ' ', '\t'],
      ...['\u00A0', '\u3000', '\u0085', '\uFEFF', '\x1C', '\u2029', '<!--', '-->', '<nowiki>'],
      ...['</nowiki>', '[[a|b', ']]', 'x', '💩'],
    )
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        const value = pieces.join('')
        const tree = fromWikitext(value)
        const source = toWikitext(tree)
        const nodes = new Map<number, Template>()
        const stack = [...tree.children]
        for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
          if (node.type === 'template') nodes.set(node.position.start.offset, node)
          if ('children' in node) stack.push(...node.children)
        }
        for (const call of templatesOf(tree, { profile: archwiki })) {
          const node = nodes.get(call.span.start) as Template
          expect(call.raw).toBe(referenceRaw(node, source))
          expect(call.body ? source.slice(call.body.start, call.body.end) : '').toBe(call.raw)
        }
      }),
      { numRuns: Number(process.env.FC_RUNS ?? 300) },
    )
  })
})
