import type { FrontmatterSchema } from '@wiki/wiki-adapters/markdown-folder'

const DEFAULT_DOMAIN =
  'This server maintains a Markdown knowledge wiki: pages in wiki/, immutable sources in raw/.'

/**
 * The `initialize` instructions, built from the schema and the registered tools only: a step that
 * needs a missing tool is left out. mcp-core caps them at 2048 bytes, so every line is terse.
 */
export function buildInstructions(options: {
  domain: string | undefined
  schema: FrontmatterSchema
  tools: readonly string[]
}): string {
  const has = (name: string): boolean => options.tools.includes(name)
  const writes = has('wikiWritePage') && has('wikiAppendLog')
  const raw = has('wikiListRaw') && has('wikiReadRaw')
  const it = options.schema.language === 'it'
  const lines: string[] = [options.domain ?? DEFAULT_DOMAIN]
  lines.push(
    `QUERY: wikiReadPage("index") first, then wikiSearch, wikiReadPage, wikiListPages; cite page slugs.${writes ? ' File good answers back as pages and log them.' : ''}`,
  )
  if (raw && writes) {
    lines.push(
      'INGEST: compare wikiListRaw/wikiChecksum with sources.md (absent = new, equal = done, different = work from wikiRawDiff); wikiReadRaw; prefer updating pages; mark contradictions; link both ways; update sources.md and index.md; log. Ask before touching > 15 pages or creating > 5.',
    )
  }
  lines.push(
    `LINT: wikiGraph (orphans, broken, ambiguous), wikiStatus, wikiListPages${raw ? ', stale sources via wikiListRaw' : ''}${writes ? `; write ${it ? 'analisi' : 'analysis'}/lint-YYYY-MM-DD.md; log` : ''}.`,
  )
  if (writes) {
    const keys = options.schema.fields
      .map((f) => (f.values ? `${f.key} (${f.values.join('|')})` : f.key))
      .join(', ')
    lines.push(
      `WRITE with wikiWritePage: paths relative to wiki/, never raw/. Frontmatter: ${keys}; exempt: ${options.schema.exempt.join(', ') || 'none'}. Edit fileText and pass sha256 as expectedChecksum; on conflict re-read, merge, retry.${has('wikiEditPage') ? ' Small changes: wikiEditPage. Rename: wikiMovePage (fixes links). wikiDeletePage refuses linked pages.' : ' No delete or move.'}`,
    )
    lines.push('LOG: wikiAppendLog kind + title builds "## [YYYY-MM-DD] kind | title".')
  } else {
    lines.push('This instance is read-only: wikiWritePage and wikiAppendLog are not available.')
  }
  if (!raw) lines.push('Sources in raw/ are not served by this instance.')
  lines.push(
    'CONVENTIONS: one concept per page, [[wikilinks]]; index.md lists "- [[slug]] — summary"; overview.md is the synthesis; sources.md has one row per source (File | SHA256 (12) | Last ingest | Pages touched).',
  )
  return lines.join('\n')
}
