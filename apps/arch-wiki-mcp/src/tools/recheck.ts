import { defineTool, ToolError } from '@wiki/mcp-core'
import type { z } from 'zod'
import type { Backend, Revision } from '../backend.js'
import { guard, failureOf } from '../errors.js'
import { commandEvidence, scopeOf, warningEvidence } from '../evidence.js'
import type { RECHECK_KINDS } from '../schemas.js'
import { recheckInput, recheckOutput } from '../schemas.js'

type Kind = (typeof RECHECK_KINDS)[number]
type Output = z.input<typeof recheckOutput>

/** What recheck compares, read from the evidence object or the loose arguments. */
export interface RecheckClaim {
  kind: Kind
  title: string
  anchor: string | null
  revid: number
  contentHash: string
  blockIndex: number | undefined
}

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined)

function invalid(message: string): ToolError {
  return new ToolError('invalid_arguments', `Invalid arguments for tool recheck: ${message}`)
}

function kindOf(evidence: Record<string, unknown>): Kind | undefined {
  if (evidence.wikitext !== undefined) return 'page'
  if (evidence.section_anchor !== undefined) return 'section'
  if (evidence.message_raw !== undefined) return 'warnings'
  if (evidence.source_pattern !== undefined) return 'commands'
  return undefined
}

export function recheckClaimOf(
  backend: Backend,
  args: z.output<typeof recheckInput>,
): RecheckClaim {
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
      const fromUrl = backend.titleAndAnchorFrom(url)
      title = fromUrl.title
      anchor = fromUrl.anchor ?? anchor
    }
    if (title === undefined) throw invalid('evidence: expected source_url, url or title')
    if (kind === 'section' && anchor === null) throw invalid('evidence: expected section_anchor')
    return {
      kind,
      title,
      anchor: kind === 'page' ? null : anchor,
      revid,
      contentHash,
      blockIndex: args.block_index,
    }
  }
  const missing = (['kind', 'title_or_url', 'revid', 'content_hash'] as const).filter(
    (k) => args[k] === undefined,
  )
  if (missing.length > 0) throw invalid(`expected evidence, or ${missing.join(', ')}`)
  if (args.kind === 'section' && args.anchor === undefined)
    throw invalid('anchor: required for kind section')
  return {
    kind: args.kind as Kind,
    title: backend.titleFrom(args.title_or_url as string),
    anchor: args.kind === 'page' ? null : (args.anchor ?? null),
    revid: args.revid as number,
    contentHash: args.content_hash as string,
    blockIndex: args.block_index,
  }
}

interface Item {
  raw: string
  hash: string
  /** source_pattern for commands, type for warnings: what "the same block" must keep. */
  sort: string
}

async function itemsAt(backend: Backend, claim: RecheckClaim, revision: Revision): Promise<Item[]> {
  const scope = scopeOf(backend, revision, claim.anchor)
  switch (claim.kind) {
    case 'page':
      return [{ raw: revision.wikitext, hash: backend.hash(revision.wikitext), sort: 'page' }]
    case 'section':
      return [{ raw: scope.text, hash: backend.hash(scope.text), sort: 'section' }]
    case 'commands':
      return commandEvidence(backend, scope).map((c) => ({
        raw: c.content_raw,
        hash: c.content_hash,
        sort: c.source_pattern,
      }))
    case 'warnings': {
      const aliases = await backend.templateAliases(revision)
      return warningEvidence(backend, scope, aliases).map((w) => ({
        raw: w.message_raw,
        hash: w.content_hash,
        sort: w.type,
      }))
    }
  }
}

export async function recheckClaim(backend: Backend, claim: RecheckClaim): Promise<Output> {
  const listKind = claim.kind === 'commands' || claim.kind === 'warnings'
  const out: Output = {
    status: 'gone',
    kind: claim.kind,
    title: claim.title,
    anchor: claim.anchor,
    redirected_from: null,
    prior_revid: claim.revid,
    current_revid: null,
    prior_content_hash: claim.contentHash,
    current_content_hash: null,
    prior_revision_url: backend.revisionUrl(claim.revid, claim.anchor),
    current_revision_url: null,
    current_revision_wikitext_url: null,
    source_url: backend.pageUrl(claim.title, claim.anchor),
    prior_block_index: null,
    current_block_index: null,
    gone_reason: null,
    diff: null,
  }

  let current: Revision
  try {
    current = await backend.page(claim.title, { fresh: true })
  } catch (error) {
    if (failureOf(error)?.code !== 'page_not_found') throw error
    return { ...out, gone_reason: 'page_not_found' }
  }
  out.title = current.title
  out.redirected_from = current.redirectedFrom
  out.source_url = backend.pageUrl(current.title, claim.anchor)
  out.current_revid = current.revid
  out.current_revision_url = backend.revisionUrl(current.revid, claim.anchor)
  out.current_revision_wikitext_url = backend.revisionWikitextUrl(current.revid)

  // The prior evidence must reproduce from its own revision, or there is nothing to compare.
  const prior = current.revid === claim.revid ? current : await backend.revision(claim.revid)
  let priorItems: Item[]
  try {
    priorItems = await itemsAt(backend, claim, prior)
  } catch (error) {
    if (failureOf(error)?.code !== 'section_not_found') throw error
    priorItems = []
  }
  const found = priorItems.findIndex((item) => item.hash === claim.contentHash)
  if (found === -1) {
    throw new ToolError(
      'evidence_unresolvable',
      `The prior evidence (${claim.kind} of '${claim.title}'${claim.anchor ? ` at '${claim.anchor}'` : ''}, hash ${claim.contentHash}) does not reproduce from its own revision ${claim.revid}`,
    )
  }
  const priorIndex = claim.blockIndex ?? found
  const priorItem = priorItems[found] as Item
  if (listKind) out.prior_block_index = priorIndex

  let currentItems: Item[]
  try {
    currentItems = await itemsAt(backend, claim, current)
  } catch (error) {
    if (failureOf(error)?.code !== 'section_not_found') throw error
    return { ...out, gone_reason: 'section_not_found' }
  }

  const same = currentItems.findIndex((item) => item.hash === claim.contentHash)
  if (same !== -1) {
    return {
      ...out,
      status: 'unchanged',
      current_content_hash: claim.contentHash,
      current_block_index: listKind ? same : null,
    }
  }
  const candidate = listKind ? currentItems[priorIndex] : currentItems[0]
  if (!candidate || (listKind && candidate.sort !== priorItem.sort)) {
    return { ...out, gone_reason: 'block_not_found' }
  }
  return {
    ...out,
    status: 'changed',
    current_content_hash: candidate.hash,
    current_block_index: listKind ? priorIndex : null,
    diff: backend.diff(
      priorItem.raw,
      candidate.raw,
      `${current.title}@${claim.revid}`,
      `${current.title}@${current.revid}`,
    ),
  }
}

export function recheckTool(backend: Backend) {
  return defineTool({
    name: 'recheck',
    title: 'Does the wiki still say what the evidence said?',
    description:
      'Compares prior evidence (one object from page/section/commands/warnings, or kind, title_or_url, anchor, revid and content_hash) with the current revision: unchanged, changed (with a unified diff of the verbatim text) or gone (page_not_found, section_not_found, block_not_found).',
    input: recheckInput,
    output: recheckOutput,
    access: 'read',
    handler: (args) => guard(async () => recheckClaim(backend, recheckClaimOf(backend, args))),
  })
}
