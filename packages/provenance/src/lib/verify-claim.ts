import type { VerifyMatch, VerifyResult } from './audit.js'
import type { SourcePattern } from './source-patterns.js'
import { hashContent } from './hash-content.js'
import { ProvenanceError } from './provenance-error.js'
import { SOURCE_PATTERNS } from './source-patterns.js'
import { verifySubstring } from './verify-substring.js'

/** What `verify` is asked to check, read from one evidence object or the loose arguments. */
export interface VerifyClaim {
  readonly revid: number
  /** The quoted verbatim text, or `null` when only a hash is claimed. */
  readonly contentRaw: string | null
  readonly contentHash: string | null
  /** The pattern the text is claimed to be, or `null` when none is claimed. */
  readonly sourcePattern: SourcePattern | null
  /** The section the text is claimed to come from, or `null` for the whole page. */
  readonly sectionAnchor: string | null
  /** The `revision_wikitext_url` the evidence carried: compared, never fetched. */
  readonly claimedUrl: string | null
}

/** `verify`'s arguments: one evidence object, or the loose fields. */
export interface VerifyArguments {
  readonly evidence?: Readonly<Record<string, unknown>> | undefined
  readonly revid?: number | undefined
  readonly content_raw?: string | undefined
  readonly content_hash?: string | undefined
  readonly source_pattern?: SourcePattern | undefined
  readonly section_anchor?: string | undefined
}

/** One text re-extracted from the revision, and what it is. */
export interface VerifyItem {
  readonly match: VerifyMatch
  /** The item's verbatim text, as the evidence tool returns it in `content_raw`/`message_raw`. */
  readonly raw: string
}

/** The revision a claim is checked against, and what was re-extracted from it. */
export interface VerifyContext {
  readonly revid: number
  readonly title: string
  readonly wikitext: string
  /** The URL rebuilt from the revid (the one anyone can fetch to check). */
  readonly revisionWikitextUrl: string
  /**
   * For a claimed pattern: every item of that pattern in the claimed section (or page). For a
   * hash-only claim: every candidate of the revision. A string instead says why there is nothing
   * to compare with (the claimed section is not in the revision, or cannot be sliced).
   */
  readonly items: readonly VerifyItem[] | string
}

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null)

function invalid(message: string): ProvenanceError {
  return new ProvenanceError('invalid_arguments', `Invalid arguments for tool verify: ${message}`)
}

/** The anchor a URL's fragment names, decoded, or `null` without one. */
function fragmentOf(url: string | null): string | null {
  if (url === null) return null
  const at = url.indexOf('#')
  if (at === -1 || at === url.length - 1) return null
  try {
    return decodeURIComponent(url.slice(at + 1))
  } catch {
    throw invalid(`the fragment of ${JSON.stringify(url)} holds invalid percent-encoding`)
  }
}

/**
 * Reads a claim from `verify`'s arguments. An evidence object names its pattern by its fields
 * (`wikitext` a page, `section_anchor` a section, `message_raw` a warning, `source_pattern` a code
 * block) and its section by `section_anchor` or the fragment of `source_url`/`revision_url`.
 * Throws `ProvenanceError` `invalid_arguments` naming what is missing or contradictory.
 */
export function readVerifyClaim(args: Readonly<VerifyArguments>): VerifyClaim {
  const claim = readClaimFields(args)
  // UTF-8 has no encoding for half a surrogate pair: such text can be neither hashed nor found in
  // a revision, so it is a bad argument, not a failure of ours.
  for (const [field, value] of [
    ['content_raw', claim.contentRaw],
    ['section_anchor', claim.sectionAnchor],
  ] as const) {
    const index = value?.search(LONE_SURROGATE) ?? -1
    if (index !== -1) {
      throw invalid(
        `${field}: holds a lone UTF-16 surrogate at index ${index}; expected well-formed Unicode text`,
      )
    }
  }
  return claim
}

// With the `u` flag a surrogate range matches only unpaired halves.
const LONE_SURROGATE = /[\uD800-\uDFFF]/u

function readClaimFields(args: Readonly<VerifyArguments>): VerifyClaim {
  const { evidence } = args
  if (evidence) {
    const loose = (
      ['revid', 'content_raw', 'content_hash', 'source_pattern', 'section_anchor'] as const
    ).filter((key) => args[key] !== undefined)
    if (loose.length > 0) throw invalid(`give evidence or ${loose.join(', ')}, not both`)
    const revid = evidence.revid
    if (typeof revid !== 'number' || !Number.isInteger(revid) || revid < 1) {
      throw invalid(`evidence.revid: expected a positive integer, got ${JSON.stringify(revid)}`)
    }
    const contentRaw =
      str(evidence.content_raw) ?? str(evidence.message_raw) ?? str(evidence.wikitext)
    const contentHash = str(evidence.content_hash) ?? str(evidence.wikitext_hash)
    if (contentRaw === null && contentHash === null) {
      throw invalid(
        'evidence: expected content_raw, message_raw or wikitext, or content_hash or wikitext_hash',
      )
    }
    const declared = str(evidence.source_pattern)
    if (declared !== null && !SOURCE_PATTERNS.some((p) => p === declared)) {
      throw invalid(
        `evidence.source_pattern: expected one of ${SOURCE_PATTERNS.join(', ')}, got ${JSON.stringify(declared)}`,
      )
    }
    const sourcePattern: SourcePattern | null =
      evidence.wikitext !== undefined
        ? 'page'
        : evidence.section_anchor !== undefined
          ? 'section'
          : evidence.message_raw !== undefined
            ? 'warning'
            : (declared as SourcePattern | null)
    const sectionAnchor =
      sourcePattern === 'page'
        ? null
        : (str(evidence.section_anchor) ??
          fragmentOf(str(evidence.source_url)) ??
          fragmentOf(str(evidence.revision_url)))
    return {
      revid,
      contentRaw,
      contentHash,
      sourcePattern,
      sectionAnchor,
      claimedUrl: str(evidence.revision_wikitext_url),
    }
  }
  if (
    args.revid === undefined ||
    (args.content_raw === undefined && args.content_hash === undefined)
  ) {
    throw invalid('expected evidence, or revid with content_raw and/or content_hash')
  }
  if (args.section_anchor !== undefined && args.source_pattern === 'page') {
    throw invalid(
      'section_anchor: a page is not in a section; leave it out for source_pattern page',
    )
  }
  return {
    revid: args.revid,
    contentRaw: args.content_raw ?? null,
    contentHash: args.content_hash ?? null,
    sourcePattern: args.source_pattern ?? null,
    sectionAnchor: args.section_anchor ?? null,
    claimedUrl: null,
  }
}

const PATTERN_NAMES: Readonly<Record<SourcePattern, string>> = {
  page: 'the whole page',
  section: 'a section slice',
  template_bc: 'a {{bc}} block',
  template_hc: 'an {{hc}} block',
  indented_block: 'an indented block',
  warning: 'an admonition body',
}

/** Where the claim looked: `section 'X' of revision N` or `revision N`. */
function scopeName(claim: VerifyClaim, revid: number): string {
  return claim.sectionAnchor === null
    ? `revision ${revid}`
    : `section '${claim.sectionAnchor}' of revision ${revid}`
}

/**
 * `verify`'s answer to one claim, from the revision and what was re-extracted from it. It reports
 * only what it checked: `matched` is the item found by re-extraction, never the caller's claim, and
 * `checked` says in one sentence what was compared with what.
 *
 * - Text and a pattern: the text must be exactly one of the items of that pattern in the claimed
 *   section (`method: 're-extraction'`); text that occurs elsewhere in the revision, or is only part
 *   of an item, is not reproduced.
 * - Text alone: the text must occur in the revision (`method: 'substring'`, `matched: null`).
 * - A hash alone: some candidate must hash to it (`method: 're-extraction'`).
 * In every case a claimed hash must equal the hash of the text.
 */
export function judgeVerifyClaim(claim: VerifyClaim, context: VerifyContext): VerifyResult {
  const base = {
    revid: context.revid,
    title: context.title,
    revision_wikitext_url: context.revisionWikitextUrl,
    url_matches: claim.claimedUrl === null || claim.claimedUrl === context.revisionWikitextUrl,
    content_hash: claim.contentHash,
  }
  const where = scopeName(claim, context.revid)

  if (claim.contentRaw === null) {
    const wanted = (claim.contentHash as string).toLowerCase()
    const items = typeof context.items === 'string' ? [] : context.items
    const hits = items.filter((item) => hashContent(item.raw) === wanted)
    const hit = hits[0]
    const checked = `The hash of each page, section, code block and admonition body of ${where}, against content_hash.`
    return {
      reproduced: hit !== undefined,
      method: 're-extraction',
      ...base,
      computed_hash: hit ? wanted : null,
      found_at: hit ? locate(context.wikitext, hit).found_at : null,
      occurrences: hits.length,
      matched: hit?.match ?? null,
      checked,
      reason: hit
        ? null
        : typeof context.items === 'string'
          ? context.items
          : `Nothing in ${where} hashes to ${wanted}.`,
    }
  }

  const computed = hashContent(claim.contentRaw)
  const claimed = claim.contentHash?.toLowerCase() ?? null
  const hashOk = claimed === null || claimed === computed
  const hashNote = claimed === null ? '' : ' and its hash against content_hash'

  if (claim.sourcePattern === null) {
    const found = verifySubstring({
      wikitext: context.wikitext,
      contentRaw: claim.contentRaw,
      contentHash: claim.contentHash,
    })
    return {
      reproduced: found.reproduced,
      method: 'substring',
      ...base,
      computed_hash: found.computed_hash,
      found_at: found.found_at,
      occurrences: found.occurrences,
      matched: null,
      checked: `That content_raw occurs somewhere in the wikitext of revision ${context.revid}${hashNote}; no source pattern was claimed, so what it is was not checked.`,
      reason: found.reason,
    }
  }

  const pattern = claim.sourcePattern
  const checked = `That content_raw is exactly ${PATTERN_NAMES[pattern]} of ${where}${hashNote}.`
  const needle = claim.contentRaw.normalize('NFC')
  const items = typeof context.items === 'string' ? [] : context.items
  const hits = items.filter((item) => item.raw.normalize('NFC') === needle)
  const hit = hits[0]
  const at = locate(context.wikitext, { match: { source_pattern: pattern }, raw: claim.contentRaw })
  let reason: string | null = null
  if (typeof context.items === 'string') reason = context.items
  else if (hit === undefined) {
    reason =
      at.found_at === null
        ? `The text does not occur in revision ${context.revid}.`
        : `The text occurs in revision ${context.revid} (${at.occurrences} time${at.occurrences === 1 ? '' : 's'}), but it is not ${PATTERN_NAMES[pattern]} of ${where}: none of its ${items.length} such item${items.length === 1 ? ' is' : 's is'} this text.`
  } else if (!hashOk) {
    reason = `The text is ${PATTERN_NAMES[pattern]} of ${where}, but its hash is ${computed}, not the claimed ${claimed ?? ''}.`
  }
  return {
    reproduced: hit !== undefined && hashOk,
    method: 're-extraction',
    ...base,
    computed_hash: computed,
    found_at: at.found_at,
    occurrences: hits.length,
    matched: hit?.match ?? null,
    checked,
    reason,
  }
}

/** Where an item's text sits in the revision (indented blocks with their marker spaces back). */
function locate(
  wikitext: string,
  item: VerifyItem,
): { found_at: number | null; occurrences: number } {
  const found = verifySubstring({
    wikitext,
    contentRaw: item.raw,
    sourcePattern: item.match.source_pattern === 'indented_block' ? 'indented_block' : null,
  })
  return { found_at: found.found_at, occurrences: found.occurrences }
}
