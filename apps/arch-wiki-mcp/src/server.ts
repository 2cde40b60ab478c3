// The server definition: read-only tools and one prompt over a backend. One definition may
// be served on stdio and HTTP at once; caches live in the backend, one per process.
import { createServer } from '@wiki/mcp-core'
import { readSvgIcon } from '@wiki/mcp-core/node'
import type { Backend } from './backend.js'
import { toToolError } from './errors.js'
import { asSiteSet, type SiteSet } from './sites.js'
import { archWikiUsage } from './prompts/arch-wiki-usage.js'
import { backlinksTool } from './tools/backlinks.js'
import { categoriesTool } from './tools/categories.js'
import { categoryTool } from './tools/category.js'
import { commandsTool } from './tools/commands.js'
import { diffTool } from './tools/diff.js'
import { historyTool } from './tools/history.js'
import { linksTool } from './tools/links.js'
import { pageTool } from './tools/page.js'
import { recentChangesTool } from './tools/recent-changes.js'
import { recheckTool } from './tools/recheck.js'
import { searchTool } from './tools/search.js'
import { sectionTool } from './tools/section.js'
import { sectionsTool } from './tools/sections.js'
import { verifyTool } from './tools/verify.js'
import { warningsTool } from './tools/warnings.js'

export const INSTRUCTIONS =
  'Quote the wiki only with provenance. search, sections, categories, category, backlinks and recent_changes are pointers; page, section, commands, warnings and diff are evidence carrying revid, revision_url and SHA-256 hashes; links and history are attributed; pass revid to read an old revision, and site to pick one of several configured wikis (site: "wikipedia-en"; evidence names its site). Cite revision_url with content_hash, show warnings before commands, keep <placeholders>, and fail rather than guess. The arch-wiki-usage prompt has the full rules.'

/** The tools in the order tools/list shows them. */
export function archWikiTools(sitesOrBackend: SiteSet | Backend) {
  const sites = asSiteSet(sitesOrBackend)
  return [
    searchTool(sites),
    pageTool(sites),
    sectionsTool(sites),
    sectionTool(sites),
    commandsTool(sites),
    warningsTool(sites),
    linksTool(sites),
    verifyTool(sites),
    recheckTool(sites),
    historyTool(sites),
    diffTool(sites),
    categoriesTool(sites),
    categoryTool(sites),
    backlinksTool(sites),
    recentChangesTool(sites),
  ] as const
}

export function createArchWikiServer(sites: SiteSet | Backend, version: string) {
  return createServer({
    name: 'arch-wiki-mcp',
    title: 'Arch Wiki (citable)',
    version,
    instructions: INSTRUCTIONS,
    icons: [readSvgIcon(new URL('../icon.svg', import.meta.url))],
    tools: [...archWikiTools(sites)],
    prompts: [archWikiUsage],
    // Every tool is read-only, so the same definition may be served over HTTP.
    readOnly: true,
    onError: toToolError,
  })
}
