import { describe, expect, it } from 'vitest'
import { fromWikitext, linksOf } from '@wiki/wikitext-parser'

const excludedPrefixes = new Set(['category', 'file', 'image', 'template', 'de', 'help'])

function links(wikitext: string) {
  return linksOf(fromWikitext(wikitext), { excludedPrefixes }).map(({ target, anchor, text }) => ({
    target,
    anchor,
    text,
  }))
}

describe('linksOf', () => {
  it('reads target, anchor and display text as written', () => {
    expect(links('[[network interface]] [[Users and groups#Group management|add  ]]')).toEqual([
      { target: 'network interface', anchor: null, text: null },
      { target: 'Users and groups', anchor: 'Group management', text: 'add' },
    ])
  })

  it('targets this page for [[#Anchor]] and keeps brackets in display text', () => {
    expect(links('see [[#General options|[options]]]')).toEqual([
      { target: null, anchor: 'General options', text: '[options]' },
    ])
  })

  it('drops excluded prefixes, a leading : removed first, _ read as space', () => {
    expect(
      links('[[Category:X]] [[:Category:Y]] [[File:a.png|thumb|cap]] [[de:GRUB]] [[Help_:Style]]'),
    ).toEqual([])
  })

  it('keeps links whose prefix is not excluded, not normalised', () => {
    expect(links('[[Xorg/Guide]] [[/Tips and tricks]] [[ArchWiki:Foo]]')).toEqual([
      { target: 'Xorg/Guide', anchor: null, text: null },
      { target: '/Tips and tricks', anchor: null, text: null },
      { target: 'ArchWiki:Foo', anchor: null, text: null },
    ])
  })

  it('takes only the first parameter as display text', () => {
    expect(links('[[a|b|c]]')[0]?.text).toBe('b')
  })

  it('finds links in template parameters, not in comments or nowiki, without deduplicating', () => {
    expect(
      links('{{Note|[[pacman]]}} <!-- [[x]] --> <nowiki>[[y]]</nowiki> [[pacman]]').map(
        (link) => link.target,
      ),
    ).toEqual(['pacman', 'pacman'])
  })

  it('reports each link’s span', () => {
    const [link] = linksOf(fromWikitext('ab [[c]]'), { excludedPrefixes })
    expect(link?.span).toEqual({ start: 3, end: 8 })
  })
})
