import { describe, expect, it } from 'vitest'
import { toWikitext, type Node } from '@wiki/wikitext-parser'
import { parse } from '../helpers/parse-checked.js'
import { sketch, top } from '../helpers/sketch.js'

describe('templates and arguments', () => {
  it('matches a closing run against the innermost opener only', () => {
    expect(top('{{bc|menuentry "x" {entry options}}}')).toEqual([
      {
        'template:bc': [
          { templateName: ['bc'] },
          { templateParameter: ['menuentry "x" {entry options'] },
        ],
      },
      '}',
    ])
  })

  it('reads four braces as text, an argument and text', () => {
    expect(top('{{{{bc|x}}}}')).toEqual([
      '{',
      {
        'templateArgument:bc': [{ templateName: ['bc'] }, { templateParameter: ['x'] }],
      },
      '}',
    ])
  })

  it('leaves unmatched braces as text', () => {
    expect(top('{{{a}}')).toEqual(['{', { 'template:a': [{ templateName: ['a'] }] }])
    expect(top('{{a}}}}}')).toEqual([{ 'template:a': [{ templateName: ['a'] }] }, '}}}'])
  })

  it('names a template by an argument inside five braces', () => {
    const [node] = parse('{{{{{a}}}}}').children
    expect(node?.type).toBe('template')
    expect(sketch(node as Node)).toEqual({
      'template:{{{a}}}': [{ templateName: [{ 'templateArgument:a': [{ templateName: ['a'] }] }] }],
    })
  })

  it('hides pipes and closers inside [[ ]] and -{ }-', () => {
    expect(top('{{a|[[b}}]]}}')).toEqual([
      { 'template:a': [{ templateName: ['a'] }, { templateParameter: ['[[b}}]]'] }] },
    ])
    expect(top('{{a|[[b|c}}')).toEqual(['{{a|[[b|c}}'])
    expect(top('[[a|{{b|c]]}}')).toEqual([
      '[[a|',
      { 'template:b': [{ templateName: ['b'] }, { templateParameter: ['c]]'] }] },
    ])
    const [template] = parse('{{a|-{b|c}-}}').children
    expect(template?.type === 'template' && template.children.length).toBe(2)
  })

  it('closes a run of [ two at a time, so the pairs still open hide | and }} as in MediaWiki', () => {
    expect(top('{{a|[[[[b]]|c}}')).toEqual([
      '{{a|[[',
      { 'link:b': [{ linkTarget: ['b'] }] },
      '|c}}',
    ])
    expect(top('{{a|[[[b]]|c}}')).toEqual([
      {
        'template:a': [
          { templateName: ['a'] },
          // The pair closed: `|c` is the template's. Its text is no link (`[[[b]]` is text).
          { templateParameter: ['[[[b]]'] },
          { templateParameter: ['c'] },
        ],
      },
    ])
    expect(top('[[[[a]] b]]')).toEqual(['[[', { 'link:a': [{ linkTarget: ['a'] }] }, ' b]]'])
  })

  it('splits parameters on top-level pipes and names them at the first =', () => {
    const [template] = parse('{{a|b=c=d|[[x|y=z]]| e }}').children
    if (template?.type !== 'template') throw new Error('expected a template')
    const [, first, second, third] = template.children
    expect(first).toMatchObject({ name: 'b', index: null, delimiter: '|' })
    expect(first && toWikitext(first)).toBe('|b=c=d')
    expect(first?.valuePosition.start.offset).toBe(6)
    expect(second).toMatchObject({ name: null, index: 1 })
    expect(third).toMatchObject({ name: null, index: 2 })
  })

  it('tells parser functions and magic words from templates', () => {
    const [fn, word, template, subst] = parse(
      '{{#if:x|a|b}}{{PAGENAME}}{{ Foo_bar }}{{subst:x}}',
    ).children
    expect(fn).toMatchObject({ type: 'parserFunction', name: '#if' })
    if (fn?.type !== 'parserFunction') throw new Error('expected a parser function')
    expect(fn.children[1]).toMatchObject({ delimiter: ':', index: 1 })
    expect(word).toMatchObject({ type: 'magicWord', name: 'PAGENAME' })
    expect(template).toMatchObject({ type: 'template', name: 'Foo bar' })
    expect(subst).toMatchObject({ type: 'template', name: 'x', modifier: 'subst:' })
  })

  it('drops comments from names', () => {
    expect(parse('{{a<!-- c -->b}}').children[0]).toMatchObject({ name: 'ab' })
  })
})
