import { describe, expect, it } from 'vitest'
import { siteFromSiteinfo } from '@wiki/wikitext-parser'
import { allNodes } from '../helpers/invariants.js'
import { parse } from '../helpers/parse-checked.js'

// Each case's MediaWiki output was read from `action=parse` of MediaWiki 1.39 (`templates`).
const kinds = (input: string): string[] =>
  allNodes(parse(input))
    .filter((node) => ['template', 'magicWord', 'parserFunction'].includes(node.type))
    .map((node) => `${node.type} ${'name' in node ? String(node.name) : ''}`)

describe('magic words and case', () => {
  it('reads variables of case-insensitive magic words in any case', () => {
    expect(kinds('{{server}} {{SERver}} {{ Servername }} {{scriptpath}} {{pageid}}')).toEqual([
      'magicWord server',
      'magicWord SERver',
      'magicWord Servername',
      'magicWord scriptpath',
      'magicWord pageid',
    ])
    // PAGENAME's magic word is case-sensitive.
    expect(kinds('{{pagename}} {{PAGENAME}}')).toEqual(['template pagename', 'magicWord PAGENAME'])
  })

  it('reads a variable with parameters as a template', () => {
    expect(kinds('{{PAGENAME|x}} {{SERVER|x}}')).toEqual(['template PAGENAME', 'template SERVER'])
  })

  it('reads hooks of case-sensitive magic words only as registered', () => {
    expect(kinds('{{Pagename:x}} {{PAGENAME:x}} {{Lc:X}}')).toEqual([
      'template Pagename:x',
      'parserFunction PAGENAME',
      'parserFunction Lc',
    ])
  })

  it('takes both from siteinfo', () => {
    const site = siteFromSiteinfo({
      query: {
        variables: ['server', 'pagename'],
        functionhooks: ['pagename', 'lc'],
        magicwords: [
          { name: 'server', aliases: ['SERVER'], 'case-sensitive': false },
          { name: 'pagename', aliases: ['PAGENAME'], 'case-sensitive': true },
          { name: 'lc', aliases: ['LC:'], 'case-sensitive': false },
        ],
        namespaces: {
          '1': { id: 1, '*': 'Diskussion', canonical: 'Talk' },
          '6': { id: 6, '*': 'Datei', canonical: 'File' },
        },
      },
    })
    expect(site.caseInsensitiveVariables).toEqual(['SERVER'])
    expect(site.caseSensitiveFunctionHooks).toEqual(['PAGENAME'])
    expect(site.talkNamespaces).toEqual(['Diskussion', 'Talk'])
    // The default format writes `"case-sensitive": ""` for true and leaves it out for false.
    const legacy = siteFromSiteinfo({
      query: {
        variables: ['server'],
        functionhooks: ['pagename'],
        magicwords: [
          { name: 'server', aliases: ['SERVER'] },
          { name: 'pagename', aliases: ['PAGENAME'], 'case-sensitive': '' },
        ],
      },
    })
    expect(legacy.caseInsensitiveVariables).toEqual(['SERVER'])
    expect(legacy.caseSensitiveFunctionHooks).toEqual(['PAGENAME'])
  })
})
