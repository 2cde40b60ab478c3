import { describe, expect, it } from 'vitest'
import { defineSite, fromWikitext } from '@wiki/wikitext-parser'
import { parse } from '../helpers/parse-checked.js'
import { top } from '../helpers/sketch.js'

describe('extension and inclusion tags', () => {
  it('closes an extension tag at the first closer, unnested', () => {
    const [tag, rest] = parse('<pre>a<pre>b</pre>c</pre >').children
    expect(tag).toMatchObject({ type: 'extensionTag', name: 'pre', value: 'a<pre>b' })
    expect(rest).toMatchObject({ type: 'text', value: 'c</pre >' })
    expect(parse('<pre>a</pre >').children[0]).toMatchObject({ closeTag: '</pre >' })
    expect(parse('<pre>a</ pre>').children.map((node) => node.type)).toEqual(['text'])
  })

  it('reads an extension tag without its closing tag as literal text, attributes included', () => {
    // MediaWiki's preprocessor goes on after the tag: its `=` names no parameter.
    const [template] = parse('{{a|<ref name="x">b}}').children
    if (template?.type !== 'template') throw new Error('expected a template')
    expect(template.children[1]).toMatchObject({ name: null, index: 1 })
    expect(top('<ref name="{{b}}">')).toEqual(['<ref name="{{b}}">'])
  })

  it('parses wikitext tags and keeps opaque ones raw', () => {
    const [ref] = parse('<ref name="x">see [[a]]</ref>').children
    if (ref?.type !== 'extensionTag') throw new Error('expected a tag')
    expect(ref.value).toBeNull()
    expect(ref.children.map((node) => node.type)).toEqual(['text', 'internalLink'])
    expect(parse('<nowiki>[[a]]</nowiki>').children[0]).toMatchObject({ value: '[[a]]' })
    expect(parse('<ref name=x />').children[0]).toMatchObject({ selfClosing: true })
  })

  it('reads an unregistered tag as text, and registered ones by site', () => {
    const site = defineSite({ extensionTags: { nowiki: 'opaque' } })
    expect(fromWikitext('<ref>a</ref>', { site }).children.map((node) => node.type)).toEqual([
      'text',
    ])
  })

  it('keeps inclusion tags as their own nodes', () => {
    expect(
      parse('a<noinclude>b</noinclude><includeonly>c</includeonly>').children.map((n) => n.type),
    ).toEqual(['text', 'inclusionTag', 'text', 'inclusionTag', 'inclusionTag'])
  })
})
