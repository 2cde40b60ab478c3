import type { FrontmatterSchema } from './frontmatter-schema.js'
import type { LockedWriter } from './locked-write.js'
import type { WriteResult } from './types.js'
import {
  assertChecksumFormat,
  assertPageSize,
  assertValidFrontmatter,
  writablePagePath,
} from './write-rules.js'

/**
 * Creates or replaces a whole page. Everything about the input is checked before the disk is
 * touched; then the page is written through the locked, conditional, atomic write path.
 */
export async function writePage(
  writer: LockedWriter,
  schema: FrontmatterSchema,
  input: { path: string; content: string; expectedChecksum?: string | undefined },
): Promise<WriteResult> {
  const { content, expectedChecksum } = input
  assertPageSize(content)
  assertChecksumFormat(expectedChecksum)
  const pagePath = writablePagePath('path', input.path)
  assertValidFrontmatter(schema, pagePath, content)
  return writer.withPage(pagePath, async (page) => {
    page.assertExpected(expectedChecksum)
    const written = await page.replace(content)
    return {
      success: true,
      path: pagePath,
      sha256: written.sha256,
      created: page.current === undefined,
      bytes: written.bytes,
    }
  })
}
