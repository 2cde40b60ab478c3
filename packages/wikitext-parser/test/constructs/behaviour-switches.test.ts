import { describe, expect, it } from 'vitest'
import { top } from '../helpers/sketch.js'

describe('behaviour switches', () => {
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
})
