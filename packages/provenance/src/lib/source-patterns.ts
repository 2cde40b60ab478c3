/**
 * The vocabulary of evidence fields that take one of a few values, as runtime lists so that
 * schemas (zod, JSON Schema) derive from them instead of restating them. Each type below is the
 * union of its list.
 */

/** Where a quoted text came from, as `verify` and `recheck` name it. */
export const SOURCE_PATTERNS = [
  'page',
  'section',
  'template_bc',
  'template_hc',
  'indented_block',
  'warning',
] as const
export type SourcePattern = (typeof SOURCE_PATTERNS)[number]

/** The patterns of a `commands` item, in the order `commands` lists them. */
export const CODE_SOURCE_PATTERNS = ['template_bc', 'template_hc', 'indented_block'] as const
export type CodeSourcePattern = (typeof CODE_SOURCE_PATTERNS)[number]

/** A `commands` item's `block_type`, one per code source pattern. */
export const BLOCK_TYPES: Readonly<Record<CodeSourcePattern, BlockType>> = {
  template_bc: 'block_code',
  template_hc: 'file_content',
  indented_block: 'preformatted',
}
export type BlockType = 'block_code' | 'file_content' | 'preformatted'

/** A `warnings` item's `type`. */
export const ADMONITION_TYPES = ['NOTE', 'WARNING', 'TIP', 'CAUTION'] as const
export type AdmonitionType = (typeof ADMONITION_TYPES)[number]

/** What `recheck` compares. */
export const RECHECK_KINDS = ['page', 'section', 'commands', 'warnings'] as const
export type RecheckKind = (typeof RECHECK_KINDS)[number]

export const RECHECK_STATUSES = ['unchanged', 'changed', 'gone'] as const
export type RecheckStatus = (typeof RECHECK_STATUSES)[number]

export const GONE_REASONS = ['page_not_found', 'section_not_found', 'block_not_found'] as const
export type GoneReason = (typeof GONE_REASONS)[number]

/** How `verify` checked: by occurrence only, or against items re-extracted from the revision. */
export const VERIFY_METHODS = ['substring', 're-extraction'] as const
export type VerifyMethod = (typeof VERIFY_METHODS)[number]
