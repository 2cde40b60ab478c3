import { describe, expect, it } from 'vitest'
import { WikitextParserError, archwiki, defineProfile } from '@wiki/wikitext-parser'
import { roleOf } from '../src/lib/profile/role-of.js'

describe('archwiki', () => {
  it.each([
    ['bc', 'codeBlock'],
    ['BC', 'codeBlock'],
    ['hc', 'fileBlock'],
    ['ic', 'inlineCode'],
    ['Pkg', 'text'],
    ['aur', 'text'],
    ['grp', 'text'],
    ['man', 'manPage'],
    ['=', 'literal'],
    ['!', 'literal'],
    ['Note', 'admonition'],
    ['warning', 'admonition'],
    ['TIP', 'admonition'],
    ['Caution', 'admonition'],
  ])('gives %s the role %s', (name, kind) => {
    expect(roleOf(archwiki, name)?.kind).toBe(kind)
  })

  it('reads {{=}} as = and {{!}} as |', () => {
    expect(roleOf(archwiki, '=')).toEqual({ kind: 'literal', value: '=' })
    expect(roleOf(archwiki, '!')).toEqual({ kind: 'literal', value: '|' })
  })

  it('types admonitions, with or without a (Language) suffix', () => {
    expect(roleOf(archwiki, 'Note (Español)')).toEqual({ kind: 'admonition', type: 'NOTE' })
    expect(roleOf(archwiki, 'Warning (Français)')).toEqual({ kind: 'admonition', type: 'WARNING' })
    expect(roleOf(archwiki, 'tip(日本語)')).toEqual({ kind: 'admonition', type: 'TIP' })
  })

  it('gives the suffix only to admonitions, and only one suffix', () => {
    expect(roleOf(archwiki, 'bc (Español)')).toBeNull()
    expect(roleOf(archwiki, 'Note (a) (b)')).toBeNull()
  })

  it('knows no other template, redirect aliases included', () => {
    expect(roleOf(archwiki, 'Attention')).toBeNull()
    expect(roleOf(archwiki, 'Accuracy')).toBeNull()
    expect(roleOf(archwiki, 'Notes')).toBeNull()
  })

  it('reads _ as a space and ignores surrounding space', () => {
    const profile = defineProfile({ name: 't', templates: { 'Code block': { kind: 'codeBlock' } } })
    expect(roleOf(profile, 'Code_block')?.kind).toBe('codeBlock')
    expect(roleOf(profile, '  Code  block ')?.kind).toBe('codeBlock')
  })
})

describe('defineProfile', () => {
  it('matches case as MediaWiki does by default: the first letter only', () => {
    const profile = defineProfile({ name: 't', templates: { Code: { kind: 'inlineCode' } } })
    expect(roleOf(profile, 'code')?.kind).toBe('inlineCode')
    expect(roleOf(profile, 'CODE')).toBeNull()
  })

  it('is inert data', () => {
    const profile = defineProfile({ name: 't', templates: { x: { kind: 'text' } } })
    expect(Object.isFrozen(profile)).toBe(true)
    expect(profile.name).toBe('t')
    expect([...profile.templates.keys()]).toEqual(['X'])
  })

  it.each([
    [{ name: '', templates: {} }, 'profile.name'],
    [{ name: 'p', templates: null }, 'profile "p".templates'],
    [{ name: 'p', templates: { x: { kind: 'nope' } } }, 'profile "p".templates["x"].kind'],
    [{ name: 'p', templates: { x: { kind: 'literal' } } }, 'profile "p".templates["x"].value'],
    [{ name: 'p', templates: { x: { kind: 'admonition', type: 'note' } } }, '.type'],
    [{ name: 'p', templates: { ' ': { kind: 'text' } } }, 'non-empty template name'],
    [{ name: 'p', templates: {}, languageSuffix: ['x'] }, 'languageSuffix'],
    [{ name: 'p', templates: {}, caseInsensitive: 'yes' }, 'caseInsensitive'],
  ])('rejects %j naming the field', (definition, field) => {
    let error: unknown
    try {
      defineProfile(definition as never)
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(WikitextParserError)
    expect((error as WikitextParserError).code).toBe('invalid_profile')
    expect((error as Error).message).toContain(field)
  })
})
