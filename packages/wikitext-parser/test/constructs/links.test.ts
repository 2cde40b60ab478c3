import { describe, expect, it } from 'vitest'
import { toWikitext } from '@wiki/wikitext-parser'
import { allNodes } from '../helpers/invariants.js'
import { parse } from '../helpers/parse-checked.js'
import { sketch, top } from '../helpers/sketch.js'

describe('internal links', () => {
  it('reads a link’s text, a caption’s too, without line-start markup, as MediaWiki does', () => {
    const parameterOf = (input: string): unknown =>
      parse(input).children.flatMap((node) =>
        node.type === 'internalLink' ? node.children.slice(1).map((part) => part.children) : [],
      )
    expect(parameterOf('[[a| b]]')).toMatchObject([[{ type: 'text', value: ' b' }]])
    expect(parameterOf('[[a|* b]]')).toMatchObject([[{ type: 'text', value: '* b' }]])
    expect(parameterOf('[[a|b\n c]]')).toMatchObject([[{ type: 'text', value: 'b\n c' }]])
    expect(parameterOf('[[File:F.png|thumb|b\n* c]]')).toMatchObject([
      [{ type: 'text', value: 'thumb' }],
      [{ type: 'text', value: 'b\n* c' }],
    ])
  })

  it('reads targets, text, namespaces and trails', () => {
    const [link] = parse('[[Foo_bar#Sec|the text]]s.').children
    expect(link).toMatchObject({
      type: 'internalLink',
      target: 'Foo bar',
      fragment: 'Sec',
      kind: 'page',
      trail: 's',
    })
    expect(parse('[[File:X.png|thumb|a [[b]] c]]').children[0]).toMatchObject({
      kind: 'file',
      namespace: 'File',
    })
    expect(parse('[[Category:Y]]').children[0]).toMatchObject({ kind: 'category' })
    expect(parse('[[:Category:Y]]').children[0]).toMatchObject({
      kind: 'page',
      namespace: 'Category',
    })
    expect(parse('[[a|b]]cé').children.map(sketch)).toEqual([
      { 'link:a': [{ linkTarget: ['a'] }, { linkParameter: ['b'] }] },
      'é',
    ])
  })

  it('leaves invalid targets and links in link text as text', () => {
    for (const input of ['[[ ]]', '[[a<b]]', '[[a]b]]']) {
      expect(allNodes(parse(input)).some((node) => node.type === 'internalLink')).toBe(false)
    }
    const tree = parse('[[a|x [[b]] y]]')
    expect(allNodes(tree).filter((node) => node.type === 'internalLink')).toMatchObject([
      { target: 'b' },
    ])
  })

  it('keeps one ] in link text that holds [ (handleInternalLinks2)', () => {
    const [link] = parse('[[#General options|[options]]]').children
    expect(link).toMatchObject({ type: 'internalLink', fragment: 'General options' })
    expect(link && toWikitext(link)).toBe('[[#General options|[options]]]')
  })

  it('needs a character after the first pipe, as MediaWiki’s link pattern does', () => {
    const links = (input: string): number =>
      allNodes(parse(input)).filter((node) => node.type === 'internalLink').length
    // The pipe trick is expanded by saving only; a stored `[[a|]]` is text.
    expect(links('[[a|]] [[b|<!-- c -->]] [[Category:C|]] [[File:D.png|]]')).toBe(0)
    expect(links('[[a| ]] [[b||]] [[c|{{d}}]]')).toBe(3)
    // With a third `]`, that `]` is the character: the link shows `]`.
    expect(top('[[a|]]]s')).toEqual([
      { 'link:a': [{ linkTarget: ['a'] }, { linkParameter: [']'] }] },
    ])
    expect(links('[[b|<!-- c -->]]] [[Category:C|]]]')).toBe(2)
  })

  it('splits a run of [ at each [[ from the left, so an odd run makes no link', () => {
    expect(top('[[[a|b]] c')).toEqual(['[[[a|b]] c'])
    expect(top('x [[[a]]]')).toEqual(['x [[[a]]]'])
    expect(top('[[[[a]]]]')).toEqual(['[[', { 'link:a': [{ linkTarget: ['a'] }] }, ']]'])
    expect(top('[[[[[a]]]]]')).toEqual(['[[[[[a]]]]]'])
    expect(top('[[[a]] [[b]]]')).toEqual(['[[[a]] ', { 'link:b': [{ linkTarget: ['b'] }] }, ']'])
  })
})
