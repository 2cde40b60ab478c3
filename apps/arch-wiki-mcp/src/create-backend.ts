// The Backend of the running server: @wiki/wiki-adapters talks to the wiki, @wiki/wikitext-parser
// extracts, @wiki/provenance builds URLs and hashes. This file only adapts their shapes to the
// tools' seam (backend.ts).
import {
  createWikiSite,
  hashContent,
  pageUrl,
  parseTitleOrUrl,
  revisionUrl,
  revisionWikitextUrl,
  unifiedDiff,
  type WikiSite,
} from '@wiki/provenance'
import {
  createMediaWikiSource,
  type MediaWikiSource,
  type MediaWikiSourceOptions,
} from '@wiki/wiki-adapters/mediawiki'
import {
  admonitionsOf,
  archwiki,
  cleanSnippet,
  codeBlocksOf,
  createLocator,
  fromWikitext,
  linksOf,
  sectionSliceAt,
  templatesOf,
  WikitextParserError,
  type AdmonitionType,
  type Node,
  type Root,
} from '@wiki/wikitext-parser'
import { toMarkdown } from '@wiki/wikitext-parser/markdown'
import type { AliasResolution, ApiSection, Backend, Revision } from './backend.js'
import { WikiFailure } from './backend.js'

export interface CreateBackendOptions {
  site: WikiSite
  /** Everything but the API URL, which comes from the site. */
  source?: Omit<MediaWikiSourceOptions, 'apiUrl'>
}

const SOURCE_PATTERNS = {
  codeBlock: 'template_bc',
  fileBlock: 'template_hc',
  indented: 'indented_block',
} as const

/** The templates of a page that have a body: verify hashes these. */
function templatesWithBody(tree: Root) {
  return templatesOf(tree, { profile: archwiki }).filter((call) => call.raw !== '')
}

/**
 * The template names warnings() sends for alias resolution (also used by the record script):
 * every template's name at every depth of the page outside comments, nowiki and opaque tags,
 * code templates and bodiless ones included (the names depend only on the page, so one query per page serves every section).
 * A call with a modifier (`subst:`) is written with a `:`, which is never sent.
 */
function templateNamesOf(tree: Root): string[] {
  const names: string[] = []
  const stack: Node[] = [tree]
  while (stack.length > 0) {
    const node = stack.pop() as Node
    if ((node.type === 'template' || node.type === 'magicWord') && node.modifier === null) {
      names.push(node.name)
    }
    if ('children' in node)
      for (let index = node.children.length - 1; index >= 0; index--)
        stack.push(node.children[index] as Node)
  }
  return names
}

export function templateNames(wikitext: string): string[] {
  return templateNamesOf(fromWikitext(wikitext))
}

/**
 * Remembers a pure function of a wikitext. Revisions never change, so whatever is extracted from
 * one never changes either: a cached page answers commands, warnings, links and section without
 * parsing again. Keys are the texts themselves (the whole page is the same string object as the
 * revision cache holds, whose hash V8 keeps); at most `max` entries, oldest dropped first.
 */
function memo<T>(fn: (text: string) => T, max = 128): (text: string) => T {
  const cache = new Map<string, T>()
  return (text) => {
    const hit = cache.get(text)
    if (hit !== undefined) return hit
    const value = fn(text)
    if (cache.size >= max) cache.delete(cache.keys().next().value as string)
    cache.set(text, value)
    return value
  }
}

export function createBackend(
  options: CreateBackendOptions,
): Backend & { source: MediaWikiSource } {
  const { site } = options
  const codeBlocks = memo((wikitext: string) =>
    codeBlocksOf(fromWikitext(wikitext), { profile: archwiki }).map((block) => ({
      sourcePattern: SOURCE_PATTERNS[block.kind],
      raw: block.raw,
      content: block.text,
      placeholders: block.placeholders,
      header: block.header,
      sliceable: block.sliceable,
    })),
  )
  // Trees are large (a node per construct): keep only a few.
  const tree = memo((wikitext: string) => fromWikitext(wikitext), 8)
  const rendered = memo((raw: string) => toMarkdown(fromWikitext(raw), { profile: archwiki }))
  const names = memo((wikitext: string) => templateNamesOf(tree(wikitext)))
  const source = createMediaWikiSource({
    ...options.source,
    apiUrl: `${site.base}${site.apiPath}`,
  })

  const toRevision = (
    page: Omit<Revision, 'redirectedFrom' | 'sections'> & {
      sections: readonly (Omit<ApiSection, 'fromtitle'> & { fromtitle: string | false | null })[]
      redirectedFrom?: string | null
    },
  ): Revision => ({
    title: page.title,
    pageid: page.pageid,
    revid: page.revid,
    wikitext: page.wikitext,
    sections: page.sections.map((s) => ({ ...s, fromtitle: s.fromtitle ?? false })),
    redirectedFrom: page.redirectedFrom ?? null,
  })

  return {
    source,
    titleFrom: (input) => parseTitleOrUrl(site, input),
    titleAndAnchorFrom(input) {
      const title = parseTitleOrUrl(site, input)
      const hash = input.trim().split('#')[1]
      let anchor: string | null = null
      if (hash !== undefined && hash !== '') {
        try {
          anchor = decodeURIComponent(hash)
        } catch {
          throw new WikiFailure(
            'malformed_wiki_url',
            `The anchor of ${JSON.stringify(input)} holds invalid percent-encoding`,
          )
        }
      }
      return { title, anchor }
    },
    pageUrl: (title, anchor) => pageUrl(site, title, anchor),
    revisionUrl: (revid, anchor) => revisionUrl(site, revid, anchor),
    revisionWikitextUrl: (revid) => revisionWikitextUrl(site, revid),
    hash: hashContent,
    diff: (before, after, oldHeader, newHeader) =>
      unifiedDiff(before, after, { oldHeader, newHeader }),

    page: async (title, pageOptions) =>
      toRevision(await source.getPage(title, { fresh: pageOptions?.fresh === true })),
    revision: async (revid) => toRevision(await source.getRevision(revid)),
    async search(query, limit) {
      const { nearmatch, text } = await source.search(query, limit)
      return { exact: nearmatch[0] ?? null, text: [...text] }
    },
    linkPrefixes: () => source.linkPrefixes(),
    async templateAliases(revision) {
      let resolved
      try {
        resolved = await source.resolveTemplateAliases(revision.title, names(revision.wikitext))
      } catch (error) {
        // Keep the code (outage or missing recording); say why there is no answer at all.
        if (error instanceof Error) {
          error.message = `Cannot resolve template aliases for '${revision.title}': ${error.message} Refusing to return an English-only subset of the warnings as complete.`
        }
        throw error
      }
      const out = new Map<string, AliasResolution>()
      for (const [name, alias] of resolved) {
        if (alias.kind === 'admonition') {
          out.set(name, {
            type: alias.type,
            alias: alias.alias,
            aliasTarget: alias.aliasTarget,
            aliasRevid: alias.aliasRevid,
          })
        } else if (alias.kind === 'unresolvable') {
          out.set(name, { unresolvable: alias.reason })
        }
      }
      return out
    },

    sectionSlice(revision, section) {
      const { wikitext } = revision
      const offset = section.byteoffset as number
      const level = Number(section.level)
      // The slice ends at the next non-null offset of a later section: subsections excluded.
      const position = revision.sections.indexOf(section)
      const next = revision.sections.slice(position + 1).find((s) => s.byteoffset !== null)
      const nextOffset = next?.byteoffset ?? null
      const failure = (why: string) =>
        new WikiFailure(
          'evidence_unresolvable',
          `Section '${section.anchor}' in page '${revision.title}' did not resolve to a heading (${why})`,
        )
      let slice
      try {
        slice = sectionSliceAt(wikitext, {
          codePointOffset: offset,
          level,
          nextCodePointOffset: nextOffset,
          tree: tree(wikitext),
        })
      } catch (error) {
        // Section data no page can match (a negative offset, a level outside 1-6): fail closed.
        if (!(error instanceof WikitextParserError)) throw error
        throw failure(`the wiki's section entry was refused: ${error.message}`)
      }
      if (!slice) throw failure(landing(wikitext, offset, level, nextOffset))
      return slice
    },
    codeBlocks,
    admonitions(wikitext, aliases) {
      const types = new Map<string, AdmonitionType>()
      // An unresolvable name still marks an admonition, so the tool can refuse it.
      for (const [name, a] of aliases) types.set(name, 'type' in a ? a.type : 'WARNING')
      return admonitionsOf(tree(wikitext), { profile: archwiki, aliases: types }).map((a) => ({
        type: a.type,
        name: a.name,
        aliasKey: a.alias,
        raw: a.raw,
        message: a.message,
      }))
    },
    templateBodies: (wikitext) => templatesWithBody(tree(wikitext)).map((call) => call.raw),
    links: (wikitext, excludedPrefixes) =>
      linksOf(tree(wikitext), { excludedPrefixes }).map((link) => ({
        targetPage: link.target ?? '',
        displayText: link.text,
        anchor: link.anchor,
      })),
    renderSection: rendered,
    cleanSnippet: (snippet) => cleanSnippet(snippet, archwiki),
  }
}

/**
 * Where a section offset landed, for the message of a slice that did not resolve: the start of the
 * line it points into, or how far past the end of the page it is.
 */
function landing(wikitext: string, offset: number, level: number, next: number | null): string {
  const locator = createLocator(wikitext)
  const length = locator.toCodePoint(wikitext.length)
  if (offset > length) return `offset ${offset} is past the end of the page, ${length} code points`
  const start = locator.fromCodePoint(offset)
  const lineEnd = wikitext.indexOf('\n', start)
  const line = wikitext.slice(start, lineEnd === -1 ? wikitext.length : lineEnd)
  const ending = next === null ? '' : `, next section at ${next}`
  return `offset ${offset} landed on ${JSON.stringify(line.slice(0, 40))}; expected a level-${level} heading${ending}`
}

/** Validates the site settings; throws the provenance error that names the bad setting. */
export function siteFrom(settings: {
  wikiUrl: string
  articlePath: string
  apiPath: string
}): WikiSite {
  return createWikiSite({
    base: settings.wikiUrl,
    articlePath: settings.articlePath,
    apiPath: settings.apiPath,
  })
}
