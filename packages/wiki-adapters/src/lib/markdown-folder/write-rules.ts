import { WikiSourceError } from '../wiki-source-error.js'
import { invalidArguments } from './argument-error.js'
import { splitFrontmatter } from './frontmatter.js'
import {
  type FrontmatterIssue,
  type FrontmatterSchema,
  validateFrontmatter,
} from './frontmatter-schema.js'
import { assertLexicalPath } from './path-rules.js'

/** Characters a page may have; a longer page is refused rather than cut. */
export const MAX_PAGE_CHARS = 200_000
const CHECKSUM = /^(?:[0-9a-f]{12}|[0-9a-f]{64})$/

// The checks every page write makes on its input before it touches the disk, so that a refused
// write changes nothing and says what was wrong.

/** The page path of a write, lexically checked (`.md`, no dot segments, …) and in NFC. */
export function writablePagePath(field: string, input: string): string {
  assertLexicalPath(field, input, true)
  return input.normalize('NFC')
}

export function assertPageSize(content: string): void {
  if (content.length > MAX_PAGE_CHARS) {
    throw new WikiSourceError(
      'too_large',
      `content is ${content.length} characters, over the ${MAX_PAGE_CHARS} limit; split the page.`,
      {
        data: { limit: MAX_PAGE_CHARS, size: content.length },
      },
    )
  }
}

/** `undefined` (unconditional), `""` (create only), or 12 or 64 lowercase hex characters. */
export function assertChecksumFormat(expectedChecksum: string | undefined): void {
  if (
    expectedChecksum !== undefined &&
    expectedChecksum !== '' &&
    !CHECKSUM.test(expectedChecksum)
  ) {
    throw invalidArguments(
      'expectedChecksum',
      'expectedChecksum must be "", 12 or 64 lowercase hex characters',
    )
  }
}

/** Refuses text whose frontmatter is not YAML or breaks the schema (exempt pages: YAML only). */
export function assertValidFrontmatter(
  schema: FrontmatterSchema,
  pagePath: string,
  content: string,
): void {
  const issues = frontmatterIssues(schema, pagePath, content)
  if (issues.length > 0) {
    throw new WikiSourceError(
      'invalid_frontmatter',
      `Invalid frontmatter in ${pagePath}: ${issues.map((i) => `${i.field}: ${i.problem}`).join('; ')}`,
      { data: { path: pagePath, issues } },
    )
  }
}

function frontmatterIssues(
  schema: FrontmatterSchema,
  pagePath: string,
  content: string,
): FrontmatterIssue[] {
  const split = splitFrontmatter(content)
  if (split.error) {
    const field = split.error.message.startsWith('The frontmatter root') ? '(root)' : '(yaml)'
    return [
      {
        field,
        problem: `${split.error.message} (line ${split.error.line}, column ${split.error.column})`,
      },
    ]
  }
  if (schema.exempt.includes(pagePath)) return []
  return validateFrontmatter(schema, split.frontmatter)
}
