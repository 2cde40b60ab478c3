import { describe, expect, it } from 'vitest'
import { toWikitext } from '@wiki/wikitext-parser'
import { allNodes } from '../helpers/invariants.js'
import { parse } from '../helpers/parse-checked.js'

describe('headings', () => {
  const headings = (input: string): unknown[] =>
    allNodes(parse(input))
      .filter((node) => node.type === 'heading')
      .map((node) => node.type === 'heading' && [node.depth, toWikitext(node), node.sectionIndex])

  it('reads levels from the shorter run, extra = as text', () => {
    expect(headings('==a=\n')).toEqual([[1, '==a=', 1]])
    expect(headings('=a\n')).toEqual([])
    expect(headings('===\n====\n=\n==\n')).toEqual([
      [1, '===', 1],
      [1, '====', 2],
    ])
    expect(headings('======a======\n=======b=======')).toEqual([
      [6, '======a======', 1],
      [6, '=======b=======', 2],
    ])
  })

  it('accepts spaces, tabs and comments after the closing run only', () => {
    expect(headings('==a== <!-- c --> \t\n')).toEqual([[2, '==a== <!-- c --> \t', 1]])
    expect(headings('==a== x\n==a==<!--x-->z\n')).toEqual([])
    // A comment never closed is no trailing comment: it runs to the end of the text.
    expect(headings('== a ==<!-- x')).toEqual([])
    expect(headings('== a ==<!-- c --><!-- d')).toEqual([])
    // A node after the closing run leaves the line no closing run at all.
    expect(headings('=== I ===[[x]]\n== a =={{b}}\n== a ==<ref>c</ref>\n')).toEqual([])
  })

  it('renders a line led by comments as a heading without a section index', () => {
    // MediaWiki's preprocessor wants `=` at the line's start, but its later heading pass reads
    // the text with comments gone: the heading is rendered and listed, with no index or offset.
    expect(headings('<!-- c -->== h ==\n== h ==\n')).toEqual([
      [2, '== h ==', null],
      [2, '== h ==', 1],
    ])
    expect(headings('a\n<!-- c --><!-- d -->=== x ===<!-- t -->')).toEqual([
      [3, '=== x ===<!-- t -->', null],
    ])
    // A space after the comments leaves a line led by a space, not a heading.
    expect(headings('<!-- c --> == k ==\n<!-- c -->x== k ==')).toEqual([])
  })

  it('renders a line a construct never closed runs over as a heading without a section index', () => {
    // MediaWiki's preprocessor leaves the line text when the `[[` or `{{` never closes; its
    // heading pass still finds the heading in that text.
    expect(headings('x\n== a [[b ==\ny\n== c ==\n== d {{e ==')).toEqual([
      [2, '== a [[b ==', null],
      [2, '== c ==', 1],
      [2, '== d {{e ==', null],
    ])
    expect(toWikitext(parse('x\n== a [[b ==\ny'))).toBe('x\n== a [[b ==\ny')
    // A construct closed on a later line leaves the line to what it expands to: no heading.
    expect(headings('== a {{b ==\nc}} [[d')).toEqual([])
    // So is a line led by comments inside a construct that never closes, or closes as text.
    expect(headings('{{a|\n<!-- c -->== h ==\nx\n[[<>\n<!-- d -->=== k ===\n]]')).toEqual([
      [2, '== h ==', null],
      [3, '=== k ===', null],
    ])
    // Inside a template that closes, its `=` names the parameter, as in MediaWiki.
    expect(headings('{{a|\n<!-- c -->== h ==\n}}')).toEqual([])
  })

  it('spans a template that breaks the line', () => {
    expect(headings('== a {{b|\nc}} ==\nx')).toEqual([[2, '== a {{b|\nc}} ==', 1]])
  })

  it('renders no heading a link or -{ }- carries over a line break, but counts its section', () => {
    // MediaWiki's heading pass reads one line at a time after the preprocessor, which numbered it.
    expect(headings('== [[a|b\nc]] ==\n== d ==\n')).toEqual([[2, '== d ==', 2]])
    expect(headings('== a -{b\nc}- ==\n== d ==\n')).toEqual([[2, '== d ==', 2]])
    expect(toWikitext(parse('== [[a|b\nc]] ==\nx'))).toBe('== [[a|b\nc]] ==\nx')
    // Comments are gone and tags are strip markers by then: one line.
    expect(headings('== a <!-- b\nc --> ==\n')).toEqual([[2, '== a <!-- b\nc --> ==', 1]])
    expect(headings('== a <nowiki>b\nc</nowiki> ==\n')).toEqual([
      [2, '== a <nowiki>b\nc</nowiki> ==', 1],
    ])
  })

  it('counts headings inside template parameters', () => {
    const tree = parse('{{x|\n== h ==\n}}\n== after ==\n')
    expect(headings(toWikitext(tree)).map((h) => (h as unknown[])[2])).toEqual([1, 2])
    expect(parse('{{a|\n=b=\n}}').children[0]).toMatchObject({
      type: 'template',
      children: [{}, { name: '' }],
    })
  })

  it('never reads headings inside comments or extension tags', () => {
    expect(headings('<!--\n== a ==\n-->\n<ref>\n== b ==\n</ref>')).toEqual([])
  })

  it('renders ==a==\\r as a heading without a section index', () => {
    expect(headings('==a==\r\nb')).toEqual([[2, '==a==\r', null]])
  })
})
