import { describe, expect, it } from 'vitest'
import { toWikitext } from '@wiki/wikitext-parser'
import { allNodes } from '../helpers/invariants.js'
import { parse } from '../helpers/parse-checked.js'
import { top } from '../helpers/sketch.js'

describe('lists', () => {
  it('nests lists by common prefix', () => {
    expect(top('*a\n**b\n*c\n#d\n')).toEqual([
      {
        list: [{ listItem: ['a\n', { list: [{ listItem: ['b'] }] }, '\n'] }, { listItem: ['c'] }],
      },
      '\n',
      { list: [{ listItem: ['d'] }] },
      '\n',
    ])
  })

  it('follows MediaWiki where ; and : meet', () => {
    const items = (input: string): unknown[] =>
      allNodes(parse(input))
        .filter((node) => node.type === 'list' || node.type === 'listItem')
        .map((node) =>
          node.type === 'listItem' ? `${node.kind}[${node.marker}]` : `list:${node.kind}`,
        )
    // A deeper line through a shared `:` ends the term: its list goes in a description.
    expect(items('; Term\n:* item')).toEqual([
      'list:definition',
      'term[;]',
      'description[]',
      'list:bullet',
      'bullet[:*]',
    ])
    // `;;a:b` splits at the first `;` opened; the second opens inside the description.
    expect(items(';; a : b')).toEqual([
      'list:definition',
      'term[;;]',
      'description[:]',
      'list:definition',
      'term[]',
    ])
    // A `;` never shares a depth with a different previous prefix: a new list starts.
    expect(parse(':* x\n; y').children.map((node) => node.type)).toEqual(['list', 'text', 'list'])
  })

  it('ends a term at a colon outside every element, as MediaWiki reads the line’s HTML', () => {
    const parts = (input: string): string[] =>
      allNodes(parse(input))
        .filter((node) => node.type === 'listItem')
        .map((node) => `${node.kind}:${toWikitext(node).trim()}`)
    // Apostrophes, external links and paired tags hide their colons; so does `-{ }-`.
    expect(parts("; ''a:b'' : c")).toEqual(["term:; ''a:b''", 'description:: c'])
    expect(parts('; [http://e.x t] : d')).toEqual(['term:; [http://e.x t]', 'description:: d'])
    expect(parts('; http://e.x : d')).toEqual(['term:; http://e.x', 'description:: d'])
    expect(parts('; a -{x:y}- : b')).toEqual(['term:; a -{x:y}-', 'description:: b'])
    // An unclosed start tag hides every colon after it, a close tag of any name ends one, and a
    // self-closed tag is none.
    expect(parts('; <span>a : b')).toEqual(['term:; <span>a : b'])
    expect(parts('; a<br>b : c')).toEqual(['term:; a<br>b : c'])
    expect(parts('; a<br/>b : c')).toEqual(['term:; a<br/>b', 'description:: c'])
    expect(parts('; <b>a</i> : c')).toEqual(['term:; <b>a</i>', 'description:: c'])
    // An apostrophe run left open at the line's end holds the rest.
    expect(parts("; ''a : b")).toEqual(["term:; ''a : b"])
  })

  it('splits ;term:description', () => {
    const tree = parse(';a:b')
    expect(allNodes(tree).filter((node) => node.type === 'listItem')).toMatchObject([
      { marker: ';', kind: 'term' },
      { marker: ':', kind: 'description' },
    ])
  })
})
