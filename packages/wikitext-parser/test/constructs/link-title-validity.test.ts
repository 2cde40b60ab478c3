import { describe, expect, it } from 'vitest'
import { defaultSite, fromWikitext, type InternalLink } from '@wiki/wikitext-parser'
import { indexSite } from '../../src/lib/site-index.js'
import { validTitle } from '../../src/lib/valid-title.js'
import { allNodes } from '../helpers/invariants.js'
import { parse } from '../helpers/parse-checked.js'

// Each case's MediaWiki output was read from `action=parse` of MediaWiki 1.39 (the e2e suite
// mediawiki-edge-classes compares generated inputs of each class the same way).
const links = (input: string): InternalLink[] =>
  allNodes(parse(input)).filter((node): node is InternalLink => node.type === 'internalLink')

describe('link title validity', () => {
  it('leaves targets MediaWiki refuses as titles as text', () => {
    for (const target of [
      '../Foo',
      './Foo',
      'Foo/./bar',
      'Foo/../bar',
      '.',
      '..',
      'Foo/..',
      'Foo/.',
      '::Foo',
      'Talk::Foo',
      'Talk:',
      'Talk: ',
      'Talk:#a',
      'Category:',
      ':Category:',
      'File:',
      'Media:',
      'Foo&#124;bar',
      'Foo&#x7C;',
      'Foo&#91;',
      'Foo&lt;',
      'Foo&bogus;',
      'Foo&#0;',
      'Foo%7Cbar',
      'Foo%5Bbar',
      'Foo%3Cbar',
      'Foo%0A',
      'Foo%7F',
      'Foo%FF',
      'Foo%2541',
      'Foo<bar>',
      'Foo#<b>',
      'Foo#a>b',
      'Foo~~~bar',
      'Talk:Talk:Foo',
      'Talk:File:Foo',
      'x'.repeat(256),
      'é'.repeat(128),
    ]) {
      expect({ target, links: links(`[[${target}]]`).length }).toEqual({ target, links: 0 })
    }
  })

  it('links targets MediaWiki takes', () => {
    for (const target of [
      'Foo',
      '/Foo',
      ':Foo',
      '#',
      'Foo#',
      'Foo%',
      'Foo%zz',
      '%41',
      'Foo%C3%A9',
      'Foo&amp;',
      'Foo&nbsp;bar',
      'Foo~~bar',
      'User:Talk:Foo',
      'é'.repeat(127),
      'Foo#<bar>x>y',
    ]) {
      expect({ target, links: links(`[[${target}]]`).length }).toEqual({ target, links: 1 })
    }
  })

  it('links [[Foo#<bar>]] to Foo, the brackets in its fragment', () => {
    // MediaWiki: a link to Foo shown as `Foo#<bar>`: its sanitizer escaped the `<bar>` first.
    expect(links('[[Foo#<bar>]]').map(({ target, fragment }) => [target, fragment])).toEqual([
      ['Foo', '<bar>'],
    ])
    expect(
      links('[[Foo%23bar]] [[&#58;Foo]]').map(({ target, fragment }) => [target, fragment]),
    ).toEqual([
      ['Foo', 'bar'],
      ['&#58;Foo', null],
    ])
  })

  it('reads names as template names too', () => {
    const site = indexSite(defaultSite)
    expect(validTitle('foo\n== a ==', site, 'template')).toBe(false)
    expect(validTitle('#foo', site, 'template')).toBe(false)
    expect(validTitle('Foo#bar', site, 'template')).toBe(true)
    expect(validTitle('Foo%41', site, 'template')).toBe(false)
    expect(validTitle('Foo%41', site, 'link')).toBe(true)
    expect(validTitle(':Foo', site, 'page')).toBe(true)
  })
})

describe('links inside attributes', () => {
  it('makes no link inside an HTML tag, as MediaWiki escapes its brackets', () => {
    for (const input of [
      '<span title="[[Foo]]">x</span>',
      '<span title=[[Foo]]>x</span>',
      '<div class="a [[Foo|bar]] b">x</div>',
      '<span [[Category:C]]>x</span>',
      '<br title="[[Foo]]s">',
    ]) {
      expect({ input, links: links(input).length }).toEqual({ input, links: 0 })
    }
    const tree = fromWikitext('<span title="[[Foo]]">x</span>')
    expect(allNodes(tree).filter((node) => node.type === 'htmlTag')).toHaveLength(1)
  })

  it('links where no tag holds the brackets', () => {
    for (const input of [
      '<span title="[[Foo]]"',
      '<bogus title="[[Foo]]">',
      '<span title="a">[[Foo]]</span>',
      '<span title="[[Foo|<b>x</b>]]">',
    ]) {
      expect({ input, links: links(input).length }).toEqual({ input, links: 1 })
    }
  })

  it('makes no link in a table’s or row’s attributes, but in a cell', () => {
    expect(links('{| title="[[Foo]]"\n|a\n|}')).toEqual([])
    expect(links('{|\n|- class="[[Foo|bar]]s"\n| a\n|}')).toEqual([])
    expect(links('{|\n|- [[Foo]]\n| a\n|}')).toEqual([])
    expect(links('{|\n| title="[[Foo]]" | a\n|}')).toHaveLength(1)
  })
})
