import { HtmlRenderer, Parser } from 'commonmark'
import { describe, expect, it } from 'vitest'
import { archwiki, fromWikitext } from '@wiki/wikitext-parser'
import { handlers, toMarkdown, toMdast } from '@wiki/wikitext-parser/markdown'

function render(wikitext: string): string {
  return toMarkdown(fromWikitext(wikitext), { profile: archwiki })
}

describe('toMarkdown: one case per construct', () => {
  it.each([
    ['== T ==\n# step one', '## T\n\n1. step one'],
    ['== T ==\n* bullet', '## T\n\n- bullet'],
    ['== T ==\n# a\n#* b\n# c', '## T\n\n1. a\n   - b\n2. c'],
    ['see [[#General options|[options]]]', 'see \\[options]'],
    ['====== Deep ======', '###### Deep'],
    ['{{bc|echo hi}}', '```\necho hi\n```'],
    ['{{hc|/etc/f|body}}', '`/etc/f`\n\n```\nbody\n```'],
    [' # pacman -Syu', '```\n# pacman -Syu\n```'],
    ['{{Note|be careful}}', '**Note:** be careful'],
    ["{{Warning|''this'' breaks}}", '**Warning:** *this* breaks'],
    ['{{Tip|use {{ic|pacman}}}}', '**Tip:** use `pacman`'],
    ['{{Note|\n* one\n* two\n}}', '**Note:**\n\n- one\n- two'],
    ['{{Note|{{bc|echo hi}}}}', '**Note:**\n\n```\necho hi\n```'],
    ["{{Note| See [[Foo|the foo page]] and ''bar''.}}", '**Note:** See the foo page and *bar*.'],
    ['{{Tip|\n#** first\n#** second\n}}', '**Tip:**\n\n- first\n- second'],
    ['{{Note (Español)|Cuidado.}}', '**Note:** Cuidado.'],
    ['{{Astuce|Un conseil.}}', '{{Astuce|Un conseil.}}'],
    [
      "{{Accuracy|Use {{ic|sleep 5}} and ''foo''.}}",
      "{{Accuracy|Use {{ic|sleep 5}} and ''foo''.}}",
    ],
    [
      '* {{App|impala|A TUI.|https://x|{{Pkg|impala}}}}',
      '- {{App|impala|A TUI.|https://x|{{Pkg|impala}}}}',
    ],
    ['Text <!-- hidden --> more.', 'Text  more.'],
    ['resort to {{ic|<nowiki>{{ic|text}}</nowiki>}}.', 'resort to `{{ic|text}}`.'],
    ['see {{ic|<nowiki>[[Foo|bar]]</nowiki>}}.', 'see `[[Foo|bar]]`.'],
    ["type {{ic|<nowiki>''x''</nowiki>}}.", "type `''x''`."],
    ['Before <nowiki>{{bc|echo hi}}</nowiki> after', 'Before {{bc|echo hi}} after'],
  ])('%j', (wikitext, markdown) => {
    expect(render(wikitext)).toBe(markdown)
  })
})

describe('toMarkdown: inline constructs', () => {
  it.each([
    ["''x'' '''y'''", '*x* **y**'],
    ["{{ic|cp ''src''}}", '`cp <src>`'],
    ['{{pkg|x}} {{aur|y}} {{grp|z}}', 'x y z'],
    ['{{man|5|systemd.unit|UNIT FILE LOAD PATH}}', 'systemd.unit(5)'],
    ['a{{=}}b{{!}}c', 'a=b|c'],
    ['[[T|d]] [[T]] [[:T]]', 'd T T'],
    ['[https://u label] [https://u]', 'label (https://u) https://u'],
    ['[https://u/?a&amp;b=&#x31; c] https://u/?d&amp;e', 'c (https://u/?a\\&b=1) https://u/?d\\&e'],
    ['https://u/a|b&quot;&#32;', 'https://u/a%7Cb%22%20'],
    ['&lt;tag&gt; &amp;', '\\<tag> &'],
  ])('%j', (wikitext, markdown) => {
    expect(render(wikitext)).toBe(markdown)
  })
})

describe('toMarkdown: emphasis', () => {
  it('writes italics inside italics (a link’s italic text in italics) as one emphasis', () => {
    expect(render("''a [[p|''b'']] c''")).toBe('*a b c*')
    expect(render("'''a [[p|'''b''']] c'''")).toBe('**a b c**')
    // The serializer writes some letters next to markers as references; CommonMark reads them.
    const html = new HtmlRenderer().render(new Parser().parse(render("'''''x'''[[p|''q'']]")))
    expect(html).toBe('<p><em><strong>x</strong>q</em></p>\n')
  })
})

describe('toMarkdown: blocks', () => {
  it('renders level-1 headings, rules, and drops switches and categories', () => {
    expect(render('= Top =\n----\n__TOC__\n[[Category:X]]\ntext')).toBe('# Top\n\n---\n\ntext')
  })

  it('keeps line breaks inside a paragraph, drops leading whitespace, splits at blank lines', () => {
    expect(render('one\n\ttwo\n\nthree')).toBe('one\ntwo\n\nthree')
  })

  it('escapes a line-initial # and [ in text, never inside raw nodes', () => {
    expect(render('a\n<nowiki># not a heading</nowiki>')).toBe('a\n\\# not a heading')
    expect(render('{{Foo|\n# raw}}')).toBe('{{Foo|\n# raw}}')
  })

  it('lifts a code template out of a sentence, and keeps it inside a list item', () => {
    expect(render('Run {{bc|ls}} now.')).toBe('Run\n\n```\nls\n```\n\nnow.')
    expect(render('* Run {{bc|ls}}')).toBe('- Run\n  ```\n  ls\n  ```')
  })

  it('continues an item with *: and turns bare : lines into paragraphs', () => {
    expect(render('* a\n*: more\n: plain')).toBe('- a\n\n  more\n\nplain')
  })

  it("moves whitespace and the apostrophe of ''pacman'''s outside the emphasis", () => {
    expect(render("''pacman'''s cache, ''a '' b")).toBe("*pacman*'s cache, *a*  b")
  })

  it('drops a 1= before an admonition body and keeps other names as body text', () => {
    expect(render('{{Warning|1=Do not run this}}')).toBe('**Warning:** Do not run this')
    expect(render('{{Note|a=b}}')).toBe('**Note:** a=b')
  })

  it('labels nested admonitions each with their own label', () => {
    expect(render('{{Note|outer {{Tip|inner}}}}')).toBe('**Note:**\n\nouter\n\n**Tip:** inner')
  })

  it('collapses skipped list levels and switches list type by the innermost marker', () => {
    expect(render('*** deep\n# one\n#* sub\n#: more')).toBe('- deep\n\n1. one\n   - sub\n\n   more')
  })

  it('nests lists as MediaWiki does, by the whole prefix the lines share', () => {
    // A skipped level's sublist stays inside the item above it.
    expect(render('*a\n***b\n*c')).toBe('- a\n  - b\n- c')
    // `:#` and `#*` share nothing: two lists, not one nested in the other.
    expect(render(':#a\n#*b')).toBe('1. a\n\n- b')
    // A skipped level's item takes the content a later line continues it with.
    expect(render('**a\n*:b')).toBe('- - a\n\n  b')
    expect(render('**a\n*b')).toBe('- a\n- b')
  })

  it('keeps an incomplete {{man}} verbatim', () => {
    expect(render('see {{man|8}}')).toBe('see {{man|8}}')
  })

  it('renders nothing for a bodiless block', () => {
    expect(render('a\n\n{{bc|}}\n\nb')).toBe('a\n\nb')
  })

  it('keeps wikitables verbatim, insides included', () => {
    expect(render('{|\n| a\n|}')).toBe('{|\n| a\n|}')
    expect(render("{| class=\"wikitable\"\n! A || B\n|-\n| {{ic|x}} || ''y''\n|}")).toBe(
      "{| class=\"wikitable\"\n! A || B\n|-\n| {{ic|x}} || ''y''\n|}",
    )
  })

  it('keeps HTML tags verbatim, insides included', () => {
    expect(render('a <span>b</span>')).toBe('a <span>b</span>')
    // A block-level element across lines is one element (its insides included).
    expect(render("<div>\n* ''a''\n</div>")).toBe("<div>\n* ''a''\n</div>")
  })

  it('writes each indented block as the fence commands() returns', () => {
    expect(render("Text\n # mount ''dev''\n #  x\nafter")).toBe(
      'Text\n\n```\n# mount <dev>\n#  x\n```\n\nafter',
    )
  })
})

describe('toMdast', () => {
  it('builds mdast with code nodes and raw html nodes', () => {
    const tree = toMdast(fromWikitext('{{bc|ls}} {{Foo}}'), { profile: archwiki })
    expect(tree).toEqual({
      type: 'root',
      children: [
        { type: 'code', lang: null, meta: null, value: 'ls' },
        { type: 'paragraph', children: [{ type: 'html', value: '{{Foo}}' }] },
      ],
    })
  })

  it('uses overriding handlers by node type', () => {
    const tree = toMdast(fromWikitext('a<!--c-->b'), {
      profile: archwiki,
      handlers: { comment: (_node, state) => state.phrase('[c]') },
    })
    expect(tree.children).toEqual([
      { type: 'paragraph', children: [{ type: 'text', value: 'a[c]b' }] },
    ])
  })

  it('throws for a node type without a handler', () => {
    expect(() =>
      toMdast(fromWikitext('x'), { profile: archwiki, handlers: { text: undefined as never } }),
    ).toThrow(/no handler for node type "text"/)
  })

  it('has a handler for every node type', () => {
    expect(Object.keys(handlers).sort()).toEqual(
      [
        'behaviorSwitch',
        'bold',
        'comment',
        'extensionTag',
        'externalLink',
        'heading',
        'horizontalRule',
        'htmlTag',
        'inclusionTag',
        'internalLink',
        'italic',
        'linkParameter',
        'linkTarget',
        'list',
        'listItem',
        'magicWord',
        'parameterName',
        'parserFunction',
        'preformatted',
        'redirect',
        'table',
        'tableAttributes',
        'tableCaption',
        'tableCell',
        'tableRow',
        'template',
        'templateArgument',
        'templateName',
        'templateParameter',
        'text',
      ].sort(),
    )
  })

  it('writes constructs nested over 100 deep as one raw node instead of recursing', () => {
    const deep = '{{Note|'.repeat(150) + 'x' + '}}'.repeat(150)
    expect(() => render(deep)).not.toThrow()
    expect(render(deep)).toContain('{{Note|{{Note|')
  })
})
