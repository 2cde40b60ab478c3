import type { Stats } from 'node:fs'
import { open } from 'node:fs/promises'
import { WikiSourceError } from '../wiki-source-error.js'
import type { PageCatalog } from './page-catalog.js'
import type { StoredPage } from './page-store.js'
import { confinePath, toRelative } from './path-rules.js'

/**
 * A catalogued page's file read from disk, after its path is confined again: a folder on the way
 * may have become a symlink (a `git checkout` can do that) since the page was catalogued, and a
 * read must then refuse it as a write would, not follow it out of the wiki. A page found outside
 * or gone is dropped from the catalog.
 */
export async function readConfinedPage(
  catalog: PageCatalog,
  page: StoredPage,
  shownAs: string,
): Promise<{ bytes: Buffer; info: Stats; realPath: string }> {
  let realPath: string
  try {
    const confined = await confinePath(
      'slug',
      catalog.root,
      toRelative(catalog.root, page.realPath),
      true,
    )
    if (!confined.exists) throw gone(shownAs)
    realPath = confined.realPath
  } catch (error) {
    catalog.forget(page.path)
    throw error
  }
  let handle
  try {
    handle = await open(realPath, 'r')
  } catch {
    catalog.forget(page.path)
    throw gone(shownAs)
  }
  try {
    const info = await handle.stat()
    if (!info.isFile()) throw gone(shownAs)
    const bytes = await handle.readFile()
    catalog.countRead()
    return { bytes, info, realPath }
  } finally {
    await handle.close()
  }
}

function gone(shownAs: string): WikiSourceError {
  return new WikiSourceError('not_found', `No page "${shownAs}" in wiki/ (it was just removed).`, {
    data: { path: shownAs },
  })
}
