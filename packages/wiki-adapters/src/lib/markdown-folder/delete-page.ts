import { unlink } from 'node:fs/promises'
import path from 'node:path'
import { WikiSourceError } from '../wiki-source-error.js'
import { invalidArguments } from './argument-error.js'
import { fsyncFolder } from './atomic-write.js'
import { compareCodeUnits } from './links.js'
import type { LockedWriter } from './locked-write.js'
import type { PageCatalog } from './page-catalog.js'
import type { DeleteResult, DeletePageInput } from './types.js'
import { assertChecksumFormat, writablePagePath } from './write-rules.js'

/**
 * Deletes a page under its lock, conditionally. While other pages link to it, it is refused
 * (`has_backlinks`, naming them) unless `force` is given; either way the answer lists the pages
 * whose links the deletion leaves broken.
 */
export async function deletePage(
  catalog: PageCatalog,
  writer: LockedWriter,
  input: DeletePageInput,
): Promise<DeleteResult> {
  assertChecksumFormat(input.expectedChecksum)
  const pagePath = writablePagePath('path', input.path)
  await catalog.refresh()
  const page = catalog.get(pagePath)
  if (!page) throw notFound(pagePath)
  if (page.realPath !== path.join(catalog.root, page.path))
    throw invalidArguments('path', `"${pagePath}" is a symlink; delete the file it points to`)
  const backlinks = backlinksOf(catalog, page.slug)
  if (backlinks.length > 0 && input.force !== true) {
    throw new WikiSourceError(
      'has_backlinks',
      `${backlinks.length} page${backlinks.length === 1 ? ' links' : 's link'} to ${pagePath} (${backlinks.slice(0, 20).join(', ')}${backlinks.length > 20 ? ', …' : ''}); fix those links first, or pass force: true to leave them broken.`,
      { data: { path: pagePath, backlinks } },
    )
  }
  return writer.withPage(pagePath, async (locked) => {
    if (locked.current === undefined) throw notFound(pagePath)
    locked.assertExpected(input.expectedChecksum)
    await unlink(locked.realPath)
    await fsyncFolder(path.dirname(locked.realPath))
    catalog.forget(pagePath)
    return { success: true, path: pagePath, brokenBacklinks: backlinks }
  })
}

/** The pages, other than itself, with a link that resolves to `slug`. */
export function backlinksOf(catalog: PageCatalog, slug: string): string[] {
  const resolver = catalog.slugResolver()
  const sources: string[] = []
  for (const page of catalog.pages()) {
    if (page.slug === slug) continue
    const links = page.links.some((link) => {
      const resolution = resolver.resolve(link)
      return resolution.status === 'resolved' && resolution.slug === slug
    })
    if (links) sources.push(page.slug)
  }
  return sources.sort(compareCodeUnits)
}

function notFound(pagePath: string): WikiSourceError {
  return new WikiSourceError('not_found', `No page "${pagePath}" in wiki/.`, {
    data: { path: pagePath },
  })
}
