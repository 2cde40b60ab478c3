import { defineTool, ToolError } from '@wiki/mcp-core'
import { verifySubstring } from '@wiki/provenance'
import type { z } from 'zod'
import type { Backend, Revision } from '../backend.js'
import { guard } from '../errors.js'
import { SOURCE_PATTERNS, verifyInput, verifyOutput } from '../schemas.js'

type SourcePattern = (typeof SOURCE_PATTERNS)[number]
type Matched = NonNullable<z.input<typeof verifyOutput>['matched']>

/** What verify checks, read from the evidence object or the loose arguments. */
export interface VerifyClaim {
  revid: number
  contentRaw: string | undefined
  contentHash: string | undefined
  sourcePattern: SourcePattern | undefined
  /** The revision_wikitext_url the evidence carried; never fetched, only compared. */
  claimedUrl: string | undefined
}

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined)

export function claimOf(args: z.output<typeof verifyInput>): VerifyClaim {
  const { evidence } = args
  const loose = args.revid !== undefined || args.content_raw !== undefined
  if (evidence && (loose || args.content_hash !== undefined || args.source_pattern !== undefined)) {
    throw new ToolError(
      'invalid_arguments',
      'Invalid arguments for tool verify: give either evidence or revid with content_raw/content_hash, not both',
    )
  }
  if (evidence) {
    const revid = evidence.revid
    if (typeof revid !== 'number' || !Number.isInteger(revid) || revid < 1) {
      throw new ToolError(
        'invalid_arguments',
        `Invalid arguments for tool verify: evidence.revid: expected a positive integer, got ${JSON.stringify(revid)}`,
      )
    }
    const contentRaw =
      str(evidence.content_raw) ?? str(evidence.message_raw) ?? str(evidence.wikitext)
    const contentHash = str(evidence.content_hash) ?? str(evidence.wikitext_hash)
    const declared = str(evidence.source_pattern)
    const sourcePattern =
      SOURCE_PATTERNS.find((p) => p === declared) ??
      (evidence.message_raw !== undefined
        ? 'warning'
        : evidence.section_anchor !== undefined
          ? 'section'
          : evidence.wikitext !== undefined
            ? 'page'
            : undefined)
    if (contentRaw === undefined && contentHash === undefined) {
      throw new ToolError(
        'invalid_arguments',
        'Invalid arguments for tool verify: evidence: expected content_raw, message_raw or wikitext, or content_hash or wikitext_hash',
      )
    }
    return {
      revid,
      contentRaw,
      contentHash,
      sourcePattern,
      claimedUrl: str(evidence.revision_wikitext_url),
    }
  }
  if (
    args.revid === undefined ||
    (args.content_raw === undefined && args.content_hash === undefined)
  ) {
    throw new ToolError(
      'invalid_arguments',
      'Invalid arguments for tool verify: expected evidence, or revid with content_raw and/or content_hash',
    )
  }
  return {
    revid: args.revid,
    contentRaw: args.content_raw,
    contentHash: args.content_hash,
    sourcePattern: args.source_pattern,
    claimedUrl: undefined,
  }
}

export function verifyClaim(backend: Backend, claim: VerifyClaim, revision: Revision) {
  const wikitextUrl = backend.revisionWikitextUrl(claim.revid)
  const base = {
    revid: revision.revid,
    title: revision.title,
    revision_wikitext_url: wikitextUrl,
    url_matches: claim.claimedUrl === undefined || claim.claimedUrl === wikitextUrl,
    content_hash: claim.contentHash ?? null,
  }

  if (claim.contentRaw !== undefined) {
    const found = verifySubstring({
      wikitext: revision.wikitext,
      contentRaw: claim.contentRaw,
      contentHash: claim.contentHash,
      sourcePattern: claim.sourcePattern,
    })
    return {
      reproduced: found.reproduced,
      method: 'substring' as const,
      ...base,
      computed_hash: found.computed_hash,
      found_at: found.found_at,
      occurrences: found.occurrences,
      matched:
        found.found_at !== null && claim.sourcePattern
          ? { source_pattern: claim.sourcePattern }
          : null,
      reason: found.reason,
    }
  }

  // Only a hash: re-extract every candidate of the revision and look for it.
  const wanted = claim.contentHash as string
  const candidates: { raw: string; matched: Matched }[] = []
  candidates.push({ raw: revision.wikitext, matched: { source_pattern: 'page' } })
  for (const section of revision.sections) {
    if (section.byteoffset === null) continue
    let slice: { start: number; end: number }
    try {
      slice = backend.sectionSlice(revision, section)
    } catch {
      continue // a section that does not resolve onto its heading cannot be evidence
    }
    candidates.push({
      raw: revision.wikitext.slice(slice.start, slice.end),
      matched: { source_pattern: 'section', section_anchor: section.anchor },
    })
  }
  backend.codeBlocks(revision.wikitext).forEach((block, index) => {
    if (!block.sliceable) return
    candidates.push({
      raw: block.raw,
      matched: { source_pattern: block.sourcePattern, block_index: index },
    })
  })
  for (const body of backend.templateBodies(revision.wikitext)) {
    candidates.push({ raw: body, matched: { source_pattern: 'warning' } })
  }
  const hits = candidates.filter((c) => backend.hash(c.raw) === wanted)
  const hit = hits[0]
  // Where the match sits, counted the way MediaWiki counts (code points).
  const at = hit
    ? verifySubstring({
        wikitext: revision.wikitext,
        contentRaw: hit.raw,
        sourcePattern: hit.matched.source_pattern,
      }).found_at
    : null
  return {
    reproduced: hit !== undefined,
    method: 're-extraction' as const,
    ...base,
    computed_hash: hit ? wanted : null,
    found_at: at,
    occurrences: hits.length,
    matched: hit?.matched ?? null,
    reason: hit
      ? null
      : `No page, section, code block or template body of revision ${revision.revid} hashes to ${wanted}`,
  }
}

export function verifyTool(backend: Backend) {
  return defineTool({
    name: 'verify',
    title: 'Check that a hash reproduces from its revision',
    description:
      'Checks evidence against the wikitext of its revision, fetched from the wiki by revid (never from a URL in the input). Give one evidence object from page/section/commands/warnings, or revid with content_raw and/or content_hash. reproduced false is an answer, not an error. Shows integrity against a named revision, never authenticity.',
    input: verifyInput,
    output: verifyOutput,
    access: 'read',
    handler: (args) =>
      guard(async () => {
        const claim = claimOf(args)
        return verifyClaim(backend, claim, await backend.revision(claim.revid))
      }),
  })
}
