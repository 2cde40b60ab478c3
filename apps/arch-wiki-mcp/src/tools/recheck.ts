import { defineTool } from '@wiki/mcp-core'
import {
  judgeRecheck,
  readRecheckClaim,
  type RecheckClaim,
  type RecheckItem,
  type RecheckResult,
} from '@wiki/provenance'
import type { Backend, Revision } from '../backend.js'
import { failureOf } from '../errors.js'
import { commandEvidence, scopeOf, warningEvidence } from '../evidence.js'
import { recheckInput, recheckOutput } from '../schemas.js'
import type { SiteSet } from '../sites.js'

/** The items of the claim's kind in its scope of a revision, as the evidence tools build them. */
async function itemsAt(
  backend: Backend,
  claim: RecheckClaim,
  revision: Revision,
): Promise<RecheckItem[]> {
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

/** The items, or `section_not_found` when the claimed section is not in the revision. */
async function itemsOrGone(
  backend: Backend,
  claim: RecheckClaim,
  revision: Revision,
): Promise<RecheckItem[] | 'section_not_found'> {
  try {
    return await itemsAt(backend, claim, revision)
  } catch (error) {
    if (failureOf(error)?.code !== 'section_not_found') throw error
    return 'section_not_found'
  }
}

/** Fetches what recheck compares (at most two parse requests) and lets provenance judge it. */
export async function recheckClaim(backend: Backend, claim: RecheckClaim): Promise<RecheckResult> {
  const out = {
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
    diff: null,
  }
  let current: Revision
  try {
    current = await backend.page(claim.title, { fresh: true })
  } catch (error) {
    if (failureOf(error)?.code !== 'page_not_found') throw error
    return { ...out, status: 'gone', gone_reason: 'page_not_found' }
  }
  // The prior evidence must reproduce from its own revision, or there is nothing to compare.
  const prior = current.revid === claim.revid ? current : await backend.revision(claim.revid)
  const priorItems = await itemsOrGone(backend, claim, prior)
  const verdict = judgeRecheck(claim, {
    currentTitle: current.title,
    currentRevid: current.revid,
    prior: priorItems === 'section_not_found' ? [] : priorItems,
    current: await itemsOrGone(backend, claim, current),
  })
  return {
    ...out,
    title: current.title,
    redirected_from: current.redirectedFrom,
    source_url: backend.pageUrl(current.title, claim.anchor),
    current_revid: current.revid,
    current_revision_url: backend.revisionUrl(current.revid, claim.anchor),
    current_revision_wikitext_url: backend.revisionWikitextUrl(current.revid),
    ...verdict,
  }
}

export function recheckTool(sites: SiteSet) {
  return defineTool({
    name: 'recheck',
    title: 'Does the wiki still say what the evidence said?',
    description:
      'Compares prior evidence (one object from page/section/commands/warnings, or kind, title_or_url, anchor, revid and content_hash) with the current revision on the wiki it came from: unchanged, changed (with a unified diff of the verbatim text) or gone (page_not_found, section_not_found, block_not_found).',
    input: recheckInput,
    output: recheckOutput,
    access: 'read',
    handler: async (args) => {
      // Evidence is rechecked on the wiki it came from; a title on the site named or of its URL.
      const backend =
        args.evidence === undefined
          ? sites.pick(args.site, args.title_or_url)
          : sites.forEvidence(args.evidence, args.site)
      return recheckClaim(backend, readRecheckClaim(backend.site, args))
    },
  })
}
