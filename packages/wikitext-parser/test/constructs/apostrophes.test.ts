import { describe, expect, it } from 'vitest'
import { parse } from '../helpers/parse-checked.js'
import { top } from '../helpers/sketch.js'

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
