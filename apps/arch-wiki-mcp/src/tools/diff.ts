import { defineTool } from '@wiki/mcp-core'
import type { Backend, Revision } from '../backend.js'
import type { SiteSet } from '../sites.js'
import { loadPage, scopeOf, siteOf } from '../evidence.js'
import { failureOf } from '../errors.js'
import { WikiFailure } from '../backend.js'
import { diffInput, diffOutput } from '../schemas.js'

// Line pairs compared once the common head and tail are trimmed: 4 bytes each, so one call takes
// at most 64 MB however large and different the two revisions are.
const MAX_DIFF_WORK = 16_000_000

/** The text diffed: the whole wikitext, or one section's slice, naming the revision on failure. */
function textOf(backend: Backend, revision: Revision, anchor: string | null): string {
  try {
    return scopeOf(backend, revision, anchor).text
  } catch (error) {
    const failure = failureOf(error)
    if (failure?.code === 'section_not_found' || failure?.code === 'evidence_unresolvable') {
      throw new WikiFailure(
        failure.code,
        `${failure.message} at revision ${revision.revid}; a renamed section has another anchor there (see sections with that revid, or diff the whole page)`,
      )
    }
    throw error
  }
}

export function diffTool(sites: SiteSet) {
  return defineTool({
    name: 'diff',
    title: 'Unified diff of a page between two revisions, with hashes',
    description:
      "The unified diff of a page (or of one section, by anchor) from revision from to revision to (default the current one), computed from the two wikitexts, not the wiki's HTML diff. from_wikitext_hash and to_wikitext_hash attest both whole revisions and *_content_hash the texts diffed, so anyone can fetch both by revid, check them and apply the diff. identical is true when nothing changed (diff is then empty).",
    input: diffInput,
    output: diffOutput,
    access: 'read',
    handler: async (args) => {
      const backend = sites.pick(args.site, args.title_or_url)
      const anchor = args.anchor ?? null
      const from = await loadPage(backend, args.title_or_url, { revid: args.from })
      const to = await loadPage(backend, args.title_or_url, { revid: args.to })
      const before = textOf(backend, from, anchor)
      const after = textOf(backend, to, anchor)
      const label = (revision: Revision) =>
        `${revision.title}@${revision.revid}${anchor === null ? '' : `#${anchor}`}`
      const diff = backend.diff(before, after, label(from), label(to), { maxWork: MAX_DIFF_WORK })
      return {
        title: to.title,
        section_anchor: anchor,
        from_revid: from.revid,
        to_revid: to.revid,
        from_revision_url: backend.revisionUrl(from.revid, anchor),
        to_revision_url: backend.revisionUrl(to.revid, anchor),
        from_revision_wikitext_url: backend.revisionWikitextUrl(from.revid),
        to_revision_wikitext_url: backend.revisionWikitextUrl(to.revid),
        from_wikitext_hash: backend.hash(from.wikitext),
        to_wikitext_hash: backend.hash(to.wikitext),
        from_content_hash: backend.hash(before),
        to_content_hash: backend.hash(after),
        identical: before === after,
        diff,
        redirected_from: to.redirectedFrom ?? from.redirectedFrom,
        site: siteOf(backend),
      }
    },
  })
}
