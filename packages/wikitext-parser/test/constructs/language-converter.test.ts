import { describe, expect, it } from 'vitest'
import { parse } from '../helpers/parse-checked.js'
import { top } from '../helpers/sketch.js'

describe('language-converter markup', () => {
  it('reads -{{ as - then braces: the rightmost opener wins, as in MediaWiki', () => {
    expect(top('-{{a}}')).toEqual(['-', { 'template:a': [{ templateName: ['a'] }] }])
    expect(top('-{{{a}}}-')).toEqual([
      '-',
      { 'templateArgument:a': [{ templateName: ['a'] }] },
      '-',
    ])
    expect(top('-{a}-')).toEqual(['-{a}-'])
    // A brace left over from the run joins the `-` into a `-{`, which hides `|c}}` from `{{a`.
    expect(top('{{a|-{{{{b}}}|c}}')).toEqual([
      '{{a|-{',
      { 'templateArgument:b': [{ templateName: ['b'] }] },
      '|c}}',
    ])
    expect(top('-{{{{x}}}}')).toEqual([
      '-{',
      { 'templateArgument:x': [{ templateName: ['x'] }] },
      '}',
    ])
  })

  it('reads a lone = at a line start in a part of -{ as that part’s =, not a heading', () => {
    const types = (input: string): string[] => parse(input).children.map((node) => node.type)
    expect(types('-{a|\n=b=\n}-')).toEqual(['text'])
    expect(types('-{a\n=b=\n}-')).toEqual(['text', 'heading', 'text'])
  })
})
