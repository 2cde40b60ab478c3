// The shapes of the answers that read a page's past: its history (revids and URLs, no hash: a
// list of edits quotes nothing) and the diff of two revisions (hashed: both revisions' wikitext
// hashes, so anyone can fetch the two texts, check them and apply the diff).
import type { EvidenceSite } from './evidence.js'

/** One `history` entry. A field revision deletion hid is `null`, with its `*_hidden` flag set. */
export interface HistoryRevision {
  readonly revid: number
  /** The previous revision of the page, 0 for its first. */
  readonly parentid: number
  readonly timestamp: string
  readonly user: string | null
  readonly user_hidden: boolean
  readonly comment: string | null
  readonly comment_hidden: boolean
  /** The text is hidden: `page` and the other readers refuse this revid. */
  readonly text_hidden: boolean
  /** Bytes of the revision's text. */
  readonly size: number
  readonly minor: boolean
  readonly tags: readonly string[]
  readonly revision_url: string
}

/** `history`: one page of revisions, newest first. */
export interface HistoryResult {
  readonly title: string
  readonly pageid: number
  readonly redirected_from: string | null
  readonly revisions: readonly HistoryRevision[]
  /** Pass as `continue` for older revisions; `null` after the page's first revision. */
  readonly continue: string | null
}

/**
 * `diff`: a unified diff from one revision's text to another's, of the whole page or of one
 * section. `*_wikitext_hash` attests each whole revision, `*_content_hash` the text diffed (the
 * same as the wikitext hash for a whole page).
 */
export interface DiffEvidence {
  readonly title: string
  readonly section_anchor: string | null
  readonly from_revid: number
  readonly to_revid: number
  readonly from_revision_url: string
  readonly to_revision_url: string
  readonly from_revision_wikitext_url: string
  readonly to_revision_wikitext_url: string
  readonly from_wikitext_hash: string
  readonly to_wikitext_hash: string
  readonly from_content_hash: string
  readonly to_content_hash: string
  readonly identical: boolean
  readonly diff: string
  readonly redirected_from: string | null
  readonly site: EvidenceSite
}
