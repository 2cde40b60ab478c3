// A page at a given revision: the `revid` argument of page, section, commands, warnings, links and
// diff. The revision is read by id through the same path `verify` uses (cached by revid: a
// revision never changes), then checked to belong to the page the caller named, so a revid of
// another page never answers under this title.
import { parseTitleOrUrl } from '@wiki/provenance'
import { WikiFailure, type Backend, type Revision } from './backend.js'

/** Titles that differ only as MediaWiki's URL form and display form do. */
function sameSpelling(a: string, b: string): boolean {
  const form = (title: string) => title.trim().replaceAll('_', ' ').replace(/ +/g, ' ')
  return form(a) === form(b)
}

export async function loadRevision(
  backend: Backend,
  titleOrUrl: string,
  revid: number,
): Promise<Revision> {
  const asked = parseTitleOrUrl(backend.site, titleOrUrl)
  const revision = await backend.revision(revid)
  // The common case costs nothing more: the caller wrote the title the revision carries.
  if (sameSpelling(asked, revision.title)) return { ...revision, redirectedFrom: null }
  // Otherwise ask the wiki which page the title names (case rules, namespace aliases, a redirect).
  const page = await backend.resolveTitle(asked)
  if (page.pageid !== revision.pageid) {
    throw new WikiFailure(
      'invalid_arguments',
      `revid ${revid} is a revision of '${revision.title}', not of '${page.title}' (asked as '${asked}'); take a revid from history of that page.`,
    )
  }
  return { ...revision, redirectedFrom: page.redirectedFrom }
}
