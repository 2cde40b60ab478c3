import { describe, expect, it } from 'vitest'
import { archwiki, codeBlocksOf, fromWikitext } from '@wiki/wikitext-parser'

function blocks(wikitext: string) {
  return codeBlocksOf(fromWikitext(wikitext), { profile: archwiki })
}

function summary(wikitext: string) {
  return blocks(wikitext).map(({ kind, raw, text, header }) => ({ kind, raw, text, header }))
}

describe('codeBlocksOf: templates', () => {
  it.each([
    ['{{bc|x}}', 'codeBlock', 'x', null],
    ['{{bc|1=x}}', 'codeBlock', 'x', null],
    ['{{hc|h|x}}', 'fileBlock', 'x', 'h'],
    ['{{hc|h|2=x}}', 'fileBlock', 'x', 'h'],
    ['{{hc|1=h|2=x}}', 'fileBlock', 'x', 'h'],
    ['{{hc|h|output=x}}', 'fileBlock', 'x', 'h'],
  ])('reads the parameter form %s', (wikitext, kind, raw, header) => {
    expect(summary(wikitext)).toEqual([{ kind, raw, text: raw, header }])
  })

  it('keeps the body untrimmed in raw and trims newlines in text', () => {
    expect(summary('{{bc|\n echo hi\n}}')).toEqual([
      { kind: 'codeBlock', raw: '\n echo hi\n', text: ' echo hi', header: null },
    ])
  })

  it('strips only known names: GRUB_ENABLE=y stays', () => {
    expect(summary('{{bc|GRUB_ENABLE=y}}')[0]?.raw).toBe('GRUB_ENABLE=y')
    expect(summary('{{hc|h|foo=bar}}')[0]?.raw).toBe('foo=bar')
  })

  it('splits bc once and hc twice, so a pipe stays in the body', () => {
    expect(summary('{{bc|a | b}}')[0]?.raw).toBe('a | b')
    expect(summary('{{hc|h|a | b | c}}')[0]).toMatchObject({ header: 'h', raw: 'a | b | c' })
  })

  it('cuts raw as a slice of the source and reports both spans', () => {
    const wikitext = 'Intro\n{{bc|1=ls -l}} tail'
    const [block] = blocks(wikitext)
    expect(block?.span).toEqual({ start: 6, end: 20 })
    expect(block?.body).toEqual({ start: 13, end: 18 })
    expect(wikitext.slice(block!.body!.start, block!.body!.end)).toBe(block?.raw)
  })

  it('follows MediaWiki brace extents', () => {
    expect(summary('{{bc|{{{1|default}}}}}')[0]?.raw).toBe('{{{1|default}}}')
    expect(summary('{{bc|Wants{{=}}}}')[0]).toMatchObject({ raw: 'Wants{{=}}', text: 'Wants=' })
    expect(summary('{{bc|menuentry "x" {entry options}}}')[0]?.raw).toBe(
      'menuentry "x" {entry options',
    )
  })

  it('cleans the hc header: placeholders marked, not listed', () => {
    const [block] = blocks("{{hc|''esp''/EFI/x.conf|title ''name''}}")
    expect(block).toMatchObject({
      header: '<esp>/EFI/x.conf',
      text: 'title <name>',
      placeholders: ['name'],
    })
  })

  it('emits no bodiless block', () => {
    expect(
      blocks('{{bc}}{{bc|}}{{bc|1=}}{{hc|/etc/f|}}{{hc|/etc/f}}{{bc|<!-- only -->}}{{bc|\n  \n}}'),
    ).toEqual([])
  })

  it('extracts a bc inside another template, and treats a bc inside a bc as body', () => {
    expect(summary('{{Note|{{bc|echo hi}}}}')).toEqual([
      { kind: 'codeBlock', raw: 'echo hi', text: 'echo hi', header: null },
    ])
    expect(summary('{{bc|{{bc|x}}}}').map((block) => block.raw)).toEqual(['{{bc|x}}'])
  })

  it('does not extract quoted syntax, but a nowiki inside a body is content', () => {
    expect(blocks('<nowiki>{{bc|echo hi}}</nowiki><!-- {{bc|x}} --><pre>{{bc|y}}</pre>')).toEqual(
      [],
    )
    expect(summary('{{bc|<nowiki>{{ic|x}}</nowiki>}}')[0]?.text).toBe('{{ic|x}}')
  })

  it('matches the name case-insensitively, trimmed', () => {
    expect(summary('{{ BC |x}}{{Hc|h|y}}').map((block) => block.kind)).toEqual([
      'codeBlock',
      'fileBlock',
    ])
  })
})

describe('codeBlocksOf: indented lines', () => {
  it('joins consecutive space-led lines without their marker space', () => {
    expect(summary('Text\n # pacman -Syu\n   pacman -S x\nafter')).toEqual([
      {
        kind: 'indented',
        raw: '# pacman -Syu\n  pacman -S x',
        text: '# pacman -Syu\n  pacman -S x',
        header: null,
      },
    ])
  })

  it('keeps a whitespace-only space-led line in the block, and any other line ends it', () => {
    expect(summary(' a\n \n b\n\n c').map((block) => block.raw)).toEqual(['a\n\nb', 'c'])
  })

  it('does not take tab-led lines, * lines, or lines touching a code template', () => {
    expect(blocks('\tx\n * item\n {{bc|y}}\n z {{hc|h|\nw}}')).toHaveLength(2)
    expect(summary('\tx\n * item\n {{bc|y}}').map((block) => block.kind)).toEqual(['codeBlock'])
  })

  it('does not take a line whose first character is masked', () => {
    expect(blocks('<!--\n hidden\n-->\n<pre>\n kept raw\n</pre>')).toEqual([])
  })

  it('lists template blocks first, then indented blocks', () => {
    expect(summary(' first\n{{bc|second}}').map((block) => block.raw)).toEqual(['second', 'first'])
  })

  it('slices from the source, nowiki included, and marks placeholders', () => {
    const [block] = blocks(
      " # pacman -U ''<nowiki>http://www.example.com/repo/example.pkg.tar.zst</nowiki>''",
    )
    expect(block).toMatchObject({
      raw: "# pacman -U ''<nowiki>http://www.example.com/repo/example.pkg.tar.zst</nowiki>''",
      text: '# pacman -U <http://www.example.com/repo/example.pkg.tar.zst>',
      placeholders: ['http://www.example.com/repo/example.pkg.tar.zst'],
      sliceable: true,
    })
  })

  it('marks a block unsliceable when a nowiki starting on a code line ends later', () => {
    const [block] = blocks(' a <nowiki>b\nc</nowiki>\n d')
    expect(block).toMatchObject({ raw: 'a <nowiki>b', sliceable: false })
  })

  it('reports the lines span, marker spaces included', () => {
    const [block] = blocks('x\n a\n b\ny')
    expect(block?.span).toEqual({ start: 2, end: 7 })
    expect(block?.body).toBeNull()
  })
})
