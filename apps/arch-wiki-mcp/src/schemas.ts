// Input and output schemas of every tool. Output objects list their keys in
// the contract's order: mcp-core parses each result through its schema, and zod writes the keys
// in shape order, so this file is what fixes the key order clients see.
import {
  ADMONITION_TYPES,
  BACKLINK_KINDS,
  CATEGORY_MEMBER_KINDS,
  CODE_SOURCE_PATTERNS,
  GONE_REASONS,
  RECENT_CHANGE_KINDS,
  RECHECK_KINDS,
  RECHECK_STATUSES,
  SOURCE_PATTERNS,
  VERIFY_METHODS,
} from '@wiki/provenance'
import { z } from 'zod'

/** A string with at least one non-whitespace character, at most `max` characters. */
function text(max: number, description: string) {
  return z
    .string()
    .min(1)
    .max(max)
    .regex(/\S/, { message: 'must contain a non-whitespace character' })
    .describe(description)
}

export const titleOrUrl = text(
  2048,
  'A page title exactly as the wiki spells it ("GRUB", "Installation guide (Français)") or a URL of the configured wiki.',
)
export const anchor = text(
  1024,
  'A section anchor exactly as sections() lists it: underscored, not percent-encoded ("Boot_the_live_environment", "Démarrer_l\'environnement_«_live_»").',
)
export const query = text(1024, 'Search terms.')
export const siteInput = z
  .string()
  .min(1)
  .max(64)
  .optional()
  .describe(
    'The configured site to read ("arch", "wikipedia-en"); default the site of a URL given as title_or_url, else the first site.',
  )

/**
 * The wiki an answer or evidence item came from: the server's name for it and its base URL. Every
 * answer carries it, on its evidence items or beside a list, so several sites never blur.
 */
export const evidenceSite = z.strictObject({ name: z.string(), base_url: z.string() })

const nullableString = z.string().nullable()

export const sectionItem = z.strictObject({
  line: z.string(),
  anchor: z.string(),
  level: z.string(),
  toclevel: z.number(),
  number: z.string(),
  index: z.string(),
  byteoffset: z.number().nullable(),
  fromtitle: z.union([z.string(), z.literal(false)]),
  link_anchor: z.string(),
})

const listEnvelope = {
  title: z.string(),
  redirected_from: nullableString,
}

// search ------------------------------------------------------------------------------------------
export const searchOutput = z.strictObject({
  results: z.array(
    z.strictObject({
      title: z.string(),
      pageid: z.number(),
      snippet: z.string(),
      url: z.string(),
      match: z.enum(['title', 'text', 'prefix']),
    }),
  ),
  site: evidenceSite,
})

// page --------------------------------------------------------------------------------------------
export const pageOutput = z.strictObject({
  title: z.string(),
  pageid: z.number(),
  revid: z.number(),
  url: z.string(),
  revision_url: z.string(),
  revision_wikitext_url: z.string(),
  wikitext: z.string(),
  wikitext_hash: z.string(),
  sections: z.array(sectionItem),
  redirected_from: nullableString,
  site: evidenceSite,
})

// sections ----------------------------------------------------------------------------------------
export const sectionsOutput = z.strictObject({
  sections: z.array(sectionItem),
  ...listEnvelope,
  site: evidenceSite,
})

// section -----------------------------------------------------------------------------------------
export const sectionOutput = z.strictObject({
  title: z.string(),
  url: z.string(),
  revision_url: z.string(),
  revision_wikitext_url: z.string(),
  revid: z.number(),
  timestamp: z.null(),
  section_anchor: z.string(),
  section_heading: z.string(),
  extraction_method: z.literal('wikitext_character_offset'),
  content: z.string(),
  content_raw: z.string(),
  content_hash: z.string(),
  content_hash_cleaned: z.string(),
  redirected_from: nullableString,
  site: evidenceSite,
})

// commands ----------------------------------------------------------------------------------------
export const commandItem = z.strictObject({
  content: z.string(),
  content_raw: z.string(),
  content_hash: z.string(),
  content_hash_cleaned: z.string(),
  block_type: z.enum(['block_code', 'file_content', 'preformatted']),
  source_pattern: z.enum(CODE_SOURCE_PATTERNS),
  language: z.null(),
  header: nullableString,
  placeholders: z.array(z.string()).nullable(),
  source_url: z.string(),
  revision_url: z.string(),
  revision_wikitext_url: z.string(),
  revid: z.number(),
  site: evidenceSite,
})

export const commandsOutput = z.strictObject({
  commands: z.array(commandItem),
  ...listEnvelope,
  site: evidenceSite,
})

// warnings ----------------------------------------------------------------------------------------
export const warningItem = z.strictObject({
  type: z.enum(ADMONITION_TYPES),
  message: z.string(),
  message_raw: z.string(),
  content_hash: z.string(),
  message_hash_cleaned: z.string(),
  revid: z.number(),
  alias: nullableString,
  alias_target: nullableString,
  alias_revid: z.number().nullable(),
  source_url: z.string(),
  revision_url: z.string(),
  revision_wikitext_url: z.string(),
  alias_revision_url: nullableString,
  site: evidenceSite,
})

export const warningsOutput = z.strictObject({
  warnings: z.array(warningItem),
  ...listEnvelope,
  profile: z.string(),
  note: nullableString,
  site: evidenceSite,
})

// links -------------------------------------------------------------------------------------------
export const linkItem = z.strictObject({
  target_page: z.string(),
  display_text: nullableString,
  anchor: nullableString,
  source_page: z.string(),
  source_url: z.string(),
  revision_url: z.string(),
  revision_wikitext_url: z.string(),
  revid: z.number(),
  site: evidenceSite,
})

export const linksOutput = z.strictObject({
  links: z.array(linkItem),
  ...listEnvelope,
  prefixes_from: z.enum(['siteinfo', 'fallback']),
  site: evidenceSite,
})

// verify ------------------------------------------------------------------------------------------
export const sourcePattern = z.enum(SOURCE_PATTERNS)

// Evidence is one object page/section/commands/warnings returned, pasted unchanged. Every field
// any of them carries is listed (inputs are closed objects); verify and recheck read only some.
const opt = <T extends z.ZodType>(schema: T) => schema.optional()
export const evidence = z
  .strictObject({
    title: opt(z.string()),
    pageid: opt(z.number()),
    revid: opt(z.number()),
    timestamp: opt(z.null()),
    url: opt(z.string()),
    source_url: opt(z.string()),
    revision_url: opt(z.string()),
    revision_wikitext_url: opt(z.string()),
    wikitext: opt(z.string()),
    wikitext_hash: opt(z.string()),
    sections: opt(z.array(sectionItem)),
    redirected_from: opt(z.string().nullable()),
    section_anchor: opt(z.string()),
    section_heading: opt(z.string()),
    extraction_method: opt(z.string()),
    content: opt(z.string()),
    content_raw: opt(z.string()),
    content_hash: opt(z.string()),
    content_hash_cleaned: opt(z.string()),
    block_type: opt(z.string()),
    source_pattern: opt(z.string()),
    language: opt(z.null()),
    header: opt(z.string().nullable()),
    placeholders: opt(z.array(z.string()).nullable()),
    type: opt(z.string()),
    message: opt(z.string()),
    message_raw: opt(z.string()),
    message_hash_cleaned: opt(z.string()),
    alias: opt(z.string().nullable()),
    alias_target: opt(z.string().nullable()),
    alias_revid: opt(z.number().nullable()),
    alias_revision_url: opt(z.string().nullable()),
    site: opt(evidenceSite),
  })
  .describe(
    'One object exactly as page, section, commands or warnings returned it (one list item, not the envelope).',
  )

const sha256 = z
  .string()
  .regex(/^[0-9a-f]{64}$/, { message: 'must be 64 lower-case hex digits' })
  .describe('SHA-256, lower-case hex')

export const verifyInput = z.strictObject({
  evidence: evidence.optional(),
  revid: z.int().min(1).optional().describe('Revision id, when no evidence object is given'),
  content_raw: z
    .string()
    .min(1)
    .optional()
    .describe('Verbatim text to find in the revision (content_raw, message_raw or wikitext)'),
  content_hash: sha256.optional(),
  source_pattern: sourcePattern
    .optional()
    .describe('The pattern content_raw is claimed to be; checked by re-extraction'),
  section_anchor: anchor
    .optional()
    .describe('The section content_raw or content_hash is claimed to come from'),
  site: siteInput,
})

export const verifyOutput = z.strictObject({
  reproduced: z.boolean(),
  method: z.enum(VERIFY_METHODS),
  revid: z.number(),
  title: z.string(),
  revision_wikitext_url: z.string(),
  url_matches: z.boolean(),
  content_hash: nullableString,
  computed_hash: nullableString,
  found_at: z.number().nullable(),
  occurrences: z.number(),
  matched: z
    .strictObject({
      source_pattern: sourcePattern,
      section_anchor: z.string().optional(),
      block_index: z.number().optional(),
    })
    .nullable(),
  checked: z.string(),
  reason: nullableString,
  site: evidenceSite,
})

// recheck -----------------------------------------------------------------------------------------
export const recheckInput = z.strictObject({
  evidence: evidence.optional(),
  kind: z.enum(RECHECK_KINDS).optional(),
  title_or_url: titleOrUrl.optional(),
  anchor: anchor.optional(),
  revid: z.int().min(1).optional(),
  content_hash: sha256.optional(),
  block_index: z.int().min(0).optional(),
  site: siteInput,
})

export const recheckOutput = z.strictObject({
  status: z.enum(RECHECK_STATUSES),
  kind: z.enum(RECHECK_KINDS),
  title: z.string(),
  anchor: nullableString,
  redirected_from: nullableString,
  prior_revid: z.number(),
  current_revid: z.number().nullable(),
  prior_content_hash: z.string(),
  current_content_hash: nullableString,
  prior_revision_url: z.string(),
  current_revision_url: nullableString,
  current_revision_wikitext_url: nullableString,
  source_url: z.string(),
  prior_block_index: z.number().nullable(),
  current_block_index: z.number().nullable(),
  gone_reason: z.enum(GONE_REASONS).nullable(),
  diff: nullableString,
  site: evidenceSite,
})

// Old revisions ------------------------------------------------------------------------------------
export const revidInput = z
  .int()
  .min(1)
  .optional()
  .describe(
    'Read this revision of the page instead of the current one (a revid from history); the answer cites that revision. A revid of another page, a deleted or a hidden revision fails.',
  )

// history -----------------------------------------------------------------------------------------
export const historyInput = z.strictObject({
  title_or_url: titleOrUrl,
  limit: z.int().min(1).max(500).default(20).describe('Revisions per answer, 1–500 (default 20)'),
  continue: z
    .string()
    .min(1)
    .max(128)
    .optional()
    .describe('The continue value of the previous answer, for older revisions'),
  site: siteInput,
})

export const historyRevision = z.strictObject({
  revid: z.number(),
  parentid: z.number(),
  timestamp: z.string(),
  user: nullableString,
  user_hidden: z.boolean(),
  comment: nullableString,
  comment_hidden: z.boolean(),
  text_hidden: z.boolean(),
  size: z.number(),
  minor: z.boolean(),
  tags: z.array(z.string()),
  revision_url: z.string(),
})

export const historyOutput = z.strictObject({
  title: z.string(),
  pageid: z.number(),
  redirected_from: nullableString,
  revisions: z.array(historyRevision),
  continue: nullableString,
  site: evidenceSite,
})

// diff --------------------------------------------------------------------------------------------
export const diffInput = z.strictObject({
  title_or_url: titleOrUrl,
  from: z.int().min(1).describe('The older revid (any revid of the page; history lists them)'),
  to: z.int().min(1).optional().describe('The newer revid; default the current revision'),
  anchor: anchor
    .optional()
    .describe('Diff only this section (its anchor must exist in both revisions)'),
  site: siteInput,
})

export const diffOutput = z.strictObject({
  title: z.string(),
  section_anchor: nullableString,
  from_revid: z.number(),
  to_revid: z.number(),
  from_revision_url: z.string(),
  to_revision_url: z.string(),
  from_revision_wikitext_url: z.string(),
  to_revision_wikitext_url: z.string(),
  from_wikitext_hash: z.string(),
  to_wikitext_hash: z.string(),
  from_content_hash: z.string(),
  to_content_hash: z.string(),
  identical: z.boolean(),
  diff: z.string(),
  redirected_from: nullableString,
  site: evidenceSite,
})

// lists (pointers: no revid, no hash) ---------------------------------------------------------
export const listLimit = z
  .int()
  .min(1)
  .max(500)
  .default(50)
  .describe('At most this many entries per page of the list (1–500).')
export const continueToken = z
  .string()
  .min(1)
  .max(1024)
  .describe('The "continue" value of the previous answer, unchanged, for the next page.')
export const namespaces = z
  .array(z.int().min(0))
  .min(1)
  .max(50)
  .describe('Only these namespace numbers (0 articles, 10 templates, 14 categories, …).')

export const categoriesOutput = z.strictObject({
  categories: z.array(z.strictObject({ title: z.string(), hidden: z.boolean(), url: z.string() })),
  title: z.string(),
  url: z.string(),
  redirected_from: nullableString,
  site: evidenceSite,
})

export const categoryOutput = z.strictObject({
  members: z.array(
    z.strictObject({
      title: z.string(),
      pageid: z.number(),
      namespace: z.number(),
      type: z.enum(CATEGORY_MEMBER_KINDS),
      url: z.string(),
    }),
  ),
  category: z.string(),
  url: z.string(),
  exists: z.boolean(),
  counts: z.strictObject({ pages: z.number(), subcats: z.number(), files: z.number() }).nullable(),
  continue: nullableString,
  site: evidenceSite,
})

export const backlinksOutput = z.strictObject({
  backlinks: z.array(
    z.strictObject({
      title: z.string(),
      pageid: z.number(),
      namespace: z.number(),
      kind: z.enum(BACKLINK_KINDS),
      url: z.string(),
    }),
  ),
  title: z.string(),
  url: z.string(),
  exists: z.boolean(),
  continue: nullableString,
  site: evidenceSite,
})

export const recentChangesOutput = z.strictObject({
  changes: z.array(
    z.strictObject({
      type: z.enum(RECENT_CHANGE_KINDS),
      title: z.string(),
      namespace: z.number(),
      timestamp: z.string(),
      user: nullableString,
      comment: nullableString,
      minor: z.boolean(),
      bot: z.boolean(),
      size: z.number().nullable(),
      size_change: z.number().nullable(),
      log_type: nullableString,
      log_action: nullableString,
      url: z.string(),
      revision_url: nullableString,
      previous_revision_url: nullableString,
    }),
  ),
  scanned: z.number(),
  continue: nullableString,
  site: evidenceSite,
})
