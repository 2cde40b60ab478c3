import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { admonitionsOf, archwiki, fromWikitext } from '@wiki/wikitext-parser'

function admonitions(wikitext: string, aliases?: ReadonlyMap<string, 'NOTE' | 'WARNING'>) {
  return admonitionsOf(
    fromWikitext(wikitext),
    aliases ? { profile: archwiki, aliases } : { profile: archwiki },
  )
}

describe('admonitionsOf', () => {
  it.each([
    ['Warning', 'WARNING'],
    ['Note', 'NOTE'],
    ['Tip', 'TIP'],
    ['Caution', 'CAUTION'],
    ['WARNING', 'WARNING'],
    ['note', 'NOTE'],
    ['Note (Español)', 'NOTE'],
  ])('types {{%s}} as %s, self-attesting', (name, type) => {
    expect(admonitions(`{{${name}|Body}}`)).toMatchObject([{ type, alias: null, raw: 'Body' }])
  })

  it('finds nothing in other templates', () => {
    expect(admonitions('{{Merge|Other page}}{{Expansion}}')).toEqual([])
  })

  it('strips a leading 1= and trims the Unicode whitespace set (not JavaScript trim)', () => {
    expect(admonitions('{{Warning|1=Do not run rm -rf /}}')[0]?.raw).toBe('Do not run rm -rf /')
    expect(admonitions('{{Note|\u00A0\n body \u3000}}')[0]?.raw).toBe('body')
    // U+FEFF is not in the set, so it stays (JavaScript's trim() would remove it).
    expect(admonitions('{{Note|\uFEFFbody}}')[0]?.raw).toBe('\uFEFFbody')
  })

  it('keeps everything after the first top-level | as the body', () => {
    expect(admonitions('{{Note|a|b=c}}')[0]?.raw).toBe('a|b=c')
  })

  it('cuts raw from the source and reports both spans', () => {
    const wikitext = 'x {{Note| body }} y'
    const [found] = admonitions(wikitext)
    expect(found?.span).toEqual({ start: 2, end: 17 })
    expect(wikitext.slice(found!.body.start, found!.body.end)).toBe('body')
  })

  it('yields nothing for an empty body', () => {
    expect(admonitions('{{Note}}{{Note|}}{{Note| \n }}{{Note|1=}}')).toEqual([])
  })

  it('finds admonitions at any depth, but not in comments, nowiki or code templates', () => {
    expect(admonitions('{{Box|{{Warning|deep}}}}').map((a) => a.raw)).toEqual(['deep'])
    expect(admonitions('{{Note|outer {{Tip|inner}}}}').map((a) => a.type)).toEqual(['NOTE', 'TIP'])
    expect(
      admonitions('<nowiki>{{Warning|rm -rf /}}</nowiki><!-- {{Note|x}} -->{{bc|{{Note|y}}}}'),
    ).toEqual([])
  })

  it('types redirect aliases from the caller’s map by canonical name', () => {
    const aliases = new Map([['Attention', 'WARNING' as const]])
    expect(admonitions('{{attention|Careful}}{{Astuce|x}}', aliases)).toMatchObject([
      { type: 'WARNING', name: 'attention', alias: 'Attention', raw: 'Careful' },
    ])
  })

  it('cleans the message as plain prose', () => {
    expect(
      admonitions('{{Warning|Run {{ic|pacman -Ql x {{!}} grep bin}} first}}')[0],
    ).toMatchObject({ type: 'WARNING', message: 'Run pacman -Ql x | grep bin first' })
  })

  it('hashes the raw body of the reference README’s Iwd note', () => {
    const raw =
      "Only root and members of the {{ic|network}} or the {{ic|wheel}} [[user group]] are allowed to interact with ''iwd''. In order to use ''iwctl'' or other front-ends, you need to [[Users and groups#Group management|add your user to one of those groups]]."
    const [found] = admonitions(`{{Note|${raw}}}`)
    expect(found?.raw).toBe(raw)
    expect(createHash('sha256').update(found!.raw.normalize('NFC')).digest('hex')).toBe(
      '9e183a7fb724a74e42120dc6f7e3d9631ca1036fb8758e3a481d1ff2ca22ed3a',
    )
  })
})
