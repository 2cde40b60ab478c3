import { describe, expect, it } from 'vitest'
import { parse } from '../helpers/parse-checked.js'
import { top } from '../helpers/sketch.js'

describe('HTML tags', () => {
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
