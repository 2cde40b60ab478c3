import type {
  GoneReason,
  RecheckKind,
  RecheckStatus,
  SourcePattern,
  VerifyMethod,
} from './source-patterns.js'

/** What `verify` matched when it re-extracted from the revision. */
export interface VerifyMatch {
  readonly source_pattern: SourcePattern
  readonly section_anchor?: string | undefined
  readonly block_index?: number | undefined
}

/** `verify`'s answer. A hash that is not reproduced is an answer, not an error. */
export interface VerifyResult {
  readonly reproduced: boolean
  readonly method: VerifyMethod
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
  /** The item re-extraction found, or `null`: never the caller's claim echoed back. */
  readonly matched: VerifyMatch | null
  /** One sentence saying exactly what was compared with what. */
  readonly checked: string
  readonly reason: string | null
}

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
