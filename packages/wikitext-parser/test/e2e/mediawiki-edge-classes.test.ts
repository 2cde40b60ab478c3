import { describe, expect, it } from 'vitest'
import {
  createLocator,
  fromWikitext,
  linksOf,
  sectionsOf,
  sectionSliceAt,
  type Node,
  type Site,
} from '@wiki/wikitext-parser'
import { renderedChildren } from '../../src/lib/rendered-children.js'
import { indexSite } from '../../src/lib/site-index.js'
import { seeded, useLocalWiki, type LocalWiki } from './local-wiki.js'

// Classes of MediaWiki's own edge cases, each generated from pieces with a fixed seed and compared
// with `action=parse` of a real MediaWiki 1.39: the section list (level, anchor, index, offset),
// the page links, the templates and the categories it records. No template exists on this wiki,
// so a template is a link to its missing page and its parameters are never expanded.
// WIKI_EDGE_INPUTS sets how many inputs each class generates (40 by default).

type Generator = (random: () => number, pick: <T>(list: readonly T[]) => T) => string

const TITLE_LEVELS = ['=', '==', '===']

function heading(pick: <T>(list: readonly T[]) => T, title: string): string {
  const run = pick(TITLE_LEVELS)
  return `${run} ${title} ${run}`
}

/** Headings on lines that `<noinclude>`, `<includeonly>` and `<onlyinclude>` lead or end. */
const inclusionTagHeadings: Generator = (random, pick) => {
  const leads = [
    '',
    '',
    '<noinclude>',
    '</noinclude>',
    '<noinclude/>',
    '<includeonly>x</includeonly>',
    '<onlyinclude>',
    '</onlyinclude>',
    '<!-- c --><noinclude>',
    '<noinclude><!-- c -->',
    ' <noinclude>',
  ]
  const trails = [
    '',
    '',
    ' ',
    '<noinclude>',
    '</noinclude>',
    '<noinclude/>',
    ' <noinclude/> <!-- c -->  ',
    '<noinclude>\nx\n</noinclude>',
    '<includeonly>\nx\n</includeonly>',
    '<onlyinclude>\ny\n</onlyinclude>',
    '</onlyinclude>',
    '<noinclude>x</noinclude>',
    '<includeonly>x</includeonly>y',
    '<includeonly>a</includeonly><noinclude>',
  ]
  const lines: string[] = []
  for (let line = 0; line < 4; line++) {
    lines.push(`${pick(leads)}${heading(pick, pick(['a', 'b c', 'a']))}${pick(trails)}`)
    if (random() < 0.5) lines.push(pick(['text', '<noinclude>\n', '</noinclude>', '']))
  }
  return lines.join('\n')
}

/** Headings in a file link's caption, shown when a frame shows the caption, with other options. */
const captionHeadings: Generator = (random, pick) => {
  const options = [
    'thumb',
    'thumbnail',
    'frame',
    'framed',
    'frameless',
    'left',
    'none',
    'center',
    '100px',
    'x80px',
    'upright',
    'upright=1.5',
    'border',
    'alt=a',
    'link=Foo',
    'thumb=Y.png',
    'Left',
    'caption',
    'page=2',
  ]
  const prefix = pick(['File:', 'File:', 'File:', 'Image:', 'Media:', ':File:', 'file:'])
  const caption = `\n${pick(['', '', '<!-- c -->'])}${heading(pick, pick(['T', 'U v']))}\n${pick(['', 'more', heading(pick, 'W') + '\n'])}`
  const parameters = Array.from({ length: Math.floor(random() * 3) }, () => pick(options))
  parameters.splice(Math.floor(random() * (parameters.length + 1)), 0, caption)
  const link = `[[${prefix}X.jpg|${parameters.join('|')}]]`
  return [pick(['', 'intro', '== Before ==']), link, pick(['', '== After ==', 'text'])]
    .filter((line) => line !== '')
    .join('\n')
}

/** Headings after a redirect line: comments, link trails and spaces between. */
const redirectHeadings: Generator = (random, pick) => {
  const word = pick(['#REDIRECT', '#redirect', '#REDIRECT:', '  #Redirect'])
  const target = pick(['Foo', 'Foo#a', 'Foo|b', 'Category:Foo', 'Talk:Foo'])
  const after = pick(['', ' ', ' <!-- c -->', '<!-- c -->', 'x', ' x', '<!-- c --> x', '\n'])
  const lines = [`${word} [[${target}]]${after}`]
  for (let line = 0; line < 3; line++) {
    if (random() < 0.4) lines.push(pick(['', '<!-- c -->', 'text', ' ']))
    lines.push(heading(pick, pick(['a', 'b', 'é 😀'])))
  }
  return lines.join('\n')
}

/** Headings among templates never closed or closed on a later line, whose names break. */
const templateHeadings: Generator = (random, pick) => {
  const openers = ['{{foo', '{{foo|', '{{foo|x=', '{{{foo', '{{foo\n', 'x {{foo', '{{foo|[[a|']
  const closers = ['', '', '}}', '\n}}', '}}}', 'text']
  const lines = [pick(openers)]
  for (let line = 0; line < 3; line++) {
    lines.push(
      `${pick(['', '', '<!-- c -->'])}${heading(pick, pick(['a', 'b']))}${pick(['', '', ' x', '<!-- c -->'])}`,
    )
    if (random() < 0.5) lines.push(pick(closers))
  }
  return lines.join('\n')
}

/** Link targets that MediaWiki's titles accept or refuse. */
const linkTitles: Generator = (random, pick) => {
  const targets = [
    'Foo',
    '../Foo',
    './Foo',
    'Foo/./bar',
    'Foo/../bar',
    '.',
    '..',
    'Foo/..',
    'Foo/.',
    '/Foo',
    '::Foo',
    ': :Foo',
    ':Foo',
    'Talk:',
    'Talk: ',
    'Talk:#a',
    'Category:',
    ':Category:',
    'File:',
    'Media:',
    'Special:',
    'User:',
    'Foo&#124;bar',
    'Foo&#x7C;',
    'Foo&#91;',
    '&#58;Foo',
    'Foo&amp;',
    'Foo&lt;',
    'Foo&bogus;',
    'Foo&#0;',
    'Foo&nbsp;bar',
    'Foo%7Cbar',
    'Foo%5Bbar',
    'Foo%3Cbar',
    'Foo%0A',
    'Foo%7F',
    'Foo%23bar',
    'Foo%',
    'Foo%zz',
    '%41',
    'Foo%2541',
    'Foo%C3%A9',
    'Foo%FF',
    'Foo#<bar>',
    'Foo#<b>',
    'Foo#a>b',
    'Foo#<bar>x>y',
    'Foo<bar>',
    'Foo#%3Cbar',
    'Foo~~~bar',
    'Foo~~bar',
    'Talk:Talk:Foo',
    'Talk:File:Foo',
    'Talk::Foo',
    'User:Talk:Foo',
    '#',
    'Foo#',
    'Foo#a#b',
    'x'.repeat(256),
    'é'.repeat(128),
    'é'.repeat(127),
    'Foo\u200Ebar',
    ' \u00A0Foo',
  ]
  const texts = ['', '', '|text', '|']
  const links = 1 + Math.floor(random() * 2)
  return Array.from(
    { length: links },
    () => `x [[${pick(targets)}${pick(texts)}]]${pick(['', 's'])}`,
  ).join(' ')
}

/**
 * `[[…]]` inside HTML tags and table attributes, where MediaWiki escapes the brackets. (Not in a
 * template's parameter there: the missing template's own red link would be escaped too.)
 */
const attributeLinks: Generator = (_random, pick) => {
  const link = pick(['[[Foo]]', '[[Foo|bar]]', '[[Foo]]s', '[[File:X.jpg]]', '[[Category:C]]'])
  const places = [
    `<span title="${link}">x</span>`,
    `<span title=${link}>x</span>`,
    `<span title='${link}'>x</span>`,
    `<div class="a ${link} b">x</div>`,
    `<span ${link}>x</span>`,
    `<span title="a" ${link}>x</span>`,
    `<br title="${link}">`,
    `<span title="${link}"`,
    `<bogus title="${link}">`,
    `<span title="${link}>x</span>`,
    `<span title="a">${link}</span>`,
    `{| title="${link}"\n| a\n|}`,
    `{|\n|- class="${link}"\n| a\n|}`,
    `{|\n|- ${link}\n| a\n|}`,
    `{|\n| title="${link}" | a\n|}`,
    `{|\n| a\n|}\n|- ${link}`,
  ]
  return `${pick(places)}\n${pick(['', '[[Bar]]', 'text'])}`
}

/** Variables whose magic words siteinfo marks case-insensitive, and case-sensitive ones. */
const magicVariables: Generator = (_random, pick) => {
  const names = [
    'server',
    'SERver',
    'SERVER',
    'Server',
    'servername',
    'SCRIPTPATH',
    'scriptpath',
    'stylepath',
    'articlepath',
    'pageid',
    'PAGENAME',
    'pagename',
    'Pagename',
    'CURRENTYEAR',
    'currentyear',
    'SITENAME',
  ]
  // Not `{{pageid:x}}`: that parser function looks page X up, which records a link to it.
  const forms = (name: string): string[] => [
    `{{${name}}}`,
    `{{ ${name} }}`,
    `{{${name}|x}}`,
    name.toLowerCase() === 'pageid' ? `{{${name}}}` : `{{${name}:x}}`,
    `{{${name.replace(/name$/iu, '_name')}}}`,
  ]
  return [pick(forms(pick(names))), pick(forms(pick(names)))].join(' ')
}

/** A redirect's target of any namespace, and a file link's `link=` option. */
const redirectAndLinkOption: Generator = (random, pick) => {
  const redirectTargets = [
    'Category:Foo',
    ':Category:Foo',
    'File:X.jpg',
    'Foo',
    'Talk:Foo',
    'Category:Foo|sort',
  ]
  const linkValues = [
    'Foo',
    'Foo#a',
    ':Category:Bar',
    'Category:Bar',
    'http://x.y',
    '',
    '../x',
    '#a',
    'foo bar_baz',
    'Talk:Baz',
    'Foo|link=Bar',
  ]
  const file = `[[${pick(['File:', 'File:', 'Media:', ':File:'])}X.jpg|${pick(['', 'thumb|'])}${pick(['link=', 'link=', ' link = '])}${pick(linkValues)}${pick(['', '|caption'])}]]`
  return random() < 0.5
    ? `#REDIRECT [[${pick(redirectTargets)}]]\n${pick(['', file, '[[Category:C]]'])}`
    : `${file} ${pick(['', '[[Category:C]]', file])}`
}

const classes: Record<string, { generate: Generator; chosen: string[] }> = {
  'inclusion tags on heading lines': {
    generate: inclusionTagHeadings,
    chosen: ['== a ==<noinclude>\nx\n</noinclude>', '<noinclude>== a ==</noinclude>'],
  },
  'headings in file captions': {
    generate: captionHeadings,
    chosen: [
      '[[File:X.jpg|thumb|\n== T ==\n]]',
      '[[File:X.jpg|thumb|\n<!-- c -->== T ==\n]]',
      '[[File:X.jpg|thumb|\n<!-- c -->== T ==|left]]',
      '[[File:X.jpg|left|\n<!-- c -->== T ==\n]]',
    ],
  },
  'headings after a redirect': {
    generate: redirectHeadings,
    chosen: ['#REDIRECT [[Foo]] <!-- c -->\n== a ==\n== b =='],
  },
  'headings among unclosed templates': {
    generate: templateHeadings,
    chosen: [
      '{{foo\n== a ==',
      '{{foo\n== a ==\n}}',
      '{{foo\n<!-- c -->== a ==\n}}',
      '{{foo\n<!-- c -->== a ==}}',
      '{{foo|\n<!-- c -->== a ==\n}}',
      '{{foo\nbar\n<!-- c -->== a ==\n|k=v}}',
      '{{foo\nbar\n<!-- c -->== a ==\n|k=v\n<!-- c -->=== b ===\n}}',
    ],
  },
  'link title validity': {
    generate: linkTitles,
    chosen: [
      '[[../Foo]] [[::Foo]] [[Talk:]] [[Foo&#124;bar]] [[Foo%7Cbar]]',
      '[[Foo#<bar>]]',
      "[[#</nowiki>''']]",
      '[[Foo#</span>]]',
      '[[Foo#<span>]]',
      '[[Foo#<br>]]',
      '[[Foo#<br/>]]',
      '[[&nbsp;]]',
      '[[Category:#if:*]]',
    ],
  },
  'links in attributes': {
    generate: attributeLinks,
    chosen: ['<span title="[[Foo]]">x</span>', '{|\n|- class="[[Foo]]"\n| a\n|}'],
  },
  'case-insensitive magic variables': {
    generate: magicVariables,
    chosen: ['{{server}} {{SERver}}'],
  },
  'redirect targets and link options': {
    generate: redirectAndLinkOption,
    chosen: ['#REDIRECT [[Category:Foo]]', '[[File:X.jpg|link=Foo]]'],
  },
}

/**
 * Inputs of each class that still differ from MediaWiki, by class: each must differ (so a fix
 * shows up as a failure here until its entry is removed), and every other input must agree.
 */
const knownDifferences: Record<string, readonly string[]> = {}

// Tracking categories that MediaWiki adds by itself (the wiki holds no files).
const TRACKING = new Set(['Pages_with_broken_file_links'])

interface Parsed {
  sections: string[]
  links: string[]
  templates: string[]
  categories: string[]
}

interface ApiParse {
  sections: { level: string; anchor: string; index: string; byteoffset: number | null }[]
  links: { ns: number; title: string; exists?: boolean }[]
  templates: { ns: number; title: string }[]
  categories: { category: string; hidden?: boolean }[]
  wikitext: string
}

interface Theirs extends Parsed {
  wikitext: string
  offsets: { level: number; offset: number | null }[]
}

async function theirs(local: LocalWiki, text: string): Promise<Theirs> {
  const body = new URLSearchParams({
    action: 'parse',
    text,
    title: 'Edge probe',
    contentmodel: 'wikitext',
    prop: 'sections|links|templates|categories|wikitext',
    disablelimitreport: '1',
    format: 'json',
    formatversion: '2',
  })
  const response = await fetch(local.wiki.apiUrl, { method: 'POST', body })
  if (!response.ok) throw new Error(`api.php answered HTTP ${response.status}`)
  const json = (await response.json()) as { parse: ApiParse }
  const parse = json.parse
  return {
    wikitext: parse.wikitext,
    offsets: parse.sections.map((s) => ({ level: Number(s.level), offset: s.byteoffset })),
    // Sections a template's own text brings (`T-1`) cannot come from these inputs.
    sections: parse.sections.map(
      (s) => `${s.level} ${s.anchor} ${s.index} ${String(s.byteoffset)}`,
    ),
    links: unique(parse.links.map((link) => link.title)),
    templates: unique(parse.templates.map((template) => template.title)),
    categories: unique(
      parse.categories.map((c) => c.category).filter((name) => !TRACKING.has(name)),
    ),
  }
}

/** The fields that differ, both sides shown: the failure message. */
function difference(actual: Parsed, expected: Parsed): string {
  return (Object.keys(expected) as (keyof Parsed)[])
    .filter((key) => JSON.stringify(actual[key]) !== JSON.stringify(expected[key]))
    .map(
      (key) =>
        `${key}: ours ${JSON.stringify(actual[key])}, MediaWiki ${JSON.stringify(expected[key])}`,
    )
    .join('; ')
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)].sort()
}

/**
 * Where MediaWiki starts parsing a redirect page: after `#REDIRECT [[…]]` and the whitespace
 * after it (its content handler parses only the rest, so section offsets count from there).
 */
function bodyStart(text: string): number {
  const match =
    /^[ \t\n\r\0\v]*#redirect[ \t\n\r\f\v]*:?[ \t\n\r\f\v]*\[\[[^\n]*?(?:\|[^\n]*?)?\]\][ \t\n\r\f\v]*/iu.exec(
      text,
    )
  return match === null ? 0 : match[0].length
}

/** A title as MediaWiki prints it: first letter upper case, `_` a space, spaces collapsed. */
function pageTitle(namespace: string, page: string): string {
  const spaced = page.replace(/[_\s\u00A0]+/gu, ' ').trim()
  const first = spaced.charAt(0).toUpperCase() + spaced.slice(1)
  return namespace === '' ? first : `${namespace}:${first}`
}

/** A link target with references and percent escapes decoded, as MediaWiki reads it. */
function decodedTarget(target: string): string {
  let value = target
  if (value.includes('%')) {
    try {
      value = decodeURIComponent(value.replace(/%(?![0-9A-Fa-f]{2})/gu, '%25'))
    } catch {
      // Left as written: such a target is no link, so it never reaches here.
    }
  }
  return value
    .replace(/&amp;/gu, '&')
    .replace(/&nbsp;/gu, ' ')
    .replace(/&#(\d+);/gu, (_, code: string) => String.fromCodePoint(Number(code)))
}

function splitNamespace(target: string, site: Site): [namespace: string, page: string] {
  const colon = target.indexOf(':')
  if (colon === -1) return ['', target]
  const prefix = target.slice(0, colon).trim().toLowerCase()
  const known = [
    ...site.namespaces,
    ...site.fileNamespaces,
    ...site.categoryNamespaces,
    ...site.mediaNamespaces,
  ].find((name) => name.toLowerCase() === prefix)
  if (known === undefined) return ['', target]
  const canonical = site.fileNamespaces.includes(known)
    ? 'File'
    : site.mediaNamespaces.includes(known)
      ? 'Media'
      : known
  return [canonical, target.slice(colon + 1)]
}

function ours(site: Site, wikitext: string): Parsed {
  const tree = fromWikitext(wikitext, { site })
  const locator = createLocator(wikitext)
  const base = locator.toCodePoint(bodyStart(wikitext))
  const sections = sectionsOf(tree, { site }).map(
    (s) =>
      `${s.level} ${s.anchor} ${s.index ?? ''} ${s.index === null ? 'null' : String(locator.toCodePoint(s.start) - base)}`,
  )
  const links: string[] = []
  const templates: string[] = []
  const categories: string[] = []
  const index = indexSite(site)
  const walk = (node: Node): void => {
    const rendered = renderedChildren(node, index)
    if (node.type === 'template' && rendered.length === 0) {
      const title = pageTitle('Template', node.name)
      templates.push(title)
      links.push(title)
      // A missing template's parameters are never expanded.
      return
    }
    if (node.type === 'internalLink') {
      const [namespace, page] = splitNamespace(decodedTarget(node.target).replace(/^:/u, ''), site)
      if (node.kind === 'category') categories.push(pageTitle('', page).replace(/ /gu, '_'))
      else if (node.kind === 'page' && (page !== '' || namespace !== '')) {
        links.push(pageTitle(namespace === 'Media' ? 'File' : namespace, page))
      }
    }
    // What MediaWiki prints: a template whose name is no title as written, an argument's default.
    const parts =
      node.type === 'template' || node.type === 'templateArgument'
        ? rendered
        : 'children' in node
          ? (node.children as Node[])
          : []
    for (const child of parts) walk(child)
  }
  walk(tree)
  // A file link's `link=` option links to its page.
  for (const link of linksOf(tree, { excludedPrefixes: new Set(), site })) {
    if (link.option !== 'link' || link.target === null) continue
    const [namespace, page] = splitNamespace(decodedTarget(link.target.replace(/^:/u, '')), site)
    links.push(pageTitle(namespace, page))
  }
  return {
    sections,
    links: unique(links),
    templates: unique(templates),
    categories: unique(categories),
  }
}

describe('MediaWiki’s edge cases, class by class', () => {
  const local = useLocalWiki()
  const count = Number(process.env.WIKI_EDGE_INPUTS ?? 40)

  for (const [name, { generate, chosen }] of Object.entries(classes)) {
    const { random, pick } = seeded(
      [...name].reduce((hash, char) => (hash * 31 + char.charCodeAt(0)) | 0, 7),
    )
    const inputs = new Set(chosen)
    for (let attempt = 0; inputs.size < chosen.length + count && attempt < count * 20; attempt++) {
      inputs.add(generate(random, pick))
    }
    const known = new Set(knownDifferences[name] ?? [])

    describe(`${name}`, () => {
      it.each([...inputs])('%j', async (text) => {
        const { wikitext, offsets: all, ...expected } = await theirs(local, text)
        const actual = ours(local.site, wikitext)
        const differs = difference(actual, expected)
        // Each section MediaWiki gives an offset slices onto the heading sectionsOf found there.
        const tree = fromWikitext(wikitext, { site: local.site })
        const offsets = all.filter((s) => s.offset !== null)
        const unsliced = offsets.filter(
          (section, index) =>
            sectionSliceAt(wikitext, {
              tree,
              codePointOffset: section.offset as number,
              level: section.level,
              nextCodePointOffset: offsets[index + 1]?.offset ?? null,
            }) === null,
        )
        // A known difference must still differ; any other input must agree (the message says how
        // it does not).
        expect(
          known.has(text)
            ? { differs: differs !== '' || unsliced.length > 0 }
            : { differs, unsliced },
        ).toEqual(known.has(text) ? { differs: true } : { differs: '', unsliced: [] })
      })

      it('the known differences are among the inputs', () => {
        for (const text of known) expect(inputs.has(text)).toBe(true)
      })
    })
  }
})
