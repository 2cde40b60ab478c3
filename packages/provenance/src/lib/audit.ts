import type { SourcePattern } from './evidence.js'

/** What `verify` matched when it re-extracted from the revision. */
export interface VerifyMatch {
  readonly source_pattern: SourcePattern
  readonly section_anchor?: string
  readonly block_index?: number
}

/** `verify`'s answer. A hash that is not reproduced is an answer, not an error. */
export interface VerifyResult {
  readonly reproduced: boolean
  readonly method: 'substring' | 're-extraction'
  readonly revid: number
  readonly title: string
  readonly revision_wikitext_url: string
  /** False when the evidence carried a different `revision_wikitext_url`; it is never fetched. */
  readonly url_matches: boolean
  readonly content_hash: string | null
  readonly computed_hash: string | null
  /** Code-point offset in the revision's NFC wikitext, or `null`. */
  readonly found_at: number | null
  readonly occurrences: number
  readonly matched: VerifyMatch | null
  readonly reason: string | null
}

export type RecheckKind = 'page' | 'section' | 'commands' | 'warnings'
export type RecheckStatus = 'unchanged' | 'changed' | 'gone'
export type GoneReason = 'page_not_found' | 'section_not_found' | 'block_not_found'

/** `recheck`'s answer: does the wiki still say what the evidence said? */
export interface RecheckResult {
  readonly status: RecheckStatus
  readonly kind: RecheckKind
  readonly title: string
  readonly anchor: string | null
  readonly redirected_from: string | null
  readonly prior_revid: number
  readonly current_revid: number | null
  readonly prior_content_hash: string
  readonly current_content_hash: string | null
  readonly prior_revision_url: string
  readonly current_revision_url: string | null
  readonly current_revision_wikitext_url: string | null
  readonly source_url: string
  readonly prior_block_index: number | null
  readonly current_block_index: number | null
  readonly gone_reason: GoneReason | null
  /** Unified diff of the raw text, prior → current; `null` unless `status` is `changed`. */
  readonly diff: string | null
}
