import { describe, expect, it } from 'vitest'
import {
  archwiki,
  defaultSite,
  defineSite,
  fromWikitext,
  templatesOf,
  toWikitext,
  WikitextParserError,
  type Content,
  type Node,
  type Root,
} from '@wiki/wikitext-parser'
import { allNodes, invariantProblems } from './helpers/invariants.js'

/** A compact picture of a tree: types with names, text as quoted strings. */
function sketch(node: Node): unknown {
  if (node.type === 'text') return node.value
  const label =
    'name' in node && typeof node.name === 'string' && node.type !== 'templateParameter'
      ? `${node.type}:${node.name}`
      : node.type === 'heading'
        ? `heading${node.depth}`
        : node.type === 'internalLink'
          ? `link:${node.target}`
          : node.type
  if (!('children' in node)) return label
  return { [label]: (node.children as Content[]).map(sketch) }
}

function parse(input: string): Root {
  const tree = fromWikitext(input)
  expect(toWikitext(tree)).toBe(input)
  expect(invariantProblems(tree, input)).toEqual([])
  return tree
}

const top = (input: string): unknown[] => parse(input).children.map(sketch)

describe('braces', () => {
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

describe('comments and tags', () => {
  it('runs an unclosed comment to the end', () => {
    expect(parse('a<!--b').children[1]).toMatchObject({
      type: 'comment',
      value: 'b',
      closed: false,
    })
  })

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

describe('links', () => {
  it('finds free and bracketed links alike when the site has a protocol the `[`/`:` search cannot use', () => {
    // `odd_scheme:` is not an RFC 3986 scheme, so this site takes the protocol-regex path.
    const odd = defineSite({ urlProtocols: [...defaultSite.urlProtocols, 'odd_scheme:'] })
    const inputs = [
      'see http://a.b/c, [https://x.y/z the text] and mailto:a@b.c.',
      "xhttp://no ''HTTPS://B/c.'' (http://p) [//q.r s] news:x a:b",
      'Note: [[a|b]] {{ic|c:d}} sip:e sips:f',
    ]
    for (const input of inputs) {
      expect(fromWikitext(input, { site: odd })).toEqual(fromWikitext(input))
    }
    const links = (site?: typeof odd) =>
      allNodes(fromWikitext('go odd_scheme:here now', site ? { site } : {}))
        .filter((node) => node.type === 'externalLink')
        .map((node) => node.type === 'externalLink' && node.url)
    expect(links(odd)).toEqual(['odd_scheme:here'])
    expect(links()).toEqual([])
  })

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

  it('never reads a URL across a node boundary', () => {
    expect(toWikitext(parse('\n [[[https://x y]'))).toBe('\n [[[https://x y]')
  })

  it('pairs HTML tags into elements and leaves unclosed extension tags as text', () => {
    expect(top('a <span class="x">b <b>c</b></span> <br/> </i>')).toEqual([
      'a ',
      { 'htmlTag:span': ['b ', { 'htmlTag:b': ['c'] }] },
      ' ',
      { 'htmlTag:br': [] },
      ' ',
      { 'htmlTag:i': [] },
    ])
    expect(top('<pre>a</ pre>')).toEqual(['<pre>a</ pre>'])
  })

  it('reads external links and free URLs', () => {
    const tree = parse('[https://a.b/c text] and https://x.y/z). [e.com x]')
    const links = allNodes(tree).filter((node) => node.type === 'externalLink')
    expect(links).toMatchObject([
      { url: 'https://a.b/c', bracketed: true, separator: ' ' },
      { url: 'https://x.y/z', bracketed: false },
    ])
  })

  it('ends URLs where MediaWiki does: at apostrophe runs and escaped angle brackets', () => {
    const urls = (input: string): unknown[] =>
      allNodes(parse(input)).flatMap((node) => (node.type === 'externalLink' ? [node.url] : []))
    expect(urls("a http://x.y/a_b,'' z")).toEqual(['http://x.y/a_b'])
    // doQuotes leaves one apostrophe of four as text, and the URL keeps it.
    expect(urls("a http://x.y'''' z")).toEqual(["http://x.y'"])
    expect(urls("a http://x.y/it's z")).toEqual(["http://x.y/it's"])
    expect(urls('a (ftp://x.y/f&lt;) z')).toEqual(['ftp://x.y/f'])
    expect(urls('a [http://x.y/f&gt;b text] z')).toEqual(['http://x.y/f'])
  })

  it('keeps a bare URL’s last ; when it ends a character reference, and stops at a no-break space', () => {
    const urls = (input: string): unknown[] =>
      allNodes(parse(input)).flatMap((node) => (node.type === 'externalLink' ? [node.url] : []))
    expect(urls('a http://x.y/?q&amp; z http://x.y/&#59;. z')).toEqual([
      'http://x.y/?q&amp;',
      'http://x.y/&#59;',
    ])
    expect(urls('a http://x.y/&a-b; z http://x.y/&amp;; z')).toEqual([
      'http://x.y/&a-b',
      'http://x.y/&amp;',
    ])
    expect(
      urls(
        'a http://x.y/a&nbsp;b http://x.y/c&#160;d http://x.y/e&#x3C;f http://x.y/g&#x00000003e;',
      ),
    ).toEqual(['http://x.y/a', 'http://x.y/c', 'http://x.y/e', 'http://x.y/g'])
    // Bracketed addresses stop at `&lt;` and `&gt;` only.
    expect(urls('a [http://x.y/a&nbsp;b c] z')).toEqual(['http://x.y/a&nbsp;b'])
  })

  it('reads no URL in what such a stop leaves of a bare URL, as MediaWiki writes it as text', () => {
    const urls = (input: string): unknown[] =>
      allNodes(parse(input)).flatMap((node) => (node.type === 'externalLink' ? [node.url] : []))
    expect(urls('a http://x.y/a<http://x.y/b z')).toEqual(['http://x.y/a'])
    expect(urls('a http://x.y/a&gt;http://x.y/b z http://x.y/c')).toEqual([
      'http://x.y/a',
      'http://x.y/c',
    ])
    // No link at all when the stop leaves only the protocol.
    expect(urls('a http://&lt;http://x.y/b z')).toEqual([])
    expect(urls('a <http://x.y/b z')).toEqual(['http://x.y/b'])
  })

  it('makes external links before pairing HTML tags, which pair within a link text', () => {
    // MediaWiki finds the link while tags are text: it holds half of the u element.
    expect(top('<u>[https://x.y a</u> b] c')).toEqual([
      { 'htmlTag:u': [] },
      { externalLink: ['a', { 'htmlTag:u': [] }, ' b'] },
      ' c',
    ])
    expect(top('[https://x.y <b>bold</b> t]')).toEqual([
      { externalLink: [{ 'htmlTag:b': ['bold'] }, ' t'] },
    ])
  })

  it('leaves [[ led by a URL protocol to the external link inside it, as MediaWiki', () => {
    expect(top('a [[https://x.y two words]] z')).toEqual([
      'a [',
      { externalLink: ['two words'] },
      '] z',
    ])
    expect(top('a [[http://x.y label], z')).toEqual(['a [', { externalLink: ['label'] }, ', z'])
    // A protocol-relative URL too, though no `:` marks it.
    expect(top('a [[//x.y label], z')).toEqual(['a [', { externalLink: ['label'] }, ', z'])
  })
})

describe('apostrophes', () => {
  it('follows doQuotes', () => {
    expect(top("''Britannica'''s")).toEqual([{ italic: ["Britannica'"] }, 's'])
    expect(top("''''x''''")).toEqual(["'", { bold: ["x'"] }])
    expect(top("'''''a'''''")).toEqual([{ italic: [{ bold: ['a'] }] }])
    expect(top("'''''a''b'''")).toEqual([{ bold: [{ italic: ['a'] }, 'b'] }])
    const [open] = parse("''a\nb").children
    expect(open).toMatchObject({ type: 'italic', open: true, close: false })
  })

  it('pairs runs across external link texts and HTML elements, cutting spans at their edges', () => {
    // MediaWiki: <i>a <a>b</a></i><a> c</a> d
    expect(top("''a [http://e.com/ b'' c] d")).toEqual([
      { italic: ['a '] },
      { externalLink: [{ italic: ['b'] }, ' c'] },
      ' d',
    ])
    // MediaWiki: a <span><i>b</i></span><i> c</i> d
    expect(top("a <span>''b</span> c'' d")).toEqual([
      'a ',
      { 'htmlTag:span': [{ italic: ['b'] }] },
      { italic: [' c'] },
      ' d',
    ])
    const [before, link, after] = parse("''a [http://e.com/ b'' c] d").children
    expect(before).toMatchObject({ type: 'italic', open: true, close: false })
    expect(link).toMatchObject({
      children: [{ type: 'italic', open: false, close: true }, { type: 'text' }],
    })
    expect(after).toMatchObject({ type: 'text' })
    // A span holding the whole link stays one node; one ending inside an element leaves no
    // empty piece after it.
    expect(top("''a [http://e.com/ b] c'' d")).toEqual([
      { italic: ['a ', { externalLink: ['b'] }, ' c'] },
      ' d',
    ])
    expect(top("a <span>''b</span>")).toEqual(['a ', { 'htmlTag:span': [{ italic: ['b'] }] }])
  })
})

describe('internal links', () => {
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

describe('block structure', () => {
  it('reads line markup after the behaviour switches a line starts with', () => {
    // MediaWiki removes them after its table and rule passes, before its block pass.
    expect(top('__NOTOC__* a')).toEqual(['behaviorSwitch:NOTOC', { list: [{ listItem: [' a'] }] }])
    expect(top('__NOTOC____NOEDITSECTION__ a')).toEqual([
      'behaviorSwitch:NOTOC',
      'behaviorSwitch:NOEDITSECTION',
      { preformatted: [' a'] },
    ])
    // The switches go with the break before the line, as leading comments do.
    expect(top('* a\n__NOTOC__* b')).toEqual([
      { list: [{ listItem: [' a\n', 'behaviorSwitch:NOTOC'] }, { listItem: [' b'] }] },
    ])
    // Not a rule, not a table; `__TOC__` leaves a marker no line markup follows.
    expect(top('__NOTOC__----')).toEqual(['behaviorSwitch:NOTOC', '----'])
    expect(top('__NOTOC__{|\n|x\n|}')).toEqual(['behaviorSwitch:NOTOC', '{|\n|x\n|}'])
    expect(top('__TOC__* a')).toEqual(['behaviorSwitch:TOC', '* a'])
    expect(top('__FOO__* a')).toEqual(['__FOO__* a'])
    // A space-led line of switches and spaces is blank: not preformatted.
    expect(top('a\n __NOTOC__ __TOC__\nb')).toEqual([
      'a\n ',
      'behaviorSwitch:NOTOC',
      ' ',
      'behaviorSwitch:TOC',
      '\nb',
    ])
  })

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

  it('reads preformatted lines, rules and behaviour switches', () => {
    expect(top(' a\n b\nc')).toEqual([{ preformatted: [' a\n b'] }, '\nc'])
    expect(top('----x\n__TOC__')).toEqual(['horizontalRule', 'x\n', 'behaviorSwitch:TOC'])
  })

  it('reads lines as MediaWiki’s block pass does once comments are gone', () => {
    // A line of only comments, spaces and tabs is removed with its break: the lines around it
    // meet, so one list (or one preformatted block) goes on across it, holding the comment.
    expect(top('* a\n <!-- c --> <!-- d -->\t\n* b')).toEqual([
      { list: [{ listItem: [' a\n ', 'comment', ' ', 'comment', '\t\n'] }, { listItem: [' b'] }] },
    ])
    expect(top(' a\n<!--\nc\n-->\n b')).toEqual([{ preformatted: [' a\n', 'comment', '\n b'] }])
    // Not when text shares the line, nor at the very start (MediaWiki leaves both).
    expect(top('* a\n<!-- c -->x\n* b')).toEqual([
      { list: [{ listItem: [' a'] }] },
      '\n',
      'comment',
      'x\n',
      { list: [{ listItem: [' b'] }] },
    ])
    // A line's markup is read after the comments it starts with, which go before it.
    expect(top('<!-- c -->* a\n<!-- d -->* b')).toEqual([
      'comment',
      { list: [{ listItem: [' a\n', 'comment'] }, { listItem: [' b'] }] },
    ])
    // A space-led line of only spaces, tabs and comments is not preformatted.
    expect(top('a\n \t<!-- c -->')).toEqual(['a\n \t', 'comment'])
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

  it('pairs block-level HTML tags across lines, never across another construct’s edge', () => {
    expect(top('<div>\n* a\n</div>\nb')).toEqual([
      { 'htmlTag:div': ['\n', { list: [{ listItem: [' a'] }] }, '\n'] },
      '\nb',
    ])
    // The open tag is inside a list item, the close tag outside it.
    expect(top('* x <div>\n</div>')).toEqual([
      { list: [{ listItem: [' x ', { 'htmlTag:div': [] }] }] },
      '\n',
      { 'htmlTag:div': [] },
    ])
    // Inline elements pair within a line only; a block tag left open between keeps a pair apart.
    expect(top('<span>a\nb</span>')).toEqual([
      { 'htmlTag:span': [] },
      'a\nb',
      { 'htmlTag:span': [] },
    ])
    expect(top('<center>\n<div>\nc\n</center>')).toEqual([
      { 'htmlTag:center': [] },
      '\n',
      { 'htmlTag:div': [] },
      '\nc\n',
      { 'htmlTag:center': [] },
    ])
    const [element] = parse('<div>\na\n</div>').children
    expect(element).toMatchObject({ type: 'htmlTag', kind: 'element', closeTag: '</div>' })
  })
})

describe('tables', () => {
  it('reads a cell’s later lines as block structure inside the cell', () => {
    expect(top('{|\n| a\n* b\n c\n|}')).toEqual([
      {
        table: [
          '\n',
          {
            tableRow: [
              {
                tableCell: [
                  ' a\n',
                  { list: [{ listItem: [' b'] }] },
                  '\n',
                  { preformatted: [' c'] },
                  '\n',
                ],
              },
            ],
          },
        ],
      },
    ])
    // The first line is inline: `| * a` holds no list.
    expect(top('{|\n| * a\n|}')).toEqual([
      { table: ['\n', { tableRow: [{ tableCell: [' * a\n'] }] }] },
    ])
  })

  it('builds captions, rows and cells with markers and attributes', () => {
    const input = '{| class="t"\n|+ Cap\n! H1 !! style="x" | H2\n|-\n| a || [[b|c]]\n| e\n|}\nafter'
    const tree = parse(input)
    const [table, rest] = tree.children
    expect(table).toMatchObject({ type: 'table', attributes: ' class="t"', closed: true })
    expect(rest).toMatchObject({ type: 'text', value: '\nafter' })
    const cells = allNodes(tree).filter((node) => node.type === 'tableCell')
    expect(
      cells.map((cell) => cell.type === 'tableCell' && [cell.marker, cell.attributes, cell.header]),
    ).toEqual([
      ['!', null, true],
      ['!!', ' style="x" ', true],
      ['|', null, false],
      ['||', null, false],
      ['|', null, false],
    ])
    expect(
      allNodes(tree)
        .filter((node) => node.type === 'tableRow')
        .map((row) => row.type === 'tableRow' && row.marker),
    ).toEqual(['', '|-'])
  })

  it('splits a header line where MediaWiki does once its !! reads as ||', () => {
    const cellsOf = (input: string): unknown[] =>
      allNodes(parse(input)).flatMap((node) =>
        node.type === 'tableCell'
          ? [
              [
                node.marker,
                node.attributes,
                node.children
                  .filter((child) => child.type !== 'tableAttributes')
                  .map((child) => toWikitext(child))
                  .join(''),
              ],
            ]
          : [],
      )
    // `|!!` is `||` then `|`: the second cell's `!` is its attribute bar, with none before it.
    expect(cellsOf('{|\n! class="x" |!! b\n|}')).toEqual([
      ['!', null, ' class="x" '],
      ['|!', '', ' b\n'],
    ])
    expect(cellsOf('{|\n!|!!|\n|}')).toEqual([
      ['!', null, ''],
      ['|!', null, ''],
      ['!|', null, '\n'],
    ])
    // Three `!` are `||` and a `!`; a `!!` between `<` and `>` splits nothing.
    expect(cellsOf('{|\n! a !!! b\n|}')).toEqual([
      ['!', null, ' a '],
      ['!!', null, '! b\n'],
    ])
    expect(cellsOf('{|\n! <span title="a!!b">c</span> !! d\n|}')).toEqual([
      ['!', null, ' <span title="a!!b">c</span> '],
      ['!!', null, ' d\n'],
    ])
    // Only header lines read `!!` as `||`.
    expect(cellsOf('{|\n| a |!! b\n|}')).toEqual([['|', ' a ', '!! b\n']])
    const attributes = allNodes(parse('{|\n! a |!! b\n|}')).filter(
      (node) => node.type === 'tableAttributes',
    )
    expect(attributes).toMatchObject([{ delimiter: '!', children: [] }])
  })

  it('keeps templates, arguments and comments in attributes as nodes of a tableAttributes child', () => {
    const input = '{| class="t" {{Style}} <!-- c -->\n|- style="{{{s|}}}"\n| a {{b}} | content\n|}'
    const tree = parse(input)
    const parts = allNodes(tree).filter((node) => node.type === 'tableAttributes')
    expect(parts.map((node) => node.type === 'tableAttributes' && sketch(node))).toEqual([
      {
        tableAttributes: [
          ' class="t" ',
          { 'template:Style': [{ templateName: ['Style'] }] },
          ' ',
          'comment',
        ],
      },
      {
        tableAttributes: [
          ' style="',
          { 'templateArgument:s': [{ templateName: ['s'] }, { templateParameter: [] }] },
          '"',
        ],
      },
      { tableAttributes: [' a ', { 'template:b': [{ templateName: ['b'] }] }, ' '] },
    ])
    expect(parts.map((node) => node.type === 'tableAttributes' && node.delimiter)).toEqual([
      '',
      '',
      '|',
    ])
    // The attributes field is the child's source, without a cell's `|`.
    const [table] = tree.children
    expect(table?.type === 'table' && table.attributes).toBe(' class="t" {{Style}} <!-- c -->')
    expect(parts.map((node) => toWikitext(node))).toEqual([
      ' class="t" {{Style}} <!-- c -->',
      ' style="{{{s|}}}"',
      ' a {{b}} |',
    ])
    expect(templatesOf(tree, { profile: archwiki }).map((found) => found.name)).toEqual([
      'Style',
      'b',
    ])
  })

  it('takes no cell attributes when [[ or -{ comes before the first bar, as MediaWiki', () => {
    const cellsOf = (input: string): unknown[] =>
      allNodes(parse(input))
        .filter((node) => node.type === 'tableCell')
        .map((cell) => cell.type === 'tableCell' && cell.attributes)
    expect(cellsOf('{|\n| [[a|b]] | x\n| [[a]] | x\n| -{a}- | x\n|}')).toEqual([null, null, null])
    expect(cellsOf('{|\n| style="c" | [[a|b]]\n| x | [[a]] || y [[b]] | z\n|}')).toEqual([
      ' style="c" ',
      ' x ',
      null,
    ])
  })

  it('nests tables in cells and leaves an unclosed table open', () => {
    const tree = parse('{|\n| a\n{|\n| b\n|}\n| c')
    const tables = allNodes(tree).filter((node) => node.type === 'table')
    expect(tables.map((table) => table.type === 'table' && table.closed)).toEqual([false, true])
  })

  it('puts a table indented by colons in description lists, as MediaWiki does', () => {
    // `::{|` is a table in a description item in a description item; the deepest item carries
    // the colons, and the rest of the `|}` line stays in it.
    expect(top('::  {|\n|a\n|} b\n* c')).toEqual([
      {
        list: [
          {
            listItem: [
              {
                list: [
                  {
                    listItem: [
                      '  ',
                      { table: ['\n', { tableRow: [{ tableCell: ['a\n'] }] }] },
                      ' b',
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
      '\n',
      { list: [{ listItem: [' c'] }] },
    ])
    const items = allNodes(parse('::{|\n|}')).filter((node) => node.type === 'listItem')
    expect(items).toMatchObject([
      { kind: 'description', marker: '' },
      { kind: 'description', marker: '::' },
    ])
    // In a cell's later lines too; `*{|` is no table.
    expect(
      allNodes(parse('{|\n|a\n:{|\n|b\n|}\n|}')).filter((node) => node.type === 'table'),
    ).toHaveLength(2)
    expect(allNodes(parse('*{|\n|a\n|}')).some((node) => node.type === 'table')).toBe(false)
  })

  it('reads a line’s markup across the texts pass 1 left apart', () => {
    // `-{` opens nothing that closes here, so `|` and `-{q|r}-` are two texts: still a row.
    expect(top('{|\n|-{q|r}-\n|a')).toEqual([
      {
        table: ['\n', { tableRow: [{ tableAttributes: ['{q|r}-'] }, '\n', { tableCell: ['a'] }] }],
      },
    ])
  })

  it('keeps every character in place around implied rows, captions and open cells', () => {
    // An implied row starts at its first cell's marker: the indent before it is the table's.
    expect(top('{|\n |a')).toEqual([{ table: ['\n ', { tableRow: [{ tableCell: ['a'] }] }] }])
    // A caption between cells ends their row; the cells after it start a new one, in the order
    // of the source (and of MediaWiki's HTML).
    expect(top('{|\n|a\n|+c\n|b')).toEqual([
      {
        table: [
          '\n',
          { tableRow: [{ tableCell: ['a\n'] }] },
          { tableCaption: ['c\n'] },
          { tableRow: [{ tableCell: ['b'] }] },
        ],
      },
    ])
    // A cell still open at the end keeps its last lines' breaks.
    expect(toWikitext(parse('{|\n|a\n\n'))).toBe('{|\n|a\n\n')
    expect(top('{|\n|a\n\n')).toEqual([{ table: ['\n', { tableRow: [{ tableCell: ['a\n\n'] }] }] }])
  })
})

describe('redirects', () => {
  it('reads #REDIRECT [[target]] at the start of the page', () => {
    const [node, rest] = parse('#redirect: [[Main Page#Top]]\nmore').children
    expect(node).toMatchObject({ type: 'redirect', value: '#redirect' })
    expect(node?.type === 'redirect' && node.children.map((child) => child.type)).toEqual([
      'text',
      'internalLink',
    ])
    expect(rest).toMatchObject({ type: 'text', value: '\nmore' })
    expect(parse('a #REDIRECT [[b]]').children[0]?.type).toBe('text')
  })
})

describe('errors', () => {
  it('throws WikitextParserError on bad options only', () => {
    expect(() => fromWikitext(42 as unknown as string)).toThrow(WikitextParserError)
    expect(() => defineSite({ fragmentMode: [] })).toThrow(/fragmentMode/u)
    expect(() => fromWikitext('x', { site: {} as never })).toThrow(/site/u)
  })

  it('keeps every character, normalising nothing', () => {
    for (const input of ['a\r\nb\0c\x7F\uFEFF', '\uD800x\uDC00', '', '\n\n']) {
      expect(toWikitext(parse(input))).toBe(input)
    }
  })
})
