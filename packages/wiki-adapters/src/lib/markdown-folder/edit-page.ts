import { WikiSourceError } from '../wiki-source-error.js'
import { invalidArguments } from './argument-error.js'
import type { FrontmatterSchema } from './frontmatter-schema.js'
import type { LockedWriter } from './locked-write.js'
import { findSection, pageSections } from './markdown-sections.js'
import { sha256Hex } from './sha256.js'
import type { EditPageInput, EditResult } from './types.js'
import {
  assertChecksumFormat,
  assertPageSize,
  assertValidFrontmatter,
  writablePagePath,
} from './write-rules.js'

/**
 * Changes part of an existing page under its lock: an exact text replaced where it occurs the
 * expected number of times, or one section's body replaced, appended to or prepended to. The
 * whole new file passes the same checks as a full write (size, frontmatter) before it replaces
 * the old one atomically.
 */
export async function editPage(
  writer: LockedWriter,
  schema: FrontmatterSchema,
  input: EditPageInput,
): Promise<EditResult> {
  assertChecksumFormat(input.expectedChecksum)
  const pagePath = writablePagePath('path', input.path)
  const change = editOf(input)
  return writer.withPage(pagePath, async (page) => {
    if (page.current === undefined) {
      throw new WikiSourceError(
        'not_found',
        `No page "${pagePath}" in wiki/ to edit; create it with a full write.`,
        { data: { path: pagePath } },
      )
    }
    const old = page.current.toString('utf8')
    const edited =
      change.kind === 'text' ? replaceText(old, change) : editSection(old, change, pagePath)
    // A section edit may name the section's own checksum instead of the file's: an agent that
    // read only that section can still edit it conditionally.
    const expected = input.expectedChecksum
    const sectionMatches =
      expected !== undefined && expected !== '' && edited.sectionSha256?.startsWith(expected)
    if (!sectionMatches) page.assertExpected(expected)
    assertPageSize(edited.text)
    assertValidFrontmatter(schema, pagePath, edited.text)
    const written = await page.replace(edited.text)
    return {
      success: true,
      path: pagePath,
      sha256: written.sha256,
      bytes: written.bytes,
      replacements: edited.replacements,
    }
  })
}

type Change =
  | { kind: 'text'; oldText: string; newText: string; occurrences: number }
  | { kind: 'section'; section: string; mode: 'replace' | 'append' | 'prepend'; text: string }

function editOf(input: EditPageInput): Change {
  const textEdit = input.oldText !== undefined || input.newText !== undefined
  const sectionEdit = input.section !== undefined
  if (textEdit === sectionEdit) {
    throw invalidArguments(
      textEdit ? 'section' : 'oldText',
      'give either oldText and newText (a text replacement) or section, mode and text (a section edit), not both',
    )
  }
  if (textEdit) {
    if (input.oldText === undefined || input.oldText === '')
      throw invalidArguments('oldText', 'oldText must be the non-empty exact text to replace')
    if (input.newText === undefined)
      throw invalidArguments('newText', 'newText is required with oldText ("" deletes it)')
    const occurrences = input.occurrences ?? 1
    if (!Number.isInteger(occurrences) || occurrences < 1)
      throw invalidArguments(
        'occurrences',
        `occurrences must be an integer ≥ 1 (got ${occurrences})`,
      )
    return { kind: 'text', oldText: input.oldText, newText: input.newText, occurrences }
  }
  if (input.mode === undefined)
    throw invalidArguments('mode', 'mode must be "replace", "append" or "prepend" with section')
  if (input.text === undefined) throw invalidArguments('text', 'text is required with section')
  return { kind: 'section', section: input.section ?? '', mode: input.mode, text: input.text }
}

interface Edited {
  readonly text: string
  readonly replacements: number
  readonly sectionSha256?: string
}

function replaceText(old: string, change: Extract<Change, { kind: 'text' }>): Edited {
  const matches = countOccurrences(old, change.oldText)
  if (matches !== change.occurrences) {
    throw new WikiSourceError(
      'match_count_mismatch',
      `oldText occurs ${matches} time${matches === 1 ? '' : 's'}, expected ${change.occurrences}; ${matches === 0 ? 're-read the page and copy the text exactly' : 'give a longer oldText or occurrences'}. Nothing was changed.`,
      { data: { matches, expected: change.occurrences } },
    )
  }
  return { text: old.split(change.oldText).join(change.newText), replacements: matches }
}

/** Non-overlapping occurrences, as `split` and `replaceAll` count them. */
function countOccurrences(text: string, needle: string): number {
  let count = 0
  for (let i = text.indexOf(needle); i !== -1; i = text.indexOf(needle, i + needle.length))
    count += 1
  return count
}

function editSection(
  old: string,
  change: Extract<Change, { kind: 'section' }>,
  pagePath: string,
): Edited {
  const section = findSection(pageSections(old), change.section, pagePath)
  const sectionSha256 = sha256Hex(Buffer.from(old.slice(section.start, section.end), 'utf8'))
  const nl = old.includes('\r\n') ? '\r\n' : '\n'
  const block = change.text
    .replace(/\s+$/, '')
    .replace(/^(?:\r?\n)+/, '')
    .replace(/\r?\n/g, nl)
  let heading = old.slice(section.start, section.bodyStart)
  if (!heading.endsWith('\n')) heading += nl
  // The body as lead (line breaks under the heading), core and trail (blank lines before the
  // next heading): the lead and trail are kept as they were, so only the core changes.
  const body = old.slice(section.bodyStart, section.end)
  const lead = /^(?:\r?\n)*/.exec(body)?.[0] ?? ''
  const core = body.slice(lead.length).replace(/\s+$/, '')
  const trail = body.slice(lead.length + core.length)
  const joined =
    change.mode === 'replace' || core === ''
      ? block
      : change.mode === 'prepend'
        ? `${block}${nl}${nl}${core}`
        : `${core}${nl}${nl}${block}`
  const atEnd = section.end >= old.length
  let rebuilt: string
  if (joined === '') rebuilt = `${heading}${atEnd ? '' : nl}`
  else {
    const leadOut = core === '' ? nl : lead
    const newlines = (trail.match(/\n/g) ?? []).length
    const trailOut = atEnd
      ? trail === '' && core === ''
        ? nl
        : trail
      : newlines >= 2
        ? trail
        : `${nl}${nl}`
    rebuilt = `${heading}${leadOut}${joined}${trailOut}`
  }
  const text = `${old.slice(0, section.start)}${rebuilt}${old.slice(section.end)}`
  return { text, replacements: 1, sectionSha256 }
}
