import { describe, expect, it } from 'vitest'
import {
  createWikiSite,
  MalformedWikiUrl,
  pageUrl,
  parseTitleOrUrl,
  ProvenanceError,
} from '@wiki/provenance'

const arch = createWikiSite()
const local = createWikiSite({
  base: 'http://127.0.0.1:8080',
  articlePath: '/index.php/$1',
  apiPath: '/api.php',
})

function refusal(site: typeof arch, input: string): MalformedWikiUrl {
  try {
    parseTitleOrUrl(site, input)
  } catch (error) {
    if (error instanceof MalformedWikiUrl) return error
    throw error
  }
  throw new Error(`expected ${input} to be refused`)
}

describe('parseTitleOrUrl: plain titles', () => {
  it.each([
    '100%_CPU',
    'C++',
    'File:Grub.png',
    'Help:Style',
    'Template:Warning (Français)',
    'mailto:x',
    'data:x',
    'javascript:alert(1)',
    'Installation_guide',
    'foo%20bar',
  ])('passes %s to the wiki exactly as typed', (title) => {
    expect(parseTitleOrUrl(arch, title)).toBe(title)
  })

  it('trims surrounding whitespace only', () => {
    expect(parseTitleOrUrl(arch, '  GRUB \n')).toBe('GRUB')
  })

  it('refuses an empty input', () => {
    expect(() => parseTitleOrUrl(arch, '   ')).toThrow(MalformedWikiUrl)
  })
})

describe('parseTitleOrUrl: accepted and refused forms', () => {
  it.each([
    [
      'https://wiki.archlinux.org/title/Installation_guide_%28Fran%C3%A7ais%29',
      'Installation guide (Français)',
    ],
    ['HTTPS://wiki.archlinux.org/title/C++', 'C++'],
    [
      'https://wiki.archlinux.org/index.php?title=Installation+guide&action=edit',
      'Installation guide',
    ],
    ['https://wiki.archlinux.org/title/GRUB#Installation', 'GRUB'],
    ['https://WIKI.ARCHLINUX.ORG:443/title/GRUB', 'GRUB'],
    [
      'https://wiki.archlinux.org/title/Dm-crypt/Encrypting_an_entire_system',
      'Dm-crypt/Encrypting an entire system',
    ],
    ['https://wiki.archlinux.org/title/100%25_CPU', '100% CPU'],
    ['  https://wiki.archlinux.org/title/_GRUB_  ', 'GRUB'],
    ['https://wiki.archlinux.org/index.php?title=100%25+CPU', '100% CPU'],
  ])('%s → %s', (input, title) => {
    expect(parseTitleOrUrl(arch, input)).toBe(title)
  })

  it('refuses a revision URL with the hint to pass the title', () => {
    const error = refusal(arch, 'https://wiki.archlinux.org/index.php?oldid=858930')
    expect(error.code).toBe('malformed_wiki_url')
    expect(error).toBeInstanceOf(ProvenanceError)
    expect(error.message).toContain(
      'That is a revision URL, which names a revid and not a title. Pass the page title instead.',
    )
  })

  it.each([
    'https://wiki.archlinux.org/index.php?title=A&title=B',
    'https://wiki.archlinux.org/title/',
    'https://wiki.archlinux.org/title/___',
    'https://wiki.archlinux.org/index.php',
    'https://wiki.archlinux.org/index.php?title=',
    'https://wiki.archlinux.org/',
  ])('refuses %s', (input) => {
    expect(refusal(arch, input).code).toBe('malformed_wiki_url')
  })
})

describe('parseTitleOrUrl: hostile URLs', () => {
  it.each([
    ['other host', 'https://evil.example/title/GRUB'],
    ['suffix host', 'https://wiki.archlinux.org.evil.example/title/GRUB'],
    ['parent domain', 'https://archlinux.org/title/GRUB'],
    ['sibling subdomain', 'https://aur.archlinux.org/title/GRUB'],
    ['userinfo hiding the host', 'https://wiki.archlinux.org@evil.example/title/GRUB'],
    ['encoded dot in host', 'https://wiki.archlinux.org%2eevil.example/title/GRUB'],
    ['wrong port', 'https://wiki.archlinux.org:8443/title/GRUB'],
    ['https on the http port', 'https://wiki.archlinux.org:80/title/GRUB'],
    ['ftp', 'ftp://wiki.archlinux.org/title/GRUB'],
    ['file', 'file:///etc/passwd'],
    ['javascript URL', 'javascript://wiki.archlinux.org/%0aalert(1)'],
    ['websocket', 'ws://wiki.archlinux.org/title/GRUB'],
    ['protocol-relative', '//wiki.archlinux.org/title/GRUB'],
    ['unparseable', 'https://'],
    ['http prefix without slashes', 'http:GRUB'],
    ['IP instead of host', 'https://95.217.163.246/title/GRUB'],
    ['revision diff URL', 'https://wiki.archlinux.org/index.php?diff=1&oldid=2'],
    ['curid URL', 'https://wiki.archlinux.org/index.php?curid=42'],
    ['double title', 'https://wiki.archlinux.org/index.php?title=GRUB&action=raw&title=Evil'],
    ['encoded key duplicates title', 'https://wiki.archlinux.org/index.php?title=A&%74itle=B'],
    ['bad percent in path', 'https://wiki.archlinux.org/title/%E0%A4%A'],
    ['bad percent in query', 'https://wiki.archlinux.org/index.php?title=%zz'],
    ['overlong UTF-8', 'https://wiki.archlinux.org/title/%C0%AF'],
    ['lone surrogate bytes', 'https://wiki.archlinux.org/title/%ED%A0%80'],
  ])('refuses %s', (_why, input) => {
    const error = refusal(arch, input)
    expect(error.code).toBe('malformed_wiki_url')
    // The message names the input it refused.
    expect(error.message).toContain('title_or_url')
  })

  it('decodes an encoded slash but never treats encoded text as a host or a query', () => {
    expect(parseTitleOrUrl(arch, 'https://wiki.archlinux.org/title/A%2FB%3Ftitle%3DC')).toBe(
      'A/B?title=C',
    )
  })

  it('keeps + in article paths but reads it as a space in queries', () => {
    expect(parseTitleOrUrl(arch, 'https://wiki.archlinux.org/title/A+B')).toBe('A+B')
    expect(parseTitleOrUrl(arch, 'https://wiki.archlinux.org/index.php?title=A+B')).toBe('A B')
    expect(parseTitleOrUrl(arch, 'https://wiki.archlinux.org/index.php?title=A%2BB')).toBe('A+B')
  })
})

describe('parseTitleOrUrl: http URLs and the rule a refusal names', () => {
  it('accepts http:// URLs of the configured host, as the reference does', () => {
    for (const input of [
      'http://wiki.archlinux.org/title/GRUB',
      'http://wiki.archlinux.org:80/title/GRUB',
      'HTTP://WIKI.ARCHLINUX.ORG/title/GRUB',
      'http://wiki.archlinux.org/index.php?title=GRUB',
      'https://wiki.archlinux.org:443/title/GRUB',
    ]) {
      expect(parseTitleOrUrl(arch, input)).toBe('GRUB')
    }
    // A wiki on an explicit port is that port only, on either scheme.
    expect(parseTitleOrUrl(local, 'https://127.0.0.1:8080/index.php/Main_Page')).toBe('Main Page')
    expect(refusal(local, 'http://127.0.0.1/index.php/Main_Page').message).toMatch(
      /its port 80 is not this wiki's port 8080/,
    )
  })

  it.each([
    ['ftp://wiki.archlinux.org/title/GRUB', /its scheme is "ftp", not http or https/],
    [
      'http://evil.example/title/GRUB',
      /its host "evil.example" is not this wiki's host "wiki.archlinux.org"/,
    ],
    [
      'https://wiki.archlinux.org:8443/title/GRUB',
      /its port 8443 is not this wiki's port \(443 for https, 80 for http\)/,
    ],
    [
      'https://wiki.archlinux.org:80/title/GRUB',
      /its port 80 is not this wiki's port \(443 for https, 80 for http\)/,
    ],
    [
      'https://wiki.archlinux.org/wiki/GRUB',
      /its path "\/wiki\/GRUB" is not under the article path "\/title\/" and it has no "title" parameter/,
    ],
    ['https://wiki.archlinux.org/index.php?title=A&title=B', /holds 2 "title" parameters/],
  ])('refuses %s naming the rule', (input, rule) => {
    expect(refusal(arch, input).message).toMatch(rule)
  })
})

describe('parseTitleOrUrl: another site configuration', () => {
  it('uses the configured host, port and article path', () => {
    expect(parseTitleOrUrl(local, 'http://127.0.0.1:8080/index.php/Main_Page')).toBe('Main Page')
    expect(parseTitleOrUrl(local, 'http://127.0.0.1:8080/index.php?title=Main_Page')).toBe(
      'Main Page',
    )
    expect(refusal(local, 'http://127.0.0.1:8081/index.php/Main_Page').code).toBe(
      'malformed_wiki_url',
    )
    expect(refusal(local, 'https://wiki.archlinux.org/title/GRUB').code).toBe('malformed_wiki_url')
  })
})

describe('parseTitleOrUrl: an article path at the root', () => {
  const root = createWikiSite({ base: 'https://wiki.example.org', articlePath: '/$1' })

  it('reads index.php URLs from the query and other paths as titles', () => {
    expect(parseTitleOrUrl(root, 'https://wiki.example.org/index.php?title=Main_Page')).toBe(
      'Main Page',
    )
    expect(parseTitleOrUrl(root, 'https://wiki.example.org/Main_Page')).toBe('Main Page')
    expect(refusal(root, 'https://wiki.example.org/index.php?oldid=5').message).toContain(
      'revision URL',
    )
  })
})

describe('round trip: parsing a built URL gives the title back', () => {
  const titles = [
    'GRUB',
    'Installation guide',
    'Installation guide (Français)',
    'C++',
    '100% CPU',
    'DeveloperWiki:Something',
    'Xorg/Guide',
    "A!*'()~,;=@$&+?x",
  ]
  it.each(titles)('%s', (title) => {
    for (const site of [arch, local]) {
      expect(parseTitleOrUrl(site, pageUrl(site, title))).toBe(title)
      expect(parseTitleOrUrl(site, pageUrl(site, title, "Démarrer_l'environnement_«_live_»"))).toBe(
        title,
      )
    }
  })
})
