import { describe, expect, it } from 'vitest'
import { inlineTags, pageAliases, pageTags } from '../src/lib/markdown-folder/page-metadata.js'

describe('pageTags', () => {
  it('reads a list, one word and a comma string, without # and each once', () => {
    expect(pageTags({ tags: ['a', '#b', 'A'] }, '')).toEqual(['a', 'b'])
    expect(pageTags({ tags: 'homelab' }, '')).toEqual(['homelab'])
    expect(pageTags({ tags: 'rete, dns ,#nas' }, '')).toEqual(['rete', 'dns', 'nas'])
    expect(pageTags({ tag: 2024 }, '')).toEqual(['2024'])
    expect(pageTags({ etichette: ['x'] }, '', 'etichette')).toEqual(['x'])
  })

  it('adds inline #tags after the frontmatter ones', () => {
    expect(pageTags({ tags: ['a'] }, 'Text #b and #a/sub.\n')).toEqual(['a', 'b', 'a/sub'])
  })
})

describe('inlineTags', () => {
  it('skips headings, numbers, links, code spans and fenced code', () => {
    const body = [
      '# Heading',
      '## Sub #real',
      'Issue #12 and url http://x.org/#frag and (#paren)',
      'Some `#code` here',
      '```',
      '#fenced',
      '```',
      '#start-of-line nested/#no',
    ].join('\n')
    expect(inlineTags(body)).toEqual(['real', 'paren', 'start-of-line'])
  })
})

describe('pageAliases', () => {
  it('reads a string or a list, never splitting on commas', () => {
    expect(pageAliases({ aliases: 'Rack, big' })).toEqual(['Rack, big'])
    expect(pageAliases({ aliases: ['One', 'Two'], alias: 'Three' })).toEqual([
      'One',
      'Two',
      'Three',
    ])
    expect(pageAliases({ aliases: [{ x: 1 }] })).toEqual([])
  })
})
