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
  type AdmonitionType,
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

/**
 * Every template body and name of a wikitext, found the way admonitionsOf finds admonitions (any
 * depth, outside comments, nowiki, opaque tags and code templates). An alias map that answers
 * every name makes admonitionsOf report each template with a body, trimmed exactly as §6.6 says.
 */
const EVERY_TEMPLATE: ReadonlyMap<string, AdmonitionType> = {
  get: () => 'NOTE',
  has: () => true,
} as unknown as ReadonlyMap<string, AdmonitionType>

function everyTemplate(wikitext: string) {
  return admonitionsOf(fromWikitext(wikitext), { profile: archwiki, aliases: EVERY_TEMPLATE })
}

/** The template names warnings() sends for alias resolution (also used by the record script). */
export function templateNames(wikitext: string): string[] {
  return everyTemplate(wikitext).map((a) => a.name)
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
  const names = memo(templateNames)
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
      const locator = createLocator(wikitext)
      const start = locator.fromCodePoint(offset)
      // The slice ends at the next non-null offset of a later section: subsections excluded.
      const position = revision.sections.indexOf(section)
      const next = revision.sections.slice(position + 1).find((s) => s.byteoffset !== null)
      const end =
        next?.byteoffset === null || next === undefined
          ? wikitext.length
          : locator.fromCodePoint(next.byteoffset)
      const lineEnd = wikitext.indexOf('\n', start)
      const line = wikitext.slice(start, lineEnd === -1 ? wikitext.length : lineEnd)
      const level = Number(section.level)
      const heading = /^(=+).*?(=+)[ \t]*(?:<!--.*?-->[ \t]*)*$/.exec(line)
      const onHeading =
        offset <= locator.toCodePoint(wikitext.length) &&
        end >= start &&
        (start === 0 || wikitext[start - 1] === '\n') &&
        heading !== null &&
        Math.min((heading[1] as string).length, (heading[2] as string).length) === level
      if (!onHeading) {
        throw new WikiFailure(
          'evidence_unresolvable',
          `Section '${section.anchor}' in page '${revision.title}' did not resolve to a heading (offset ${offset} landed on ${JSON.stringify(line.slice(0, 40))})`,
        )
      }
      return { start, end }
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
    templateBodies: (wikitext) => everyTemplate(wikitext).map((a) => a.raw),
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
