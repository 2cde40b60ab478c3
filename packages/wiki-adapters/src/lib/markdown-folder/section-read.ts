import type { LocalDate } from './local-date.js'
import { findSection, pageSections } from './markdown-sections.js'
import type { PageCatalog } from './page-catalog.js'
import { readConfinedPage } from './page-file.js'
import { sha256Hex } from './sha256.js'
import type { SectionRead } from './types.js'

/**
 * One section of a page, read from disk: the heading line, its body and its subsections, with a
 * checksum of that text alone, so an agent can read and conditionally edit a part of a long page.
 */
export async function readSection(
  catalog: PageCatalog,
  date: LocalDate,
  slug: string,
  wanted: string,
): Promise<SectionRead> {
  await catalog.refresh()
  const page = catalog.resolveSlug(slug)
  const { bytes, info } = await readConfinedPage(catalog, page, slug)
  const fileText = bytes.toString('utf8')
  const section = findSection(pageSections(fileText), wanted, page.path)
  const text = fileText.slice(section.start, section.end)
  return {
    path: page.path,
    slug: page.slug,
    heading: section.heading,
    sectionSlug: section.slug,
    level: section.level,
    line: section.line,
    text,
    sectionSha256: sha256Hex(Buffer.from(text, 'utf8')),
    sha256: sha256Hex(bytes),
    updatedAt: date(info.mtimeMs),
  }
}
