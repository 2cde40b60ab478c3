import { describe, expect, it } from 'vitest'
import {
  canonicalTemplateName,
  fromWikitext,
  sectionOffsetLanding,
  templateNamesOf,
} from '../src/index.js'

describe('canonicalTemplateName', () => {
  it.each([
    ['note', 'Note'],
    ['  warning_(Français) ', 'Warning (Français)'],
    ['a__b  c', 'A b c'],
    ['ǆungla', 'Ǆungla'],
    ['𐐨x', '𐐀x'],
    ['', ''],
  ])('%j is %j', (name, canonical) => {
    expect(canonicalTemplateName(name)).toBe(canonical)
  })
})

describe('templateNamesOf', () => {
  it('lists every name at every depth in order, not masked ones or modified calls', () => {
    const tree = fromWikitext(
      '{{Note| a }}{{Box|1={{Attention|b}}}}<!-- {{Hidden}} -->{{subst:Foo}}{{PAGENAME}}{{Note|c}}',
    )
    expect(templateNamesOf(tree)).toEqual(['Note', 'Box', 'Attention', 'PAGENAME', 'Note'])
  })
})

describe('sectionOffsetLanding', () => {
  it('names the line an offset landed on, or how far past the end it is', () => {
    const text = 'intro\n== A ==\nbody'
    expect(
      sectionOffsetLanding(text, { codePointOffset: 1, level: 2, nextCodePointOffset: null }),
    ).toBe('offset 1 landed on "ntro"; expected a level-2 heading')
    expect(
      sectionOffsetLanding(text, { codePointOffset: 99, level: 2, nextCodePointOffset: 100 }),
    ).toBe('offset 99 is past the end of the page, 18 code points')
  })
})
