import type { FrontmatterSchema } from '@wiki/wiki-adapters/markdown-folder'

/** The root pages an LLM wiki reads by name; instructions mention only those the wiki has. */
export interface ServicePages {
  readonly index: boolean
  readonly log: boolean
  readonly sources: boolean
  readonly overview: boolean
}

const ALL_SERVICE_PAGES: ServicePages = { index: true, log: true, sources: true, overview: true }

const LLM_WIKI_DOMAIN =
  'This server maintains a Markdown knowledge wiki: pages in wiki/, immutable sources in raw/.'
const NOTES_DOMAIN = 'This server serves a folder of Markdown notes.'

/**
 * The `initialize` instructions, built from the schema, the service pages the wiki has and the
 * registered tools only: a step that needs a missing tool or page is left out, and a schema that
 * declares no field (notes) gets no LLM-wiki upkeep (lint pages, source registry). mcp-core caps
 * them at 2048 bytes, so every line is terse.
 */
export function buildInstructions(options: {
  domain: string | undefined
  schema: FrontmatterSchema
  tools: readonly string[]
  /** Which service pages exist; all of them when not given. */
  services?: ServicePages | undefined
}): string {
  const has = (name: string): boolean => options.tools.includes(name)
  const service = options.services ?? ALL_SERVICE_PAGES
  const writes = has('wikiWritePage')
  const log = has('wikiAppendLog')
  const raw = has('wikiListRaw') && has('wikiReadRaw')
  const llmWiki = options.schema.fields.length > 0
  const it = options.schema.language === 'it'
  const lines: string[] = [options.domain ?? (llmWiki ? LLM_WIKI_DOMAIN : NOTES_DOMAIN)]
  lines.push(
    `QUERY: ${service.index ? 'wikiReadPage("index") first, then ' : ''}wikiSearch, wikiReadPage, wikiListPages; cite page slugs.${writes ? ` File good answers back as pages${log ? ' and log them' : ''}.` : ''}`,
  )
  if (raw && writes) {
    const registry = llmWiki && service.sources
    const update = [registry ? 'sources.md' : '', service.index ? 'index.md' : ''].filter(Boolean)
    lines.push(
      `INGEST: ${registry ? 'compare wikiListRaw/wikiChecksum with sources.md (absent = new, equal = done, different = work from wikiRawDiff)' : 'wikiListRaw, wikiRawDiff for changes'}; wikiReadRaw; prefer updating pages; mark contradictions; link both ways${update.length > 0 ? `; update ${update.join(' and ')}` : ''}${log ? '; log' : ''}. Ask before touching > 15 pages or creating > 5.`,
    )
  }
  const lintPage =
    writes && llmWiki ? `; write ${it ? 'analisi' : 'analysis'}/lint-YYYY-MM-DD.md` : ''
  lines.push(
    `LINT: wikiGraph (orphans, broken, ambiguous), wikiStatus, wikiListPages${raw ? ', stale sources via wikiListRaw' : ''}${lintPage}${lintPage && log ? '; log' : ''}.`,
  )
  if (writes) {
    const keys = options.schema.fields
      .map((f) => (f.values ? `${f.key} (${f.values.join('|')})` : f.key))
      .join(', ')
    const frontmatter = llmWiki
      ? `Frontmatter: ${keys}; exempt: ${options.schema.exempt.join(', ') || 'none'}.`
      : 'Frontmatter is optional and any YAML keys are kept; keep the ones a page has.'
    lines.push(
      `WRITE with wikiWritePage: paths relative to wiki/, never raw/. ${frontmatter} wikiReadPage full: true gives fileText: edit it, pass sha256 as expectedChecksum; on conflict re-read, merge, retry.${has('wikiEditPage') ? ' Small changes: wikiEditPage. Rename: wikiMovePage (fixes links). wikiDeletePage refuses linked pages.' : ' No delete or move.'}`,
    )
    if (log) {
      lines.push(
        `LOG: wikiAppendLog kind + title builds "## [YYYY-MM-DD] kind | title"${llmWiki ? '' : ' (kind is free text)'}.`,
      )
    }
  } else {
    lines.push('This instance is read-only: wikiWritePage and wikiAppendLog are not available.')
  }
  if (!raw) lines.push('Sources in raw/ are not served by this instance.')
  const conventions = ['[[wikilinks]] resolve by path, basename or alias']
  if (llmWiki) conventions.unshift('one concept per page')
  if (service.index) conventions.push('index.md lists "- [[slug]] — summary"')
  if (service.overview) conventions.push('overview.md is the synthesis')
  if (service.sources && llmWiki) {
    conventions.push(
      'sources.md has one row per source (File | SHA256 (12) | Last ingest | Pages touched)',
    )
  }
  if (!llmWiki) conventions.push('tags: frontmatter tags and inline #tags')
  lines.push(`CONVENTIONS: ${conventions.join('; ')}.`)
  return lines.join('\n')
}
