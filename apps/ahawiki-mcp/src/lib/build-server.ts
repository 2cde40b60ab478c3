import { createServer, type ServerDefinition } from '@wiki/mcp-core'
import { readSvgIcon } from '@wiki/mcp-core/node'
import type { AhaWikiSource } from '@wiki/wiki-adapters/ahawiki'
import { listPagesTool } from '../tools/ahawiki-list-pages.js'
import { readPageTool } from '../tools/ahawiki-read-page.js'
import { recentChangesTool } from '../tools/ahawiki-recent-changes.js'
import { savePageTool } from '../tools/ahawiki-save-page.js'
import { searchTool } from '../tools/ahawiki-search.js'
import { toToolError } from './to-tool-error.js'

export const INSTRUCTIONS =
  'AhaWiki pages, read through the owner of the configured API key. Find pages with ahawiki_search ' +
  'or ahawiki_list_pages, then ahawiki_read_page. To edit (only when ahawiki_save_page is offered): ' +
  'read first, then save the whole page with the revision you read and a comment. On ' +
  'revision_conflict, read again, merge your change into the latest text and save with the new ' +
  'revision; never retry blindly. All dateTime values are KST (UTC+9) without an offset.'

/**
 * The server definition. The save tool exists only when `write` is on; over HTTP the caller
 * passes `write: false` and `readOnly` so the definition itself refuses write tools.
 */
export function buildServer(
  source: AhaWikiSource,
  options: { version: string; write: boolean; readOnly: boolean; icon: URL },
): ServerDefinition {
  const tools = [
    searchTool(source),
    readPageTool(source),
    listPagesTool(source),
    recentChangesTool(source),
  ]
  return createServer({
    name: 'ahawiki-mcp',
    title: 'AhaWiki',
    version: options.version,
    instructions: INSTRUCTIONS,
    icons: [readSvgIcon(options.icon)],
    tools: options.write && !options.readOnly ? [...tools, savePageTool(source)] : tools,
    readOnly: options.readOnly,
    onError: toToolError,
  })
}
