import type { GoneReason, RecheckKind, RecheckStatus } from './source-patterns.js'
import { RECHECK_KINDS } from './source-patterns.js'
import { parseTitleOrUrl } from './parse-title-or-url.js'
import { MalformedWikiUrl, ProvenanceError } from './provenance-error.js'
import { unifiedDiff } from './unified-diff.js'
import type { WikiSite } from './wiki-site.js'

/** What `recheck` compares, read from one evidence object or the loose arguments. */
export interface RecheckClaim {
  readonly kind: RecheckKind
  readonly title: string
  /** The section, or `null` for the whole page. */
  readonly anchor: string | null
  readonly revid: number
  readonly contentHash: string
  /** The block the caller points at among several with the same hash, if any. */
  readonly blockIndex: number | null
}

/** `recheck`'s arguments: one evidence object, or the loose fields. */
export interface RecheckArguments {
  readonly evidence?: Readonly<Record<string, unknown>> | undefined
  readonly kind?: RecheckKind | undefined
  readonly title_or_url?: string | undefined
  readonly anchor?: string | undefined
  readonly revid?: number | undefined
  readonly content_hash?: string | undefined
  readonly block_index?: number | undefined
}

/** One quotable item of a revision, as recheck compares them. */
export interface RecheckItem {
  readonly raw: string
  readonly hash: string
  /** `source_pattern` for commands, `type` for warnings: what "the same block" must keep. */
  readonly sort: string
}

/** What recheck found: the items of the claim's scope in the prior and the current revision. */
export interface RecheckObservation {
  /** The title as the wiki serves it now (after redirects), for the diff headers. */
  readonly currentTitle: string
  readonly currentRevid: number
  /** Items of the prior revision (empty when the section is missing there too). */
  readonly prior: readonly RecheckItem[]
  /** Items of the current revision, or `section_not_found` when the section is gone. */
  readonly current: readonly RecheckItem[] | 'section_not_found'
}

/** The comparison part of `recheck`'s answer. */
export interface RecheckVerdict {
  readonly status: RecheckStatus
  readonly current_content_hash: string | null
  readonly prior_block_index: number | null
  readonly current_block_index: number | null
  readonly gone_reason: GoneReason | null
  readonly diff: string | null
}

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined)

function invalid(message: string): ProvenanceError {
  return new ProvenanceError('invalid_arguments', `Invalid arguments for tool recheck: ${message}`)
}

function kindOf(evidence: Readonly<Record<string, unknown>>): RecheckKind | undefined {
  if (evidence.wikitext !== undefined) return 'page'
  if (evidence.section_anchor !== undefined) return 'section'
  if (evidence.message_raw !== undefined) return 'warnings'
  if (evidence.source_pattern !== undefined) return 'commands'
  return undefined
}

/** The title and decoded fragment of a URL of the site. */
function titleAndAnchor(site: WikiSite, url: string): { title: string; anchor: string | null } {
  const title = parseTitleOrUrl(site, url)
  const hash = url.trim().split('#')[1]
  if (hash === undefined || hash === '') return { title, anchor: null }
  try {
    return { title, anchor: decodeURIComponent(hash) }
  } catch {
    throw new MalformedWikiUrl(
      `The anchor of ${JSON.stringify(url)} holds invalid percent-encoding`,
    )
  }
}

/**
 * Reads a claim from `recheck`'s arguments. An evidence object's kind comes from its fields, its
 * title and section from `source_url`/`url` (a URL of `site`, else `title` and `section_anchor`).
 * Throws `invalid_arguments` naming what is missing or contradictory, `malformed_wiki_url` for a
 * URL of another wiki.
 */
export function readRecheckClaim(site: WikiSite, args: Readonly<RecheckArguments>): RecheckClaim {
  const blockIndex = args.block_index ?? null
  const { evidence } = args
  if (evidence) {
    const extra = (['kind', 'title_or_url', 'anchor', 'revid', 'content_hash'] as const).filter(
      (k) => args[k] !== undefined,
    )
    if (extra.length > 0) throw invalid(`give evidence or ${extra.join(', ')}, not both`)
    const kind = kindOf(evidence)
    if (!kind) {
      throw invalid(
        'evidence: expected an object returned by page, section, commands or warnings (one list item)',
      )
    }
    const revid = evidence.revid
    if (typeof revid !== 'number' || !Number.isInteger(revid) || revid < 1) {
      throw invalid(`evidence.revid: expected a positive integer, got ${JSON.stringify(revid)}`)
    }
    const contentHash = str(evidence.content_hash) ?? str(evidence.wikitext_hash)
    if (contentHash === undefined) throw invalid('evidence: expected content_hash or wikitext_hash')
    const url = str(evidence.source_url) ?? str(evidence.url)
    let title = str(evidence.title)
    let anchor = str(evidence.section_anchor) ?? null
    if (url !== undefined) {
      const fromUrl = titleAndAnchor(site, url)
      title = fromUrl.title
      anchor = fromUrl.anchor ?? anchor
    }
    if (title === undefined) throw invalid('evidence: expected source_url, url or title')
    if (kind === 'section' && anchor === null) throw invalid('evidence: expected section_anchor')
    return { kind, title, anchor: kind === 'page' ? null : anchor, revid, contentHash, blockIndex }
  }
  const missing = (['kind', 'title_or_url', 'revid', 'content_hash'] as const).filter(
    (k) => args[k] === undefined,
  )
  if (missing.length > 0) throw invalid(`expected evidence, or ${missing.join(', ')}`)
  const kind = args.kind as RecheckKind
  if (!RECHECK_KINDS.includes(kind)) {
    throw invalid(`kind: expected one of ${RECHECK_KINDS.join(', ')}, got ${JSON.stringify(kind)}`)
  }
  if (kind === 'section' && args.anchor === undefined)
    throw invalid('anchor: required for kind section')
  return {
    kind,
    title: parseTitleOrUrl(site, args.title_or_url as string),
    anchor: kind === 'page' ? null : (args.anchor ?? null),
    revid: args.revid as number,
    contentHash: args.content_hash as string,
    blockIndex,
  }
}

/**
 * Does the current revision still say what the claim said? The prior evidence must reproduce from
 * its own revision (else `evidence_unresolvable`: there is nothing to compare). Then: `unchanged`
 * when some current item has the same hash; `changed`, with a unified diff of the verbatim text,
 * when the item at the same place (same block index and sort for lists) differs; otherwise `gone`.
 */
export function judgeRecheck(claim: RecheckClaim, seen: RecheckObservation): RecheckVerdict {
  const listKind = claim.kind === 'commands' || claim.kind === 'warnings'
  const found = seen.prior.findIndex((item) => item.hash === claim.contentHash)
  if (found === -1) {
    throw new ProvenanceError(
      'evidence_unresolvable',
      `The prior evidence (${claim.kind} of '${claim.title}'${claim.anchor ? ` at '${claim.anchor}'` : ''}, hash ${claim.contentHash}) does not reproduce from its own revision ${claim.revid}`,
    )
  }
  const priorIndex = claim.blockIndex ?? found
  const priorItem = seen.prior[found] as RecheckItem
  const gone = (reason: GoneReason): RecheckVerdict => ({
    status: 'gone',
    current_content_hash: null,
    prior_block_index: listKind ? priorIndex : null,
    current_block_index: null,
    gone_reason: reason,
    diff: null,
  })
  if (seen.current === 'section_not_found') return gone('section_not_found')
  const same = seen.current.findIndex((item) => item.hash === claim.contentHash)
  if (same !== -1) {
    return {
      status: 'unchanged',
      current_content_hash: claim.contentHash,
      prior_block_index: listKind ? priorIndex : null,
      current_block_index: listKind ? same : null,
      gone_reason: null,
      diff: null,
    }
  }
  const candidate = listKind ? seen.current[priorIndex] : seen.current[0]
  if (!candidate || (listKind && candidate.sort !== priorItem.sort)) return gone('block_not_found')
  return {
    status: 'changed',
    current_content_hash: candidate.hash,
    prior_block_index: listKind ? priorIndex : null,
    current_block_index: listKind ? priorIndex : null,
    gone_reason: null,
    diff: unifiedDiff(priorItem.raw, candidate.raw, {
      oldHeader: `${seen.currentTitle}@${claim.revid}`,
      newHeader: `${seen.currentTitle}@${seen.currentRevid}`,
    }),
  }
}
