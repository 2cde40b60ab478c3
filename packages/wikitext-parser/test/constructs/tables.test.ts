import { describe, expect, it } from 'vitest'
import { archwiki, templatesOf, toWikitext } from '@wiki/wikitext-parser'
import { allNodes } from '../helpers/invariants.js'
import { parse } from '../helpers/parse-checked.js'
import { sketch, top } from '../helpers/sketch.js'

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
