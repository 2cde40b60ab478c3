import { ProvenanceError } from './provenance-error.js'
import type { AdmonitionType, BlockType, CodeSourcePattern } from './source-patterns.js'

/** The evidence tiers. The tier decides which keys an output may carry. */
export type EvidenceTier = 'hashed' | 'attributed' | 'pointer' | 'audit'

/** One entry of a page's section list, with the API's values and types. */
export interface SectionInfo {
  readonly line: string
  readonly anchor: string
  readonly level: string
  readonly toclevel: number
  readonly number: string
  readonly index: string
  /** Code-point offset in the page's wikitext, or `null` for a transcluded section. */
  readonly byteoffset: number | null
  /** The page a transcluded section comes from, or `false` for the page itself. */
  readonly fromtitle: string | false
  readonly link_anchor: string
}

/**
 * The wiki an evidence object came from: the server's name for it and its base URL. A citation
 * verifies against the wiki of `base_url`; the name is only what this server's settings call it.
 */
export interface EvidenceSite {
  readonly name: string
  readonly base_url: string
}

// ── Hashed evidence: revid, revision URLs and a SHA-256 of the verbatim wikitext ─────────────

/** `page`: the whole revision. `wikitext_hash` attests the whole page, never a fragment. */
export interface PageEvidence {
  readonly title: string
  readonly pageid: number
  readonly revid: number
  readonly url: string
  readonly revision_url: string
  readonly revision_wikitext_url: string
  readonly wikitext: string
  readonly wikitext_hash: string
  readonly sections: readonly SectionInfo[]
  readonly redirected_from: string | null
  readonly site: EvidenceSite
}

/** `section`: one section's verbatim slice, rendered and raw. */
export interface SectionEvidence {
  readonly title: string
  readonly url: string
  readonly revision_url: string
  readonly revision_wikitext_url: string
  readonly revid: number
  readonly timestamp: null
  readonly section_anchor: string
  readonly section_heading: string
  readonly extraction_method: 'wikitext_character_offset'
  readonly content: string
  readonly content_raw: string
  readonly content_hash: string
  readonly content_hash_cleaned: string
  readonly redirected_from: string | null
  readonly site: EvidenceSite
}

/** One `commands` item: a code block. */
export interface CommandEvidence {
  readonly content: string
  readonly content_raw: string
  readonly content_hash: string
  readonly content_hash_cleaned: string
  readonly block_type: BlockType
  readonly source_pattern: CodeSourcePattern
  readonly language: null
  readonly header: string | null
  readonly placeholders: readonly string[] | null
  readonly source_url: string
  readonly revision_url: string
  readonly revision_wikitext_url: string
  readonly revid: number
  readonly site: EvidenceSite
}

/** One `warnings` item: an admonition. `alias*` are set only for a redirect alias. */
export interface WarningEvidence {
  readonly type: AdmonitionType
  readonly message: string
  readonly message_raw: string
  readonly content_hash: string
  readonly message_hash_cleaned: string
  readonly revid: number
  readonly alias: string | null
  readonly alias_target: string | null
  readonly alias_revid: number | null
  readonly source_url: string
  readonly revision_url: string
  readonly revision_wikitext_url: string
  readonly alias_revision_url: string | null
  readonly site: EvidenceSite
}

/** The list envelope of `commands`, `warnings` and `links`. */
export type ListEnvelope<Key extends string, Item> = { readonly [K in Key]: readonly Item[] } & {
  readonly title: string
  readonly redirected_from: string | null
}

export type CommandsResult = ListEnvelope<'commands', CommandEvidence>
/**
 * `warnings` also names the template profile it read admonitions with; `note` says why the list
 * cannot be complete (a site without a profile), else null.
 */
export type WarningsResult = ListEnvelope<'warnings', WarningEvidence> & {
  readonly profile: string
  readonly note: string | null
}

// ── Attributed: revid and URLs, no key containing "hash" ──────────────────────────────────────

/** One `links` item. A link is a target, not a quotation: nothing to fingerprint. */
export interface LinkItem {
  readonly target_page: string
  readonly display_text: string | null
  readonly anchor: string | null
  readonly source_page: string
  readonly source_url: string
  readonly revision_url: string
  readonly revision_wikitext_url: string
  readonly revid: number
  readonly site: EvidenceSite
}

export type LinksResult = ListEnvelope<'links', LinkItem> & {
  readonly prefixes_from: 'siteinfo' | 'fallback'
}

// ── Pointers: no revid, no key containing "hash" ──────────────────────────────────────────────

/** One `search` result: exactly these five keys. */
export interface SearchResult {
  readonly title: string
  readonly pageid: number
  readonly snippet: string
  readonly url: string
  /** `title`: the exact-title hit; `text`: a full-text hit; `prefix`: a title starting with the query. */
  readonly match: 'title' | 'text' | 'prefix'
}

export interface SearchResults {
  readonly results: readonly SearchResult[]
}

export interface SectionsResult {
  readonly sections: readonly SectionInfo[]
  readonly title: string
  readonly redirected_from: string | null
}

// ── Tier enforcement ───────────────────────────────────────────────────────────────────────────

/** Keys a pointer may never carry; an attributed output may carry `revid` but no hash. */
type HashKey = `${string}hash${string}` | `${string}Hash${string}`
type Forbid<T, Keys> = T & { readonly [K in Extract<keyof T, Keys>]: never }

/** A value whose keys (at any depth) include neither `revid` nor anything containing `hash`. */
export type Pointer<T extends object> = Forbid<T, 'revid' | HashKey>
/** A value whose keys (at any depth) include nothing containing `hash`. */
export type Attributed<T extends object> = Forbid<T, HashKey>

/**
 * Returns `value` after checking, at every depth, that no key is `revid` or contains `hash`
 * (case-insensitive). Pointers must not look like evidence. Throws `internal_error`: a pointer
 * carrying revision data is a bug in the code that built it.
 */
export function asPointer<T extends object>(value: Pointer<T>): T {
  checkKeys(value, 'pointer', (key) => key === 'revid' || /hash/i.test(key))
  return value
}

/** Returns `value` after checking, at every depth, that no key contains `hash`. */
export function asAttributed<T extends object>(value: Attributed<T>): T {
  checkKeys(value, 'attributed', (key) => /hash/i.test(key))
  return value
}

function checkKeys(value: unknown, tier: string, forbidden: (key: string) => boolean): void {
  const stack: { value: unknown; path: string }[] = [{ value, path: '$' }]
  while (stack.length > 0) {
    const item = stack.pop()
    if (item === undefined || typeof item.value !== 'object' || item.value === null) continue
    if (Array.isArray(item.value)) {
      item.value.forEach((child, index) =>
        stack.push({ value: child, path: `${item.path}[${index}]` }),
      )
      continue
    }
    for (const [key, child] of Object.entries(item.value)) {
      if (forbidden(key)) {
        throw new ProvenanceError(
          'internal_error',
          `A ${tier} output may not carry the key ${JSON.stringify(key)} (at ${item.path}); expected no revision or hash data at this tier.`,
        )
      }
      stack.push({ value: child, path: `${item.path}.${key}` })
    }
  }
}
