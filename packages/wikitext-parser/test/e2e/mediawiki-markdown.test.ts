import { HtmlRenderer, Parser } from 'commonmark'
import { describe, expect, it } from 'vitest'
import { archwiki, fromWikitext } from '@wiki/wikitext-parser'
import { toMarkdown } from '@wiki/wikitext-parser/markdown'
import { formattedRuns } from './inline-structure.js'
import { renderHtml, seeded, useLocalWiki } from './local-wiki.js'
import { mixedPages } from './mixed-pages.js'

/**
 * What an agent reads is what the page shows: pages of a few lines with a fixed seed (list
 * prefixes, terms, headings, apostrophe runs, internal and external links, HTML elements, nowiki,
 * character references and every character Markdown gives a meaning) are rendered by a real
 * MediaWiki and, through `toMarkdown` with the `archwiki` profile, by the reference CommonMark
 * implementation (commonmark.js). Both HTMLs must show the same characters, bold, italic and
 * external-link addresses, whitespace aside, and the same headings at the same levels.
 * WIKI_MARKDOWN_PAGES runs more of them (3,000 agreed when this was written).
 *
 * What the renderer changes on purpose is applied to MediaWiki's side: an
 * external link shows its address after its text, `text (address)`, or the address alone; an
 * emphasis's trailing apostrophes go after its closing marker (`*pacman*'s`). Left out: space-led
 * lines (fenced code keeps its source, by design).
 */
const prefixes = ['', '', '', '*', '**', '#', '#*', '*#', '== ', '=== ', ':', ';', '*:', '; a :']
const pieces = [
  'a',
  ' b c',
  ' ',
  "''",
  "'''",
  "'''''",
  "l'a",
  '[[p|q]]',
  '[[p]]s',
  "[[p|''q'']]",
  '[http://e.com x]',
  '[http://e.com]',
  "[http://e.com ''x'']",
  'http://e.com/y',
  'http://e.com/y|z',
  '<span>x</span>',
  '<i>x</i>',
  '<b>y</b>',
  '&amp;',
  '&lt;t&gt;',
  "<nowiki>''n''</nowiki>",
  '<nowiki>*</nowiki>',
  ...['*', '_', '#', '`', '\\', '[', ']', '1.', '>', '~', '|', '-', '+', '&', '<'],
]

function generatedPages(count: number): string[] {
  return mixedPages(count, {
    seed: 0x3d7,
    lines: 4,
    prefixes,
    pieces,
    fewest: 1,
    spread: 6,
    beforeClosing: ' ',
    // Each link its own address, so the pieces MediaWiki splits a link into can be told apart
    // from links side by side.
    finish: (page) => {
      let link = 0
      return page.replace(/e\.com/g, () => `e${++link}.com`)
    },
    keep: (page) => !/(?:^|\n) /.test(page),
  })
}

/**
 * HTML as `<b>` and `<i>` over text (`strong` and `em` are those), other tags dropped, references
 * decoded; a decoded `<` is written `‹`, so it never reads as a tag.
 */
function formatted(html: string): string {
  return html
    .replace(/<(\/?)([a-z0-9]+)[^>]*>/g, (_, slash: string, name: string) => {
      const tag = name === 'strong' ? 'b' : name === 'em' ? 'i' : name
      return tag === 'b' || tag === 'i' ? `<${slash}${tag}>` : ''
    })
    .replace(/&#160;/g, ' ')
    .replace(/&#0?39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '‹')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
}

// The contents box ends with its list; formatting its entries leave open may follow.
const contentsBox = /<div id="toc"[\s\S]*?<\/ul>(?:\s|<\/?[bi]>)*<\/div>/

/**
 * MediaWiki's page as the renderer shows it: the contents box and edit links gone, each external
 * link written `text (address)` (the address alone when it shows a number or is bare). Its HTML
 * cleanup splits a link that formatting crosses into pieces, some empty; pieces of one link
 * (same address, only tags between) are joined back first.
 */
function mediawikiShown(html: string): string {
  const marked = html
    .replace(contentsBox, '')
    .replace(/<span class="mw-editsection">[\s\S]*?<\/span><\/span>/g, '')
    .replace(
      /<a [^>]*class="external (?:free|autonumber)" href="([^"]*)"[^>]*>[\s\S]*?<\/a>/g,
      '$1',
    )
    .replace(
      /<a [^>]*class="external text" href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g,
      '\u0001$1\u0002$2\u0003',
    )
  let joined = marked
  for (let previous = ''; previous !== joined;) {
    previous = joined
    joined = joined.replace(
      /\u0001([^\u0002]*)\u0002([^\u0003]*)\u0003((?:<[^>]*>)*)\u0001\1\u0002/g,
      '\u0001$1\u0002$2$3',
    )
  }
  return formatted(
    joined.replace(
      /\u0001([^\u0002]*)\u0002([^\u0003]*)\u0003/g,
      (_, address: string, text: string) =>
        /[^\s]/.test(text.replace(/<[^>]*>/g, '')) ? `${text} (${address})` : '',
    ),
  )
}

/** The levels of a page's headings, in order, the contents box left out. */
function headingLevels(html: string): string[] {
  return [...html.replace(contentsBox, '').matchAll(/<h([1-6])\b/g)].map(([, level]) => `h${level}`)
}

/** The characters with the elements they lie in, whitespace left out, trailing apostrophes moved. */
function runs(markup: string): string {
  let moved = markup.replace(/\s+/g, '')
  for (let previous = ''; previous !== moved;) {
    previous = moved
    moved = moved.replace(/('+)(<\/[bi]>)/g, '$2$1')
  }
  return formattedRuns(moved)
}

/**
 * Pages of list lines: prefixes of up to four of `*`, `#`, `:` and `;` (a `;` last only), levels
 * skipped, items continued, terms and descriptions, with a word each.
 */
function generatedLists(count: number): string[] {
  const { random, pick } = seeded(0x715)
  const pages = new Set<string>()
  while (pages.size < count) {
    const lines = Array.from({ length: 2 + Math.floor(random() * 5) }, (_, index) => {
      let prefix = ''
      const length = Math.floor(random() * 5)
      for (let level = 0; level < length; level++) prefix += pick(['*', '*', '#', '#', ':', ';'])
      return `${prefix}w${index}`
    })
    const page = lines.join('\n')
    // A `;` inside a prefix is a known gap (README): MediaWiki's one open-term flag.
    if (!/(?:^|\n)[*#:;]*;[*#:;]/.test(page)) pages.add(page)
  }
  return [...pages]
}

/**
 * Each word of a page with how many list items hold it, whichever their kind. An item MediaWiki
 * opens for a skipped level (`*a` then `***b`: the second level's item holds only a list) is not
 * counted: the renderer writes no empty item, and its sublist takes its
 * place. Definition lists are not list items: a bare `:` or `;` line is a paragraph there.
 */
function wordDepths(html: string): string[] {
  const words: string[] = []
  // Per open item: whether it has shown text yet, and whether it opened a list before any.
  const items: { shown: boolean; implied: boolean }[] = []
  for (const [, slash, name, text] of html.matchAll(/<(\/?)([a-z0-9]+)[^>]*>|([^<]+)/g)) {
    if (text !== undefined) {
      for (const word of text.match(/w\d+/g) ?? []) {
        for (const item of items) item.shown = true
        words.push(`${word}@${items.filter((item) => !item.implied).length}`)
      }
    } else if (name === 'li') {
      if (slash === '/') items.pop()
      else items.push({ shown: false, implied: false })
    } else if ((name === 'ul' || name === 'ol') && slash !== '/') {
      const item = items.at(-1)
      if (item && !item.shown) item.implied = true
    }
  }
  return words
}

describe('the Markdown of mixed pages shows what MediaWiki shows', () => {
  const local = useLocalWiki()
  const commonmark = new Parser()
  const html = new HtmlRenderer()

  it.each(generatedPages(Number(process.env.WIKI_MARKDOWN_PAGES ?? 300)))('%j', async (page) => {
    const theirs = await renderHtml(local.wiki, page)
    const markdown = toMarkdown(fromWikitext(page, { site: local.site }), { profile: archwiki })
    const ours = html.render(commonmark.parse(markdown))
    expect(runs(formatted(ours))).toBe(runs(mediawikiShown(theirs)))
    expect(headingLevels(ours)).toEqual(headingLevels(theirs))
  })

  it.each(generatedLists(Number(process.env.WIKI_MARKDOWN_LISTS ?? 300)))(
    'list levels of %j',
    async (page) => {
      const theirs = await renderHtml(local.wiki, page)
      const markdown = toMarkdown(fromWikitext(page, { site: local.site }), { profile: archwiki })
      const ours = html.render(commonmark.parse(markdown))
      expect(wordDepths(ours)).toEqual(wordDepths(theirs))
    },
  )
})
