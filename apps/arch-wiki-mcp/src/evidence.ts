// Orchestration shared by the evidence tools: resolve the input, fetch the revision, cut the
// slice, and build each tier's fields. Output assembly lives here so page/section/commands/warnings
// and verify/recheck produce byte-identical evidence.
import { parseTitleOrUrl } from '@wiki/provenance'
import type { z } from 'zod'
import type { AliasResolution, ApiSection, Backend, Revision } from './backend.js'
import { WikiFailure } from './backend.js'
import { loadRevision } from './load-revision.js'
import type { commandItem, linkItem, sectionItem, sectionOutput, warningItem } from './schemas.js'

/** Where a tool reads its text: a whole revision or one section of it. */
export interface Scope {
  revision: Revision
  /** The anchor as given, or null for the whole page. */
  anchor: string | null
  text: string
  /** UTF-16 offset of `text` in the revision's wikitext. */
  start: number
}

/** The current revision of a page, or the revision `revid` of it when one is given. */
export async function loadPage(
  backend: Backend,
  titleOrUrl: string,
  options?: { fresh?: boolean; revid?: number | undefined },
): Promise<Revision> {
  if (options?.revid !== undefined) return loadRevision(backend, titleOrUrl, options.revid)
  const title = parseTitleOrUrl(backend.site, titleOrUrl)
  return options?.fresh === undefined
    ? backend.page(title)
    : backend.page(title, { fresh: options.fresh })
}

export function findSection(revision: Revision, anchor: string): ApiSection {
  // Exact string equality: MediaWiki already made duplicate headings unique.
  const section = revision.sections.find((s) => s.anchor === anchor)
  if (!section) {
    throw new WikiFailure(
      'section_not_found',
      `Section with anchor '${anchor}' not found in page '${revision.title}'`,
    )
  }
  return section
}

export function scopeOf(backend: Backend, revision: Revision, anchor: string | null): Scope {
  if (anchor === null) return { revision, anchor, text: revision.wikitext, start: 0 }
  const section = findSection(revision, anchor)
  if (section.byteoffset === null) {
    throw new WikiFailure(
      'evidence_unresolvable',
      `Section '${anchor}' in page '${revision.title}' is transcluded (null byte offset); its wikitext is not on this page`,
    )
  }
  const { start, end } = backend.sectionSlice(revision, section)
  return { revision, anchor, text: revision.wikitext.slice(start, end), start }
}

export function sectionItems(revision: Revision): z.input<typeof sectionItem>[] {
  return revision.sections.map((s) => ({
    line: s.line,
    anchor: s.anchor,
    level: s.level,
    toclevel: s.toclevel,
    number: s.number,
    index: s.index,
    byteoffset: s.byteoffset,
    fromtitle: s.fromtitle,
    // MediaWiki 1.39 does not send linkAnchor; its anchor is then the link anchor.
    link_anchor: s.linkAnchor ?? s.anchor,
  }))
}

/** The wiki evidence came from: this server's name for it and its base URL. */
export function siteOf(backend: Backend): { name: string; base_url: string } {
  return { name: backend.siteName, base_url: backend.site.base }
}

export function pageEvidence(backend: Backend, revision: Revision) {
  return {
    title: revision.title,
    pageid: revision.pageid,
    revid: revision.revid,
    url: backend.pageUrl(revision.title),
    revision_url: backend.revisionUrl(revision.revid),
    revision_wikitext_url: backend.revisionWikitextUrl(revision.revid),
    wikitext: revision.wikitext,
    wikitext_hash: backend.hash(revision.wikitext),
    sections: sectionItems(revision),
    redirected_from: revision.redirectedFrom,
    site: siteOf(backend),
  }
}

export async function sectionEvidence(
  backend: Backend,
  scope: Scope & { anchor: string },
): Promise<z.input<typeof sectionOutput>> {
  const { revision, anchor } = scope
  const section = findSection(revision, anchor)
  const content = await backend.renderSection(scope.text)
  return {
    title: revision.title,
    url: backend.pageUrl(revision.title, anchor),
    revision_url: backend.revisionUrl(revision.revid, anchor),
    revision_wikitext_url: backend.revisionWikitextUrl(revision.revid),
    revid: revision.revid,
    timestamp: null,
    section_anchor: anchor,
    section_heading: section.line,
    extraction_method: 'wikitext_character_offset',
    content,
    content_raw: scope.text,
    content_hash: backend.hash(scope.text),
    content_hash_cleaned: backend.hash(content),
    redirected_from: revision.redirectedFrom,
    site: siteOf(backend),
  }
}

const BLOCK_TYPES = {
  template_bc: 'block_code',
  template_hc: 'file_content',
  indented_block: 'preformatted',
} as const

export function commandEvidence(backend: Backend, scope: Scope): z.input<typeof commandItem>[] {
  const { revision, anchor } = scope
  const sourceUrl = backend.pageUrl(revision.title, anchor)
  const revisionUrl = backend.revisionUrl(revision.revid, anchor)
  const wikitextUrl = backend.revisionWikitextUrl(revision.revid)
  const site = siteOf(backend)
  const blocks = backend.codeBlocks(scope.text)
  const unsliceable = blocks.find((b) => !b.sliceable)
  if (unsliceable) {
    // A nowiki or comment opened on a code line and closed on a later one: putting the marker
    // spaces back would not give a slice of the revision, so the hash could not be checked.
    throw new WikiFailure(
      'evidence_unresolvable',
      `An indented block in ${scope.anchor ? `section '${scope.anchor}' of ` : ''}page '${revision.title}' cannot be quoted with provenance: a <nowiki> or comment spans its lines (${JSON.stringify(unsliceable.raw.slice(0, 60))})`,
    )
  }
  return blocks.map((block) => ({
    content: block.content,
    content_raw: block.raw,
    content_hash: backend.hash(block.raw),
    content_hash_cleaned: backend.hash(block.content),
    block_type: BLOCK_TYPES[block.sourcePattern],
    source_pattern: block.sourcePattern,
    language: null,
    header: block.header,
    placeholders: block.placeholders && block.placeholders.length > 0 ? block.placeholders : null,
    source_url: sourceUrl,
    revision_url: revisionUrl,
    revision_wikitext_url: wikitextUrl,
    revid: revision.revid,
    site,
  }))
}

export function warningEvidence(
  backend: Backend,
  scope: Scope,
  aliases: ReadonlyMap<string, AliasResolution>,
): z.input<typeof warningItem>[] {
  const { revision, anchor } = scope
  const sourceUrl = backend.pageUrl(revision.title, anchor)
  const revisionUrl = backend.revisionUrl(revision.revid, anchor)
  const wikitextUrl = backend.revisionWikitextUrl(revision.revid)
  const site = siteOf(backend)
  return backend
    .admonitions(scope.text, aliases)
    .filter((a) => a.raw.length > 0)
    .map((a) => {
      const resolution = a.aliasKey === null ? undefined : aliases.get(a.aliasKey)
      if (resolution && 'unresolvable' in resolution) {
        throw new WikiFailure('evidence_unresolvable', resolution.unresolvable)
      }
      const alias = resolution
      return {
        type: alias?.type ?? a.type,
        message: a.message,
        message_raw: a.raw,
        content_hash: backend.hash(a.raw),
        message_hash_cleaned: backend.hash(a.message),
        revid: revision.revid,
        alias: alias?.alias ?? null,
        alias_target: alias?.aliasTarget ?? null,
        alias_revid: alias?.aliasRevid ?? null,
        source_url: sourceUrl,
        revision_url: revisionUrl,
        revision_wikitext_url: wikitextUrl,
        alias_revision_url: alias ? backend.revisionUrl(alias.aliasRevid) : null,
        site,
      }
    })
}

/**
 * The verbatim bodies of the admonitions `warnings` would list for a scope, in its order; an
 * alias that cannot be attested leaves its admonition out (warnings refuses the whole list).
 */
export async function warningRaws(backend: Backend, scope: Scope): Promise<string[]> {
  const aliases = await backend.templateAliases(scope.revision)
  return backend
    .admonitions(scope.text, aliases)
    .filter((a) => a.raw.length > 0)
    .map((a) => {
      const resolution = a.aliasKey === null ? undefined : aliases.get(a.aliasKey)
      return resolution && 'unresolvable' in resolution ? null : a.raw
    })
    .filter((raw): raw is string => raw !== null)
}

export function linkEvidence(
  backend: Backend,
  scope: Scope,
  prefixes: ReadonlySet<string>,
): z.input<typeof linkItem>[] {
  const { revision, anchor } = scope
  const sourceUrl = backend.pageUrl(revision.title, anchor)
  const revisionUrl = backend.revisionUrl(revision.revid, anchor)
  const wikitextUrl = backend.revisionWikitextUrl(revision.revid)
  const site = siteOf(backend)
  return backend.links(scope.text, prefixes).map((link) => ({
    // `[[#Anchor]]` targets the page it is on.
    target_page: link.targetPage === '' ? revision.title : link.targetPage,
    display_text: link.displayText,
    anchor: link.anchor,
    source_page: revision.title,
    source_url: sourceUrl,
    revision_url: revisionUrl,
    revision_wikitext_url: wikitextUrl,
    revid: revision.revid,
    site,
  }))
}
