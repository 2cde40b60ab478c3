import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { SHARED_MISSING_REASON, sharedDir } from '@wiki/test-utils'
import {
  archwiki,
  createLocator,
  fromWikitext,
  sectionsOf,
  toWikitext,
} from '@wiki/wikitext-parser'
import { invariantProblems } from './helpers/invariants.js'

interface RecordedSection {
  level: string
  index: string
  byteoffset: number | null
  anchor: string
  linkAnchor: string
}

const dir = sharedDir()
// Recorded Arch Wiki pages (GNU FDL) are read in place, never copied into the repository.
const pages = dir
  ? readdirSync(join(dir, 'arch-fixtures'))
      .filter((name) => name.startsWith('parse_') && name.endsWith('.json'))
      .flatMap((name) => {
        const json = JSON.parse(readFileSync(join(dir, 'arch-fixtures', name), 'utf8')) as {
          parse?: { wikitext?: { '*'?: string }; sections?: RecordedSection[] }
        }
        const wikitext = json.parse?.wikitext?.['*']
        return typeof wikitext === 'string'
          ? [{ name, wikitext, sections: json.parse?.sections ?? [] }]
          : []
      })
  : []

describe.skipIf(!dir)(`recorded Arch pages (${SHARED_MISSING_REASON})`, () => {
  it('has pages to check', () => {
    expect(pages.length).toBeGreaterThanOrEqual(9)
  })

  it.each(pages.map((page) => [page.name, page] as const))(
    '%s round-trips with exact positions',
    (_name, page) => {
      const tree = fromWikitext(page.wikitext)
      expect(toWikitext(tree)).toBe(page.wikitext)
      expect(invariantProblems(tree, page.wikitext)).toEqual([])
    },
  )

  it.each(pages.map((page) => [page.name, page] as const))(
    '%s lists the recorded sections',
    (_name, page) => {
      const locator = createLocator(page.wikitext)
      const ours = sectionsOf(fromWikitext(page.wikitext), { profile: archwiki }).map(
        (section) => ({
          anchor: section.anchor,
          linkAnchor: section.linkAnchor,
          level: String(section.level),
          index: String(section.index),
          byteoffset: locator.toCodePoint(section.start),
        }),
      )
      const recorded = page.sections
        .filter((section) => section.byteoffset !== null)
        .map(({ anchor, linkAnchor, level, index, byteoffset }) => ({
          anchor,
          linkAnchor,
          level,
          index,
          byteoffset,
        }))
      expect(ours).toEqual(recorded)
    },
  )
})
