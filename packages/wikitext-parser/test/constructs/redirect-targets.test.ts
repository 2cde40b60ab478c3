import { describe, expect, it } from 'vitest'
import { linksOf, type InternalLink } from '@wiki/wikitext-parser'
import { allNodes } from '../helpers/invariants.js'
import { parse } from '../helpers/parse-checked.js'

// Each case's MediaWiki output was read from `action=parse` of MediaWiki 1.39 (`links`,
// `categories`): the e2e suite mediawiki-edge-classes compares generated inputs the same way.
describe('redirect targets', () => {
  it('links a redirect to a category or file as a page, with no trail', () => {
    // MediaWiki: links ["Category:Foo"], no category; the `x` after it is text of its own.
    const tree = parse('#REDIRECT [[Category:Foo]]x')
    const [redirect, rest] = tree.children
    expect(redirect?.type).toBe('redirect')
    const link = allNodes(tree).find((node): node is InternalLink => node.type === 'internalLink')
    expect(link && [link.kind, link.namespace, link.trail, link.position.end.offset]).toEqual([
      'page',
      'Category',
      '',
      26,
    ])
    expect(rest?.type === 'text' && rest.value).toBe('x')
    expect(
      allNodes(parse('#REDIRECT [[File:X.jpg]]')).find((node) => node.type === 'internalLink'),
    ).toMatchObject({ kind: 'page' })
  })
})

describe('a file link’s link= option', () => {
  const targets = (input: string): (string | null)[][] =>
    linksOf(parse(input), { excludedPrefixes: new Set(['file']) }).map((link) => [
      link.target,
      link.anchor,
      link.option,
    ])

  it('is a link to the page it names', () => {
    // MediaWiki: links ["Foo"], ["Foo", "Bar"], ["Category:Foo"].
    expect(targets('[[File:X.jpg|link=Foo]]')).toEqual([['Foo', null, 'link']])
    expect(targets('[[File:X.jpg|link=Foo|link=Bar#a]]')).toEqual([
      ['Foo', null, 'link'],
      ['Bar', 'a', 'link'],
    ])
    expect(targets('[[File:X.jpg|thumb|link=:Category:Foo|[[Baz]]]]')).toEqual([
      ['Category:Foo', null, 'link'],
      ['Baz', null, null],
    ])
  })

  it('is none when empty, a URL, no title, spaced, or on a media link', () => {
    expect(targets('[[File:X.jpg|link=]]')).toEqual([])
    expect(targets('[[File:X.jpg|link=http://x.y]]')).toEqual([])
    expect(targets('[[File:X.jpg|link=../x]]')).toEqual([])
    expect(targets('[[File:X.jpg| link = Foo ]]')).toEqual([])
    expect(targets('[[Media:X.jpg|link=Foo]]')).toEqual([['Media:X.jpg', null, null]])
  })
})
