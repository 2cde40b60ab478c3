import { describe, expect, it } from 'vitest'
import { sectionsOf, sectionSliceAt, toWikitext } from '@wiki/wikitext-parser'
import { allNodes } from '../helpers/invariants.js'
import { parse } from '../helpers/parse-checked.js'

// Each case's MediaWiki output was read from `action=parse` of MediaWiki 1.39 (the e2e suite
// mediawiki-edge-classes compares generated inputs of each class the same way).
const listed = (input: string): string[] =>
  sectionsOf(parse(input)).map((s) => `${s.level} ${s.title} ${s.index ?? '-'}`)

describe('headings on lines with inclusion tags', () => {
  it('reads a heading led or ended by inclusion tags, without a section index', () => {
    // MediaWiki: `<h2>a</h2>`, section index '' and byteoffset null.
    expect(listed('== a ==<noinclude>\nx\n</noinclude>')).toEqual(['2 a -'])
    expect(listed('<noinclude>== a ==</noinclude>')).toEqual(['2 a -'])
    expect(listed('== a ==<includeonly>\nx\n</includeonly>')).toEqual(['2 a -'])
    expect(listed('== a ==<onlyinclude>\nx\n</onlyinclude>')).toEqual(['2 a -'])
    expect(listed('<includeonly>x</includeonly>== a ==')).toEqual(['2 a -'])
    expect(listed('<!-- c --><noinclude>== a ==')).toEqual(['2 a -'])
    expect(listed('== a == <noinclude/> <!-- c -->  ')).toEqual(['2 a -'])
    expect(listed('== a ==<includeonly>')).toEqual(['2 a -'])
  })

  it('keeps the tags in the heading’s trail, and the next heading its index', () => {
    const tree = parse('== a ==<noinclude/>\n== b ==')
    const headings = allNodes(tree).filter((node) => node.type === 'heading')
    expect(
      headings.map((node) => node.type === 'heading' && [node.trail, node.sectionIndex]),
    ).toEqual([
      ['<noinclude/>', null],
      ['', 1],
    ])
    expect(toWikitext(headings[0] as never)).toBe('== a ==<noinclude/>')
  })

  it('leaves lines whose text after the tags is not a heading', () => {
    // MediaWiki renders `== a ==x` and `== a ==y` as text.
    expect(listed('== a ==<noinclude>x</noinclude>')).toEqual([])
    expect(listed('== a ==<includeonly>x</includeonly>y')).toEqual([])
    // A space before the tag makes the line preformatted.
    expect(listed(' <noinclude>== a ==')).toEqual([])
    // A tag on its own line before the heading leaves it indexed.
    expect(listed('<noinclude>\n== a ==\n</noinclude>')).toEqual(['2 a 1'])
    expect(listed('==<noinclude>a</noinclude>==')).toEqual(['2 a 1'])
  })
})

describe('headings in file captions', () => {
  it('lists a heading in a framed image’s caption with its index', () => {
    // MediaWiki: section 1 at byteoffset 20, then U as section 2.
    const page = '[[File:X.jpg|thumb|\n== T ==\n]]\n== U =='
    expect(listed(page)).toEqual(['2 T 1', '2 U 2'])
    expect(
      sectionSliceAt(page, { codePointOffset: 20, level: 2, nextCodePointOffset: 31 }),
    ).toEqual({ start: 20, end: 31 })
    expect(listed('[[Media:X.jpg|\n== T ==\n|a]]')).toEqual(['2 T 1'])
    expect(listed('[[File:X.jpg|\n== T ==\n|thumb]]')).toEqual(['2 T 1'])
    expect(listed('[[File:X.jpg|thumb|\n== T ==\n|100px|upright=1.5|alt=a]]')).toEqual(['2 T 1'])
  })

  it('lists none where the caption is an attribute or not the caption', () => {
    // No frame: the caption is a title attribute. A later non-option is the caption.
    expect(listed('[[File:X.jpg|\n== T ==\n]]')).toEqual([])
    expect(listed('[[File:X.jpg|left|\n== T ==\n]]')).toEqual([])
    expect(listed('[[File:X.jpg|thumb|\n== T ==\n|other]]')).toEqual([])
    // The first frame option wins; `frameless` after `thumb` is caption text.
    expect(listed('[[File:X.jpg|frameless|thumb|\n== T ==\n]]')).toEqual([])
    // Options are case-sensitive; `page=` is a caption for a bitmap.
    expect(listed('[[File:X.jpg|thumb|\n== T ==\n|Left]]')).toEqual([])
    expect(listed('[[File:X.jpg|thumb|\n== T ==\n|page=2]]')).toEqual([])
    // A page link's text is not the page's own text, nor is an escaped file link's.
    expect(listed('[[Foo|\n== T ==\n]]')).toEqual([])
    expect(listed('[[:File:X.jpg|thumb|\n== T ==\n]]')).toEqual([])
  })
})

describe('headings in braces MediaWiki prints as written', () => {
  it('lists headings in a template whose name is no title, unindexed', () => {
    // MediaWiki: `{{foo\n== a ==\n}}` is text (a line break in the name), its heading rendered
    // with index '' and byteoffset null; the next heading keeps its number.
    expect(listed('{{foo\n== a ==\n}}')).toEqual(['2 a -'])
    expect(listed('{{foo\n= a =\n}}\n<!-- c -->== b ==\n=== c ===')).toEqual([
      '1 a -',
      '2 b -',
      '3 c 2',
    ])
    expect(listed('{{{foo\n=== a ===\n}}}')).toEqual(['3 a -'])
  })

  it('lists none in a template that is one', () => {
    expect(listed('{{foo|\n== a ==\n}}')).toEqual([])
    expect(listed('{{foo\n|\n== a ==\n}}')).toEqual([])
  })
})

describe('headings on lines led by a comment inside a construct', () => {
  it('lists them where MediaWiki prints the construct, unindexed', () => {
    // MediaWiki: the comment-led heading has index '' and byteoffset null; the others number on.
    expect(listed('[[File:X.jpg|thumb|\n<!-- c -->== T ==\n]]\n== U ==')).toEqual([
      '2 T -',
      '2 U 1',
    ])
    expect(listed('[[File:X.jpg|\n<!-- c -->== T ==\n= W =\n|thumbnail]]')).toEqual([
      '2 T -',
      '1 W 1',
    ])
    expect(listed('[[Media:X.jpg|100px|\n<!-- c -->== U v ==\n]]')).toEqual(['2 U v -'])
    expect(listed('{{foo\n\n<!-- c -->== a ==\n}}\n== b ==')).toEqual(['2 a -', '2 b 1'])
    expect(listed('{{foo\nbar\n<!-- c -->== a ==\n|k=v}}')).toEqual(['2 a -'])
  })

  it('lists none where the line goes on past a `|` or the closer, or is not shown', () => {
    expect(listed('[[File:X.jpg|thumb|\n<!-- c -->== T ==|left]]')).toEqual([])
    expect(listed('{{foo\n<!-- c -->== a ==}}')).toEqual([])
    expect(listed('[[File:X.jpg|left|\n<!-- c -->== T ==\n]]')).toEqual([])
    expect(listed('{{foo|\n<!-- c -->== a ==\n}}')).toEqual([])
  })

  it('keeps each `|` and `=` splitting the construct as before', () => {
    const tree = parse('{{foo|k=v\n<!-- c -->== a ==\ny|b=c|g=h\n<!-- c -->== i ==\n|f}}')
    const template = tree.children[0]
    expect(template?.type).toBe('template')
    const parameters =
      template?.type === 'template'
        ? template.children.slice(1).map((child) => ('name' in child ? child.name : null))
        : []
    expect(parameters).toEqual(['k', 'b', 'g', null])
    const headings = allNodes(tree).filter((node) => node.type === 'heading')
    expect(headings.map((node) => toWikitext(node))).toEqual(['== a ==', '== i =='])
    // A part's first `=` names it, though a comment leads its line.
    const named = parse('{{foo|\n<!-- c -->== a ==\n}}').children[0]
    expect(named?.type === 'template' && named.children[1]?.name).toBe('')
  })
})

describe('headings after a redirect', () => {
  it('slices MediaWiki’s offsets, which count from after the redirect line', () => {
    // MediaWiki parses only the text after `#REDIRECT [[Foo]]` and its whitespace: byteoffsets
    // 11 and 19 (from the comment), and 0 for a heading right after the line.
    const page = '#REDIRECT [[Foo]] <!-- c -->\n== a ==\n== b =='
    const a = page.indexOf('== a')
    const b = page.indexOf('== b')
    expect(
      sectionSliceAt(page, { codePointOffset: 11, level: 2, nextCodePointOffset: 19 }),
    ).toEqual({ start: a, end: b })
    expect(
      sectionSliceAt(page, { codePointOffset: 19, level: 2, nextCodePointOffset: null }),
    ).toEqual({ start: b, end: page.length })
    expect(
      sectionSliceAt('#REDIRECT [[Foo]]\n== a ==', {
        codePointOffset: 0,
        level: 2,
        nextCodePointOffset: null,
      }),
    ).toEqual({ start: 18, end: 25 })
    expect(
      sectionSliceAt('  #Redirect [[Foo]]x\n== a ==', {
        codePointOffset: 2,
        level: 2,
        nextCodePointOffset: null,
      }),
    ).toEqual({ start: 21, end: 28 })
    // Without a redirect, offsets count from the start.
    expect(
      sectionSliceAt('#REDIRECT <!-- c -->[[Foo]]\n== a ==', {
        codePointOffset: 28,
        level: 2,
        nextCodePointOffset: null,
      }),
    ).toEqual({ start: 28, end: 35 })
  })
})
