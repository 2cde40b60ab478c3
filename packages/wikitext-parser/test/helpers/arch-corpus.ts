import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { sharedDir } from '@wiki/test-utils'

// The recorded Arch Wiki pages are GNU FDL: read in place, never copied into the repository.
const dir = sharedDir()

/** The recorded `action=parse` responses, or undefined when ../shared is not beside this clone. */
export const archCorpus: string | undefined = dir ? join(dir, 'arch-fixtures') : undefined

export interface RecordedSection {
  anchor: string
  level: string
  /** Code points, despite the name; null for a section a template brought in. */
  byteoffset: number | null
}

export interface RecordedPage {
  /** The recorded file's name, e.g. `parse_GRUB.json`. */
  file: string
  wikitext: string
  sections: RecordedSection[]
}

/** Every recorded `parse_*.json` page, by file name; empty without the corpus. */
export function recordedPages(): RecordedPage[] {
  const corpus = archCorpus
  if (!corpus) return []
  return readdirSync(corpus)
    .filter((file) => file.startsWith('parse_') && file.endsWith('.json'))
    .sort()
    .flatMap((file) => {
      const body = JSON.parse(readFileSync(join(corpus, file), 'utf8')) as {
        parse?: { wikitext: string | { '*': string }; sections: RecordedSection[] }
      }
      if (!body.parse) return []
      const { wikitext, sections } = body.parse
      return [{ file, wikitext: typeof wikitext === 'string' ? wikitext : wikitext['*'], sections }]
    })
}

/**
 * Each recorded section of `page` that has an offset, with its slice: from its code-point offset to
 * the next such section's, or to the end of the page.
 */
export function sectionSlices(page: RecordedPage): { anchor: string; text: string }[] {
  const points = [...page.wikitext]
  const located = page.sections.filter((section) => section.byteoffset !== null)
  return located.map((section, i) => {
    const end = located[i + 1]?.byteoffset ?? points.length
    return { anchor: section.anchor, text: points.slice(section.byteoffset!, end).join('') }
  })
}
