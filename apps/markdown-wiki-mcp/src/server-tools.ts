import type { Tool } from '@wiki/mcp-core'
import type { ToolDeps } from './tools/shared.js'
import { wikiAppendLog } from './tools/wiki-append-log.js'
import { wikiChecksum } from './tools/wiki-checksum.js'
import { wikiEditPage } from './tools/wiki-edit-page.js'
import { wikiMovePage } from './tools/wiki-move-page.js'
import { wikiDeletePage } from './tools/wiki-delete-page.js'
import { wikiRecentChanges } from './tools/wiki-recent-changes.js'
import { wikiListTags } from './tools/wiki-list-tags.js'
import { wikiGraph } from './tools/wiki-graph.js'
import { wikiListPages } from './tools/wiki-list-pages.js'
import { wikiListRaw } from './tools/wiki-list-raw.js'
import { wikiRawDiff } from './tools/wiki-raw-diff.js'
import { wikiReadPage } from './tools/wiki-read-page.js'
import { wikiReadRaw } from './tools/wiki-read-raw.js'
import { wikiSearch } from './tools/wiki-search.js'
import { wikiStatus } from './tools/wiki-status.js'
import { wikiWritePage } from './tools/wiki-write-page.js'

/** Which groups of tools a transport registers: absent tools are never registered. */
export interface Exposure {
  readonly writes: boolean
  readonly raw: boolean
  /** `wikiAppendLog` with the writes; `true` when not given. */
  readonly log?: boolean | undefined
}

/** The tools for one transport, in a stable order. */
export function selectTools(deps: ToolDeps, exposure: Exposure): Tool[] {
  const tools = [
    wikiSearch(deps),
    wikiListPages(deps),
    wikiReadPage(deps),
    wikiGraph(deps),
    wikiStatus(deps),
    wikiRecentChanges(deps),
    wikiListTags(deps),
  ]
  if (exposure.writes) tools.push(wikiWritePage(deps))
  if (exposure.writes && exposure.log !== false) tools.push(wikiAppendLog(deps))
  if (exposure.writes) tools.push(wikiEditPage(deps), wikiMovePage(deps), wikiDeletePage(deps))
  if (exposure.raw)
    tools.push(wikiListRaw(deps), wikiReadRaw(deps), wikiChecksum(deps), wikiRawDiff(deps))
  return tools
}
