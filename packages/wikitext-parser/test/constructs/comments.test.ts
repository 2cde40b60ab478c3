import { describe, expect, it } from 'vitest'
import { parse } from '../helpers/parse-checked.js'
import { top } from '../helpers/sketch.js'

describe('comments', () => {
  it('runs an unclosed comment to the end', () => {
    expect(parse('a<!--b').children[1]).toMatchObject({
      type: 'comment',
      value: 'b',
      closed: false,
    })
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
})
