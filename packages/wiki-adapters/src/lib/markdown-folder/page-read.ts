import { readFile, stat } from 'node:fs/promises'
import { WikiSourceError } from '../wiki-source-error.js'
import { linkResolver } from './link-resolution.js'
import type { LocalDate } from './local-date.js'
import type { PageCatalog } from './page-catalog.js'
import { fileSignature, parsePage } from './page-store.js'
import { sha256Hex } from './sha256.js'
import { cutString } from './tokenize.js'
import type { PageRead } from './types.js'

/**
 * Reads one page by slug from disk (not from memory), so that `fileText` and `sha256` are exactly
 * what a conditional write will compare against; a page found changed is re-parsed into the
 * catalog on the way.
 */
export async function readPage(
  catalog: PageCatalog,
  date: LocalDate,
  slug: string,
  options: { maxChars?: number | undefined },
): Promise<PageRead> {
  await catalog.refresh()
  let page = catalog.resolveSlug(slug)
  let bytes: Buffer
  let info
  try {
    info = await stat(page.realPath)
    bytes = await readFile(page.realPath)
    catalog.countRead()
  } catch {
    catalog.forget(page.path)
    throw new WikiSourceError('not_found', `No page "${slug}" in wiki/ (it was just removed).`, {
      data: { path: slug },
    })
  }
  const fileText = bytes.toString('utf8')
  if (page.signature !== fileSignature(info)) {
    page = parsePage(page.path, page.realPath, fileText, info)
    catalog.store(page)
  }
  const maxChars = options.maxChars ?? 100_000
  const content = cutString(page.content, maxChars)
  const shownText = cutString(fileText, maxChars)
  const resolve = linkResolver(catalog)
  const links = page.links.map((link) => {
    const resolution = resolve(link, page.slug)
    return resolution.status === 'resolved' ? resolution.slug : link.target
  })
  return {
    path: page.path,
    slug: page.slug,
    title: page.title,
    frontmatter: { ...page.frontmatter },
    content,
    links: [...new Set(links)],
    tags: [...page.tags],
    aliases: [...page.aliases],
    updatedAt: date(info.mtimeMs),
    fileText: shownText,
    sha256: sha256Hex(bytes),
    size: bytes.length,
    truncated: content.length < page.content.length || shownText.length < fileText.length,
    ...(page.frontmatterError ? { frontmatterError: page.frontmatterError } : {}),
  }
}
