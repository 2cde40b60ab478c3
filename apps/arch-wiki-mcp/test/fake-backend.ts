// A small in-memory Backend for the tool-logic tests. Its "extraction" understands only the
// handful of shapes these tests write ({{bc|…}}, {{Note|…}}, [[…]], == headings ==, indented
// lines); the real rules are the packages' and are tested there.
import { createHash } from 'node:crypto'
import { createWikiSite } from '@wiki/provenance'
import type {
  Admonition,
  ApiSection,
  Backend,
  CodeBlock,
  Revision,
  SearchHit,
  TemplateAlias,
} from '../src/backend.js'
import { WikiFailure } from '../src/backend.js'

export interface FakeWiki {
  backend: Backend
  /** Saves a new revision of a page and returns its revid. */
  edit(title: string, wikitext: string): number
  remove(title: string): void
  calls: string[]
  aliases: Map<string, TemplateAlias>
  searchHits: { exact: SearchHit | null; text: SearchHit[] }
  prefixesFrom: 'siteinfo' | 'fallback'
  /** What the list methods answer; each call is logged in `calls` with its arguments as JSON. */
  lists: {
    categories: Awaited<ReturnType<Backend['pageCategories']>>
    members: Awaited<ReturnType<Backend['categoryMembers']>>
    backlinks: Awaited<ReturnType<Backend['backlinks']>>
    recentChanges: Awaited<ReturnType<Backend['recentChanges']>>
    prefix: Awaited<ReturnType<Backend['prefixSearch']>>
  }
}

function sectionsOf(wikitext: string): ApiSection[] {
  const out: ApiSection[] = []
  const re = /^(={2,6}) *(.+?) *\1 *$/gm
  let n = 0
  for (let m = re.exec(wikitext); m; m = re.exec(wikitext)) {
    n++
    const line = m[2] as string
    out.push({
      line,
      anchor: line.replaceAll(' ', '_'),
      level: String((m[1] as string).length),
      toclevel: (m[1] as string).length - 1,
      number: String(n),
      index: String(n),
      byteoffset: m.index,
      fromtitle: 'x',
      linkAnchor: line.replaceAll(' ', '_'),
    })
  }
  return out
}

/** A fake wiki at `base` (default https://wiki.example.org), named `name` in the settings. */
export function fakeWiki(options?: {
  base?: string
  name?: string
  profile?: Backend['profile']
}): FakeWiki {
  const BASE = options?.base ?? 'https://wiki.example.org'
  const current = new Map<string, Revision>()
  const byRevid = new Map<number, Revision>()
  // Page ids from 7, one per title; each page's revids, oldest first.
  const pageids = new Map<string, number>()
  const revidsOf = new Map<string, number[]>()
  let nextRevid = 100
  const calls: string[] = []
  const aliases = new Map<string, TemplateAlias>()
  const wiki: FakeWiki = {
    calls,
    aliases,
    searchHits: { exact: null, text: [] },
    prefixesFrom: 'siteinfo',
    lists: {
      categories: { title: 'Example', redirectedFrom: null, categories: [] },
      members: {
        title: 'Category:Example',
        exists: true,
        counts: null,
        members: [],
        continue: null,
      },
      backlinks: { title: 'Example', exists: true, backlinks: [], continue: null },
      recentChanges: { changes: [], scanned: 0, continue: null },
      prefix: [],
    },
    edit(title, wikitext) {
      const revid = nextRevid++
      if (!pageids.has(title)) pageids.set(title, 7 + pageids.size)
      revidsOf.set(title, [...(revidsOf.get(title) ?? []), revid])
      const revision: Revision = {
        title,
        pageid: pageids.get(title) as number,
        revid,
        wikitext,
        sections: sectionsOf(wikitext),
        redirectedFrom: null,
      }
      current.set(title, revision)
      byRevid.set(revid, revision)
      return revid
    },
    remove(title) {
      current.delete(title)
    },
    backend: {
      site: createWikiSite({ base: BASE }),
      siteName: options?.name ?? 'default',
      profile: options?.profile ?? 'archwiki',
      pageUrl: (title, anchor) =>
        `${BASE}/title/${encodeURIComponent(title.replaceAll(' ', '_'))}${anchor ? `#${anchor}` : ''}`,
      revisionUrl: (revid, anchor) =>
        `${BASE}/index.php?oldid=${revid}${anchor ? `#${anchor}` : ''}`,
      revisionWikitextUrl: (revid) =>
        `${BASE}/api.php?action=parse&oldid=${revid}&prop=wikitext&format=json`,
      hash: (text) => createHash('sha256').update(text.normalize('NFC')).digest('hex'),
      diff: (a, b, from, to) => `--- ${from}\n+++ ${to}\n-${a}\n+${b}\n`,
      page(title, options) {
        calls.push(`page ${title}${options?.fresh ? ' fresh' : ''}`)
        const revision = current.get(title)
        if (!revision)
          return Promise.reject(new WikiFailure('page_not_found', `Page not found: "${title}"`))
        return Promise.resolve(revision)
      },
      revision(revid) {
        calls.push(`revision ${revid}`)
        const revision = byRevid.get(revid)
        if (!revision)
          return Promise.reject(
            new WikiFailure('page_not_found', `Page not found: "oldid ${revid}"`),
          )
        return Promise.resolve(revision)
      },
      history(title, options) {
        calls.push(`history ${title} ${options.limit} ${options.continue ?? '-'}`)
        const revids = revidsOf.get(title)
        if (!revids || !current.has(title))
          return Promise.reject(new WikiFailure('page_not_found', `Page not found: "${title}"`))
        const newest = [...revids].reverse()
        const start = options.continue === null ? 0 : Number(options.continue)
        const slice = newest.slice(start, start + options.limit)
        return Promise.resolve({
          title,
          pageid: pageids.get(title) as number,
          redirectedFrom: null,
          revisions: slice.map((revid) => ({
            revid,
            parentid: revids[revids.indexOf(revid) - 1] ?? 0,
            timestamp: `2026-01-01T00:00:${String(revid % 60).padStart(2, '0')}Z`,
            user: revid % 2 === 0 ? 'Alice' : null,
            userHidden: revid % 2 !== 0,
            comment: `edit ${revid}`,
            commentHidden: false,
            textHidden: false,
            size: byRevid.get(revid)?.wikitext.length ?? 0,
            minor: false,
            tags: [],
          })),
          continue: start + options.limit < newest.length ? String(start + options.limit) : null,
        })
      },
      resolveTitle(title) {
        calls.push(`resolve ${title}`)
        const pageid = pageids.get(title)
        if (pageid === undefined || !current.has(title))
          return Promise.reject(new WikiFailure('page_not_found', `Page not found: "${title}"`))
        return Promise.resolve({ title, pageid, redirectedFrom: null })
      },
      search(query, limit) {
        calls.push(`search ${query} ${limit}`)
        return Promise.resolve(wiki.searchHits)
      },
      pageCategories(title) {
        calls.push(`categories ${title}`)
        return Promise.resolve(wiki.lists.categories)
      },
      categoryTitle(name) {
        return Promise.resolve(name.startsWith('Category:') ? name : `Category:${name}`)
      },
      categoryMembers(options) {
        calls.push(`category ${JSON.stringify(options)}`)
        return Promise.resolve(wiki.lists.members)
      },
      backlinks(options) {
        calls.push(`backlinks ${JSON.stringify(options)}`)
        return Promise.resolve(wiki.lists.backlinks)
      },
      recentChanges(options) {
        calls.push(`recent_changes ${JSON.stringify(options)}`)
        return Promise.resolve(wiki.lists.recentChanges)
      },
      prefixSearch(prefix, limit) {
        calls.push(`prefix ${prefix} ${limit}`)
        return Promise.resolve(wiki.lists.prefix)
      },
      linkPrefixes() {
        return Promise.resolve({ prefixes: new Set(['category']), from: wiki.prefixesFrom })
      },
      templateAliases() {
        calls.push('aliases')
        return Promise.resolve(aliases)
      },
      sectionSlice(revision, section) {
        const start = section.byteoffset as number
        const later = revision.sections.filter((s) => s.byteoffset !== null && s.byteoffset > start)
        return { start, end: later[0]?.byteoffset ?? revision.wikitext.length }
      },
      codeBlocks(wikitext) {
        const blocks: CodeBlock[] = []
        for (const m of wikitext.matchAll(/\{\{bc\|([^}]*)\}\}/g)) {
          const raw = m[1] as string
          const placeholders = [...raw.matchAll(/''(\w+)''/g)].map((p) => p[1] as string)
          blocks.push({
            sourcePattern: 'template_bc',
            raw,
            content: raw.replace(/''(\w+)''/g, '<$1>').trim(),
            placeholders,
            header: null,
            sliceable: true,
          })
        }
        for (const m of wikitext.matchAll(/(?:^ [^\n]*\n?)+/gm)) {
          const raw = m[0]
            .replace(/\n$/, '')
            .split('\n')
            .map((l) => l.slice(1))
            .join('\n')
          blocks.push({
            sourcePattern: 'indented_block',
            raw,
            content: raw,
            placeholders: null,
            header: null,
            sliceable: true,
          })
        }
        return blocks
      },
      admonitions(wikitext) {
        const out: Admonition[] = []
        for (const m of wikitext.matchAll(/\{\{(\w+)\|([^}]*)\}\}/g)) {
          const name = m[1] as string
          const self = ['note', 'warning', 'tip', 'caution'].includes(name.toLowerCase())
          if (!self && !aliases.has(name)) continue
          const raw = (m[2] as string).trim()
          out.push({
            type: self ? (name.toUpperCase() as Admonition['type']) : 'NOTE',
            name,
            aliasKey: self ? null : name,
            raw,
            message: raw.replaceAll("''", ''),
          })
        }
        return out
      },
      links(wikitext, excluded) {
        return [...wikitext.matchAll(/\[\[([^\]|#]*)(?:#([^\]|]*))?(?:\|([^\]]*))?\]\]/g)]
          .filter(
            (m) =>
              !excluded.has(((m[1] as string).split(':')[0] ?? '').toLowerCase()) ||
              !(m[1] as string).includes(':'),
          )
          .map((m) => ({
            targetPage: (m[1] as string).trim(),
            anchor: m[2]?.trim() || null,
            displayText: m[3]?.trim() || null,
          }))
      },
      renderSection: (raw) => Promise.resolve(raw.replace(/^== (.*) ==$/m, '## $1')),
      cleanSnippet: (snippet) => snippet.replace(/<[^>]+>/g, ''),
    },
  }
  return wiki
}
