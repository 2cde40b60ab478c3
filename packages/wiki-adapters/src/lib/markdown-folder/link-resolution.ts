import path from 'node:path/posix'
import { AttachmentLookup, looksLikeAttachment } from './attachment-lookup.js'
import type { RawLink, Resolution } from './links.js'
import type { PageCatalog } from './page-catalog.js'

/** Resolves one link of the page `fromSlug`. */
export type ResolveLink = (link: RawLink, fromSlug: string) => Resolution

/**
 * Link resolution for one call: a link to a page by the catalog's slug resolver (slug, case,
 * basename, alias), and a wikilink that names no page but looks like a file (`rack.png`) to that
 * file, so an embed of an existing attachment is resolved rather than broken. The resolved slug of
 * an attachment is its path, extension included.
 */
export function linkResolver(catalog: PageCatalog): ResolveLink {
  const pages = catalog.slugResolver()
  let files: AttachmentLookup | undefined
  return (link, fromSlug) => {
    const resolution = pages.resolve(link)
    if (resolution.status !== 'broken' || link.kind !== 'wiki') return resolution
    if (!looksLikeAttachment(link.target)) return resolution
    files ??= new AttachmentLookup(catalog.root)
    const match = files.find(link.target, path.dirname(fromSlug))
    if (match.status === 'found') return { status: 'resolved', slug: match.path }
    if (match.status === 'ambiguous') return { status: 'ambiguous', candidates: match.candidates }
    return resolution
  }
}
