// One evidence contract: the output schemas the server publishes and parses every result with are
// checked against @wiki/provenance's types at compile time (pnpm typecheck compiles this file), and
// their enumerations against provenance's runtime lists here. A field added, renamed or retyped on
// one side and not the other fails the typecheck.
import {
  ADMONITION_TYPES,
  BACKLINK_KINDS,
  CATEGORY_MEMBER_KINDS,
  CODE_SOURCE_PATTERNS,
  GONE_REASONS,
  RECENT_CHANGE_KINDS,
  RECHECK_KINDS,
  RECHECK_STATUSES,
  SOURCE_PATTERNS,
  VERIFY_METHODS,
  type BacklinksResult,
  type CategoriesResult,
  type CategoryResult,
  type RecentChangesResult,
  type CommandEvidence,
  type CommandsResult,
  type DiffEvidence,
  type EvidenceErrorCode,
  type EvidenceSite,
  type HistoryResult,
  type HistoryRevision,
  type LinkItem,
  type LinksResult,
  type PageEvidence,
  type RecheckResult,
  type SearchResults,
  type SectionEvidence,
  type SectionInfo,
  type SectionsResult,
  type VerifyResult,
  type WarningEvidence,
  type WarningsResult,
} from '@wiki/provenance'
import {
  canonicalTemplateName as adapterCanonicalName,
  type AdmonitionType as AdapterAdmonitionType,
} from '@wiki/wiki-adapters/mediawiki'
import {
  canonicalTemplateName,
  type AdmonitionType as ParserAdmonitionType,
} from '@wiki/wikitext-parser'
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import type { Admonition, CodeBlock, FailureCode } from '../src/backend.js'
import type {
  categoriesOutput,
  commandsOutput,
  diffOutput,
  historyOutput,
  historyRevision,
  linkItem,
  linksOutput,
  pageOutput,
  searchOutput,
  sectionItem,
  sectionOutput,
  sectionsOutput,
  warningsOutput,
} from '../src/schemas.js'
import {
  backlinksOutput,
  categoryOutput,
  commandItem,
  recentChangesOutput,
  recheckInput,
  recheckOutput,
  sourcePattern,
  verifyOutput,
  warningItem,
} from '../src/schemas.js'

/** `readonly` removed at every depth: zod's outputs are mutable, provenance's types read-only. */
type Plain<T> = T extends readonly (infer U)[]
  ? Plain<U>[]
  : T extends object
    ? { -readonly [K in keyof T]: Plain<T[K]> }
    : T
/** True only when A and B are the same type (not merely assignable either way). */
type Equal<A, B> =
  (<T>() => T extends Plain<A> ? 1 : 2) extends <T>() => T extends Plain<B> ? 1 : 2 ? true : false
type Same<Schema extends z.ZodType, Type> = Equal<z.output<Schema>, Type>
/** An answer whose items carry no site: the server adds the wiki it came from beside them. */
type Sited<T> = T & { readonly site: EvidenceSite }

// Each line fails to compile when its schema and its provenance type differ.
export const outputsMatchProvenance: readonly true[] = [
  true satisfies Same<typeof sectionItem, SectionInfo>,
  true satisfies Same<typeof searchOutput, Sited<SearchResults>>,
  true satisfies Same<typeof pageOutput, PageEvidence>,
  true satisfies Same<typeof sectionsOutput, Sited<SectionsResult>>,
  true satisfies Same<typeof sectionOutput, SectionEvidence>,
  true satisfies Same<typeof commandItem, CommandEvidence>,
  true satisfies Same<typeof commandsOutput, Sited<CommandsResult>>,
  true satisfies Same<typeof warningItem, WarningEvidence>,
  true satisfies Same<typeof warningsOutput, Sited<WarningsResult>>,
  true satisfies Same<typeof linkItem, LinkItem>,
  true satisfies Same<typeof linksOutput, Sited<LinksResult>>,
  true satisfies Same<typeof verifyOutput, Sited<VerifyResult>>,
  true satisfies Same<typeof recheckOutput, Sited<RecheckResult>>,
  true satisfies Same<typeof historyRevision, HistoryRevision>,
  true satisfies Same<typeof historyOutput, Sited<HistoryResult>>,
  true satisfies Same<typeof diffOutput, DiffEvidence>,
  true satisfies Same<typeof categoriesOutput, Sited<CategoriesResult>>,
  true satisfies Same<typeof categoryOutput, Sited<CategoryResult>>,
  true satisfies Same<typeof backlinksOutput, Sited<BacklinksResult>>,
  true satisfies Same<typeof recentChangesOutput, Sited<RecentChangesResult>>,
  // The app's own seam and the parser use the same vocabularies.
  true satisfies Equal<CodeBlock['sourcePattern'], CommandEvidence['source_pattern']>,
  true satisfies Equal<Admonition['type'], WarningEvidence['type']>,
  true satisfies Equal<ParserAdmonitionType, WarningEvidence['type']>,
  true satisfies Equal<AdapterAdmonitionType, WarningEvidence['type']>,
  // Provenance's codes, plus the app's own for a site name it does not know.
  true satisfies Equal<
    FailureCode | 'internal_error',
    EvidenceErrorCode | 'unknown_site' | 'site_misconfigured'
  >,
]

describe('the evidence contract', () => {
  it('every enumeration of the schemas is provenance’s list, in its order', () => {
    expect(commandItem.shape.source_pattern.options).toEqual([...CODE_SOURCE_PATTERNS])
    expect(warningItem.shape.type.options).toEqual([...ADMONITION_TYPES])
    expect(sourcePattern.options).toEqual([...SOURCE_PATTERNS])
    expect(verifyOutput.shape.method.options).toEqual([...VERIFY_METHODS])
    expect(recheckOutput.shape.status.options).toEqual([...RECHECK_STATUSES])
    expect(recheckOutput.shape.kind.options).toEqual([...RECHECK_KINDS])
    expect(recheckInput.shape.kind.unwrap().options).toEqual([...RECHECK_KINDS])
    expect(recheckOutput.shape.gone_reason.unwrap().options).toEqual([...GONE_REASONS])
    expect(categoryOutput.shape.members.element.shape.type.options).toEqual([
      ...CATEGORY_MEMBER_KINDS,
    ])
    expect(backlinksOutput.shape.backlinks.element.shape.kind.options).toEqual([...BACKLINK_KINDS])
    expect(recentChangesOutput.shape.changes.element.shape.type.options).toEqual([
      ...RECENT_CHANGE_KINDS,
    ])
    expect(outputsMatchProvenance.every((checked) => checked)).toBe(true)
  })

  it('the adapter keys aliases by the parser’s canonical name (or sends the name not at all)', () => {
    // The adapter resolves aliases under its names and the parser looks them up under its own:
    // the adapter's is the parser's, or null for a name it never sends.
    const names = [
      'note',
      ' Warning_(Français) ',
      'attention',
      'a__b  c',
      'ǆungla',
      '𐐨x',
      'Bc',
      '=',
      '!',
      '#if:x',
      'Template:Note',
      '',
    ]
    for (const name of names) {
      const sent = adapterCanonicalName(name)
      expect([null, canonicalTemplateName(name)]).toContain(sent)
    }
    expect(names.map(adapterCanonicalName).filter((n) => n !== null)).toHaveLength(7)
  })
})
