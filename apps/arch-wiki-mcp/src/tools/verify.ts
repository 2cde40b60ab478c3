import { defineTool } from '@wiki/mcp-core'
import {
  judgeVerifyClaim,
  readVerifyClaim,
  type VerifyClaim,
  type VerifyItem,
} from '@wiki/provenance'
import type { Backend, Revision } from '../backend.js'
import { failureOf } from '../errors.js'
import { scopeOf, warningRaws, type Scope } from '../evidence.js'
import { verifyInput, verifyOutput } from '../schemas.js'
import type { SiteSet } from '../sites.js'

/**
 * What the claim is compared with: the items of its pattern in its section, or, for a hash-only
 * claim, every candidate of that scope. A section that is not there (or cannot be sliced) is a
 * reason, not an error: verify answers `reproduced: false`.
 */
async function itemsFor(
  backend: Backend,
  claim: VerifyClaim,
  revision: Revision,
): Promise<readonly VerifyItem[] | string> {
  let scope: Scope
  try {
    scope = scopeOf(backend, revision, claim.sectionAnchor)
  } catch (error) {
    const failure = failureOf(error)
    if (failure?.code !== 'section_not_found' && failure?.code !== 'evidence_unresolvable')
      throw error
    return `${failure.message}, so nothing there was compared.`
  }
  const where = claim.sectionAnchor === null ? {} : { section_anchor: claim.sectionAnchor }
  const sections = (): VerifyItem[] =>
    claim.sectionAnchor !== null
      ? [{ match: { source_pattern: 'section', ...where }, raw: scope.text }]
      : revision.sections.flatMap((section) => {
          try {
            const { text } = scopeOf(backend, revision, section.anchor)
            return [
              { match: { source_pattern: 'section', section_anchor: section.anchor }, raw: text },
            ]
          } catch {
            return [] // a section that does not resolve onto its heading cannot be evidence
          }
        })
  const page = (): VerifyItem[] =>
    claim.sectionAnchor === null
      ? [{ match: { source_pattern: 'page' }, raw: revision.wikitext }]
      : []
  // block_index counts as commands() does, so an index found here is the one recheck takes.
  const code = (): VerifyItem[] =>
    backend.codeBlocks(scope.text).flatMap((block, index) =>
      block.sliceable
        ? [
            {
              match: { source_pattern: block.sourcePattern, ...where, block_index: index },
              raw: block.raw,
            },
          ]
        : [],
    )
  const warnings = async (): Promise<VerifyItem[]> =>
    (await warningRaws(backend, scope)).map((raw, index) => ({
      match: { source_pattern: 'warning', ...where, block_index: index },
      raw,
    }))

  switch (claim.sourcePattern) {
    case null:
      if (claim.contentRaw !== null) return [] // a substring check needs no items
      break
    case 'page':
      return page()
    case 'section':
      return sections()
    case 'warning':
      return warnings()
    default: {
      const pattern = claim.sourcePattern
      return code().filter((item) => item.match.source_pattern === pattern)
    }
  }
  // Only a hash: every candidate, admonitions last (they may need the wiki's alias answer).
  const wanted = claim.contentHash as string
  const offline = [...page(), ...sections(), ...code()]
  if (offline.some((item) => backend.hash(item.raw) === wanted)) return offline
  return [...offline, ...(await warnings())]
}

export function verifyTool(sites: SiteSet) {
  return defineTool({
    name: 'verify',
    title: 'Check that evidence reproduces from its revision',
    description:
      'Checks evidence against the wikitext of its revision, fetched by revid (never from a URL in the input) from the wiki the evidence came from (its site.base_url and URLs; with several sites, site may name it). Give one evidence object from page/section/commands/warnings, or revid with content_raw and/or content_hash (optionally source_pattern and section_anchor). A claimed pattern is checked by re-extraction: the text must be exactly such an item of that section, not merely occur in the page. checked says what was compared; matched is what re-extraction found, never the claim echoed back. reproduced false is an answer, not an error. Shows integrity against a named revision, never authenticity.',
    input: verifyInput,
    output: verifyOutput,
    access: 'read',
    handler: async (args) => {
      // The revision is read from the wiki the evidence came from, never from another site.
      const backend =
        args.evidence === undefined
          ? sites.pick(args.site)
          : sites.forEvidence(args.evidence, args.site)
      const claim = readVerifyClaim(args)
      const revision = await backend.revision(claim.revid)
      return judgeVerifyClaim(claim, {
        revid: revision.revid,
        title: revision.title,
        wikitext: revision.wikitext,
        revisionWikitextUrl: backend.revisionWikitextUrl(claim.revid),
        items: await itemsFor(backend, claim, revision),
      })
    },
  })
}
