import { percentEncode, percentEncodeAnchor } from './percent-encode.js'
import type { WikiSite } from './wiki-site.js'

/**
 * `url` / `source_url`: the article URL of `title` (the title the wiki served), spaces as `_`,
 * with an optional anchor. It follows the page: it shows the wiki's current state.
 */
export function pageUrl(site: WikiSite, title: string, anchor?: string | null): string {
  const path = site.articlePath.replace('$1', () => percentEncode(title.replaceAll(' ', '_')))
  return `${site.base}${path}${fragment(anchor)}`
}

/** `revision_url`: `index.php?oldid=<revid>` [+ anchor], the link to cite. */
export function revisionUrl(site: WikiSite, revid: number, anchor?: string | null): string {
  return `${site.base}${site.indexPath}?oldid=${checkRevid(revid)}${fragment(anchor)}`
}

/**
 * `revision_wikitext_url`: the API call that returns the revision's wikitext. Never
 * `index.php?action=raw`, which some wikis answer with an HTML bot challenge under HTTP 200.
 */
export function revisionWikitextUrl(site: WikiSite, revid: number): string {
  return `${site.base}${site.apiPath}?action=parse&oldid=${checkRevid(revid)}&prop=wikitext&format=json`
}

/** `alias_revision_url`: the revision of a template redirect, or `null` when there is none. */
export function aliasRevisionUrl(site: WikiSite, aliasRevid: number | null): string | null {
  return aliasRevid === null ? null : revisionUrl(site, aliasRevid)
}

function fragment(anchor: string | null | undefined): string {
  return anchor === undefined || anchor === null || anchor === ''
    ? ''
    : `#${percentEncodeAnchor(anchor)}`
}

function checkRevid(revid: number): number {
  if (!Number.isSafeInteger(revid) || revid <= 0) {
    throw new RangeError(`revid must be a positive integer, got ${String(revid)}`)
  }
  return revid
}
