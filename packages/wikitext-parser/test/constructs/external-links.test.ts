import { describe, expect, it } from 'vitest'
import { defaultSite, defineSite, fromWikitext, toWikitext } from '@wiki/wikitext-parser'
import { allNodes } from '../helpers/invariants.js'
import { parse } from '../helpers/parse-checked.js'
import { top } from '../helpers/sketch.js'

describe('external links', () => {
  it('finds free and bracketed links alike when the site has a protocol the `[`/`:` search cannot use', () => {
    // `odd_scheme:` is not an RFC 3986 scheme, so this site takes the protocol-regex path.
    const odd = defineSite({ urlProtocols: [...defaultSite.urlProtocols, 'odd_scheme:'] })
    const inputs = [
      'see http://a.b/c, [https://x.y/z the text] and mailto:a@b.c.',
      "xhttp://no ''HTTPS://B/c.'' (http://p) [//q.r s] news:x a:b",
      'Note: [[a|b]] {{ic|c:d}} sip:e sips:f',
    ]
    for (const input of inputs) {
      expect(fromWikitext(input, { site: odd })).toEqual(fromWikitext(input))
    }
    const links = (site?: typeof odd) =>
      allNodes(fromWikitext('go odd_scheme:here now', site ? { site } : {}))
        .filter((node) => node.type === 'externalLink')
        .map((node) => node.type === 'externalLink' && node.url)
    expect(links(odd)).toEqual(['odd_scheme:here'])
    expect(links()).toEqual([])
  })

  it('never reads a URL across a node boundary', () => {
    expect(toWikitext(parse('\n [[[https://x y]'))).toBe('\n [[[https://x y]')
  })

  it('reads external links and free URLs', () => {
    const tree = parse('[https://a.b/c text] and https://x.y/z). [e.com x]')
    const links = allNodes(tree).filter((node) => node.type === 'externalLink')
    expect(links).toMatchObject([
      { url: 'https://a.b/c', bracketed: true, separator: ' ' },
      { url: 'https://x.y/z', bracketed: false },
    ])
  })

  it('ends URLs where MediaWiki does: at apostrophe runs and escaped angle brackets', () => {
    const urls = (input: string): unknown[] =>
      allNodes(parse(input)).flatMap((node) => (node.type === 'externalLink' ? [node.url] : []))
    expect(urls("a http://x.y/a_b,'' z")).toEqual(['http://x.y/a_b'])
    // doQuotes leaves one apostrophe of four as text, and the URL keeps it.
    expect(urls("a http://x.y'''' z")).toEqual(["http://x.y'"])
    expect(urls("a http://x.y/it's z")).toEqual(["http://x.y/it's"])
    expect(urls('a (ftp://x.y/f&lt;) z')).toEqual(['ftp://x.y/f'])
    expect(urls('a [http://x.y/f&gt;b text] z')).toEqual(['http://x.y/f'])
  })

  it('keeps a bare URL’s last ; when it ends a character reference, and stops at a no-break space', () => {
    const urls = (input: string): unknown[] =>
      allNodes(parse(input)).flatMap((node) => (node.type === 'externalLink' ? [node.url] : []))
    expect(urls('a http://x.y/?q&amp; z http://x.y/&#59;. z')).toEqual([
      'http://x.y/?q&amp;',
      'http://x.y/&#59;',
    ])
    expect(urls('a http://x.y/&a-b; z http://x.y/&amp;; z')).toEqual([
      'http://x.y/&a-b',
      'http://x.y/&amp;',
    ])
    expect(
      urls(
        'a http://x.y/a&nbsp;b http://x.y/c&#160;d http://x.y/e&#x3C;f http://x.y/g&#x00000003e;',
      ),
    ).toEqual(['http://x.y/a', 'http://x.y/c', 'http://x.y/e', 'http://x.y/g'])
    // Bracketed addresses stop at `&lt;` and `&gt;` only.
    expect(urls('a [http://x.y/a&nbsp;b c] z')).toEqual(['http://x.y/a&nbsp;b'])
  })

  it('reads no URL in what such a stop leaves of a bare URL, as MediaWiki writes it as text', () => {
    const urls = (input: string): unknown[] =>
      allNodes(parse(input)).flatMap((node) => (node.type === 'externalLink' ? [node.url] : []))
    expect(urls('a http://x.y/a<http://x.y/b z')).toEqual(['http://x.y/a'])
    expect(urls('a http://x.y/a&gt;http://x.y/b z http://x.y/c')).toEqual([
      'http://x.y/a',
      'http://x.y/c',
    ])
    // No link at all when the stop leaves only the protocol.
    expect(urls('a http://&lt;http://x.y/b z')).toEqual([])
    expect(urls('a <http://x.y/b z')).toEqual(['http://x.y/b'])
  })

  it('makes external links before pairing HTML tags, which pair within a link text', () => {
    // MediaWiki finds the link while tags are text: it holds half of the u element.
    expect(top('<u>[https://x.y a</u> b] c')).toEqual([
      { 'htmlTag:u': [] },
      { externalLink: ['a', { 'htmlTag:u': [] }, ' b'] },
      ' c',
    ])
    expect(top('[https://x.y <b>bold</b> t]')).toEqual([
      { externalLink: [{ 'htmlTag:b': ['bold'] }, ' t'] },
    ])
  })

  it('leaves [[ led by a URL protocol to the external link inside it, as MediaWiki', () => {
    expect(top('a [[https://x.y two words]] z')).toEqual([
      'a [',
      { externalLink: ['two words'] },
      '] z',
    ])
    expect(top('a [[http://x.y label], z')).toEqual(['a [', { externalLink: ['label'] }, ', z'])
    // A protocol-relative URL too, though no `:` marks it.
    expect(top('a [[//x.y label], z')).toEqual(['a [', { externalLink: ['label'] }, ', z'])
  })
})
