// What the tools need from the packages, in the app's words. `create-backend.ts` implements it with
// @wiki/wiki-adapters (the API), @wiki/wikitext-parser (extraction) and @wiki/provenance (URLs,
// hashes); tests implement it with small fakes. Keeping the seam here keeps every tool file to
// argument mapping, orchestration and output assembly: no extraction logic lives in the app.
import type {
  AdmonitionType,
  CodeSourcePattern,
  EvidenceErrorCode,
  WikiSite,
} from '@wiki/provenance'
import type { WikiLists } from './wiki-lists.js'

/** One item of the API's `sections` list, legacy shape (`linkAnchor`, string levels). */
export interface ApiSection {
  line: string
  anchor: string
  level: string
  toclevel: number
  number: string
  index: string
  byteoffset: number | null
  fromtitle: string | false
  linkAnchor?: string
}

/** One parsed revision as the wiki served it. */
export interface Revision {
  title: string
  pageid: number
  revid: number
  wikitext: string
  sections: readonly ApiSection[]
  /** The title the caller asked for when MediaWiki followed a redirect, else null. */
  redirectedFrom: string | null
}

/** One entry of a page's history, as the wiki shows it to an anonymous reader. */
export interface HistoryEntry {
  revid: number
  parentid: number
  timestamp: string
  /** null when revision deletion hid it (userHidden). */
  user: string | null
  userHidden: boolean
  comment: string | null
  commentHidden: boolean
  textHidden: boolean
  size: number
  minor: boolean
  tags: readonly string[]
}

/** One page of a page's history, newest first. */
export interface HistoryPage {
  title: string
  pageid: number
  redirectedFrom: string | null
  revisions: readonly HistoryEntry[]
  /** The token for older revisions, or null at the page's first revision. */
  continue: string | null
}

export interface SearchHit {
  title: string
  pageid: number
  /** The wiki's raw snippet (highlight HTML, wiki markup). */
  snippet: string
}

/** A template name whose type came from a one-hop redirect: `{{Alias}}` → `Template:Warning` counts as a warning. */
export interface TemplateAlias {
  type: AdmonitionType
  /** The redirect's title without namespace, e.g. "Attention". */
  alias: string
  /** The target's full title, e.g. "Template:Warning (Français)". */
  aliasTarget: string
  /** Revision of the redirect page itself. */
  aliasRevid: number
}

/** A template name that reaches an admonition but cannot be attested (multi-hop, no revision). */
export interface UnresolvableAlias {
  unresolvable: string
}

export type AliasResolution = TemplateAlias | UnresolvableAlias

export interface CodeBlock {
  sourcePattern: CodeSourcePattern
  /** Verbatim payload, never trimmed: its hash must reproduce from the revision's bytes. */
  raw: string
  /** Cleaned text. */
  content: string
  placeholders: string[] | null
  header: string | null
  /** False when the indented-block verification rule cannot reproduce the block (a multi-line nowiki). */
  sliceable: boolean
}

export interface Admonition {
  type: AdmonitionType
  /** The template name as written, trimmed. */
  name: string
  /** Canonical form of `name` for alias lookup, or null when the name self-attests its type. */
  aliasKey: string | null
  /** Body with `1=` stripped and Unicode-whitespace trimmed. */
  raw: string
  /** Plain prose. */
  message: string
}

export interface Link {
  targetPage: string
  displayText: string | null
  anchor: string | null
}

/**
 * A failure the tools report with a code; anything else becomes `internal_error`. `unknown_site`
 * is this server's own: a `site` argument naming no configured site.
 */
export type FailureCode = Exclude<EvidenceErrorCode, 'internal_error'> | 'unknown_site'

/**
 * The template profiles a site may use. `archwiki` knows the Arch Wiki's code and admonition
 * templates; `none` knows no template, so only indented code blocks are commands and `warnings`
 * says it cannot list admonitions there.
 */
export const SITE_PROFILES = ['archwiki', 'none'] as const
export type SiteProfile = (typeof SITE_PROFILES)[number]

export class WikiFailure extends Error {
  override readonly name = 'WikiFailure'
  readonly code: FailureCode
  constructor(code: FailureCode, message: string, options?: ErrorOptions) {
    super(message, options)
    this.code = code
  }
}

/** Pages and their extraction, plus the wiki's lists (`wiki-lists.ts`). */
export interface Backend extends WikiLists {
  // site and provenance ---------------------------------------------------------------------------
  /** The configured wiki: `title_or_url` is read against it (provenance's parseTitleOrUrl). */
  readonly site: WikiSite
  /** The site's name in this server's settings; evidence carries it beside the base URL. */
  readonly siteName: string
  /** The templates this site's code blocks and admonitions are read with. */
  readonly profile: SiteProfile
  pageUrl(title: string, anchor?: string | null): string
  revisionUrl(revid: number, anchor?: string | null): string
  revisionWikitextUrl(revid: number): string
  hash(text: string): string
  /** A unified diff (3 lines of context) with the given header labels. */
  diff(
    before: string,
    after: string,
    fromLabel: string,
    toLabel: string,
    options?: { maxWork?: number },
  ): string

  // the wiki --------------------------------------------------------------------------------------
  page(title: string, options?: { fresh?: boolean }): Promise<Revision>
  /** A revision by id (cached by revid); a hidden one fails `evidence_unresolvable`. */
  revision(revid: number): Promise<Revision>
  history(title: string, options: { limit: number; continue: string | null }): Promise<HistoryPage>
  /** The page a title names now, after normalisation and one redirect. */
  resolveTitle(
    title: string,
  ): Promise<{ title: string; pageid: number; redirectedFrom: string | null }>
  search(query: string, limit: number): Promise<{ exact: SearchHit | null; text: SearchHit[] }>
  linkPrefixes(): Promise<{ prefixes: ReadonlySet<string>; from: 'siteinfo' | 'fallback' }>
  /**
   * Resolves every template name of the page. Keys are the canonical names of
   * `Admonition.aliasKey`; names that are not admonitions are absent. Throws rather than guess a type (fail closed).
   */
  templateAliases(revision: Revision): Promise<ReadonlyMap<string, AliasResolution>>

  // extraction ------------------------------------------------------------------------------------
  /** [start, end) UTF-16 offsets of a section's slice, heading-checked, or throws. */
  sectionSlice(revision: Revision, section: ApiSection): { start: number; end: number }
  codeBlocks(wikitext: string): CodeBlock[]
  /** Admonitions in `wikitext`; `aliases` types the redirect names. */
  admonitions(wikitext: string, aliases: ReadonlyMap<string, AliasResolution>): Admonition[]
  links(wikitext: string, excludedPrefixes: ReadonlySet<string>): Link[]
  /** CommonMark of a section's wikitext (the renderer loads on first use). */
  renderSection(raw: string): Promise<string>
  cleanSnippet(snippet: string): string
}
