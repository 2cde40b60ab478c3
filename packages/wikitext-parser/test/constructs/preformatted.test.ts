import { describe, expect, it } from 'vitest'
import { toWikitext } from '@wiki/wikitext-parser'
import { allNodes } from '../helpers/invariants.js'
import { parse } from '../helpers/parse-checked.js'
import { top } from '../helpers/sketch.js'

describe('preformatted lines', () => {
  it('reads preformatted lines, rules and behaviour switches', () => {
    expect(top(' a\n b\nc')).toEqual([{ preformatted: [' a\n b'] }, '\nc'])
    expect(top('----x\n__TOC__')).toEqual(['horizontalRule', 'x\n', 'behaviorSwitch:TOC'])
  })

  it('reads block-level HTML tags as MediaWiki’s block pass does before making preformatted lines', () => {
    const preformatted = (input: string): string[] =>
      allNodes(parse(input)).flatMap((node) =>
        node.type === 'preformatted' ? [toWikitext(node)] : [],
      )
    // None inside a blockquote, nor after an unclosed p (until a line closes it), nor on a
    // line holding such a tag.
    expect(preformatted('<blockquote>\n a\n</blockquote>\n b')).toEqual([' b'])
    expect(preformatted('<p>\n a\n</p>\n b')).toEqual([' b'])
    expect(preformatted(' <div>x\n y')).toEqual([' y'])
    // A div never keeps them out; a heading or a rule ends an unclosed p's hold.
    expect(preformatted('<div>\n a\n</div>')).toEqual([' a'])
    expect(preformatted('<p>\n== H ==\n a')).toEqual([' a'])
    expect(preformatted('<p>\n----\n a')).toEqual([' a'])
    // A heading's line is read with its tags: a blockquote opened there holds the lines after it
    // (one in a link's text is not on the line yet when MediaWiki reads it).
    expect(preformatted("== <blockquote> ==\n a\n== ''</blockquote>'' ==\n b")).toEqual([' b'])
    expect(preformatted('== [[p|<blockquote>]] ==\n a')).toEqual([' a'])
    // MediaWiki puts an extension tag's HTML back before reading lines: a `<pre>` or
    // `<gallery>` is a block tag there, a `<nowiki>` is not.
    expect(preformatted(' <pre>p</pre>\n a')).toEqual([' a'])
    expect(preformatted(' x <gallery>\nF.png\n</gallery>')).toEqual([])
    expect(preformatted(' v <nowiki>w</nowiki>')).toEqual([' v <nowiki>w</nowiki>'])
    // A framed or floated image is a `<div>` there; an inline one is not.
    expect(preformatted(' a [[File:F.png|thumb|c]]\n b [[File:F.png|left ]]')).toEqual([])
    expect(preformatted(' c [[File:F.png|frameless]]\n d [[File:F.png|Thumb]]')).toEqual([
      ' c [[File:F.png|frameless]]\n d [[File:F.png|Thumb]]',
    ])
  })
})
