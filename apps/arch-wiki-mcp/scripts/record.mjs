#!/usr/bin/env node
// Re-records MediaWiki API answers for offline replay, with exactly the
// requests the server sends. Runs on the built packages: `pnpm --filter arch-wiki-mcp build` first.
//
//   pnpm --filter arch-wiki-mcp record -- --wiki-url <url> [--article-path P] [--api-path P]
//     --out <dir> [--force] <titles…> [--search <q>]… [--siteinfo] [--oldid <N>]… [--history <title>]…
import { realpathSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { recordMediaWiki } from '@wiki/wiki-adapters/mediawiki'
import { siteFrom, templateNames } from '../dist/create-backend.js'
import { createDirectoryStore } from '../dist/directory-store.js'

const USAGE =
  'Usage: record --wiki-url URL [--article-path P] [--api-path P] --out DIR [--force] TITLE… [--search Q]… [--siteinfo] [--oldid N]… [--history TITLE]…'

function parse(argv) {
  const out = {
    wikiUrl: undefined,
    articlePath: '/title/$1',
    apiPath: '/api.php',
    dir: undefined,
    force: false,
    titles: [],
    searches: [],
    siteinfo: false,
    oldids: [],
    histories: [],
  }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]
    const value = () => {
      const next = argv[++i]
      if (next === undefined) throw new Error(`${arg} needs a value. ${USAGE}`)
      return next
    }
    if (arg === '--') continue
    else if (arg === '--wiki-url') out.wikiUrl = value()
    else if (arg === '--article-path') out.articlePath = value()
    else if (arg === '--api-path') out.apiPath = value()
    else if (arg === '--out') out.dir = value()
    else if (arg === '--force') out.force = true
    else if (arg === '--search') out.searches.push(value())
    else if (arg === '--siteinfo') out.siteinfo = true
    else if (arg === '--history') out.histories.push(value())
    else if (arg === '--oldid') {
      const n = Number(value())
      if (!Number.isSafeInteger(n) || n < 1) throw new Error(`--oldid: expected a revision id`)
      out.oldids.push(n)
    } else if (arg.startsWith('--')) throw new Error(`Unknown flag ${arg}. ${USAGE}`)
    else out.titles.push(arg)
  }
  if (!out.wikiUrl || !out.dir) throw new Error(USAGE)
  return out
}

/** Records into `dir`; returns the recording names asked for. Exported for the live test. */
export async function record(options) {
  const site = siteFrom(options)
  const { files } = await recordMediaWiki({
    apiUrl: `${site.base}${site.apiPath}`,
    userAgent: 'arch-wiki-mcp-record (+https://github.com/wiki-mcp/wiki-mcp)',
    store: createDirectoryStore(options.dir, { create: true }),
    force: options.force,
    titles: options.titles,
    searches: options.searches,
    siteinfo: options.siteinfo,
    oldids: options.oldids,
    histories: options.histories,
    templateNames,
  })
  return files
}

// Run as a script (not imported): compare real paths, so symlinks and spaces do not matter.
const invoked = process.argv[1] && pathToFileURL(realpathSync(process.argv[1])).href
if (import.meta.url === invoked) {
  try {
    const files = await record(parse(process.argv.slice(2)))
    process.stderr.write(`recorded ${files.length} answers:\n${files.join('\n')}\n`)
  } catch (error) {
    process.stderr.write(`record: ${error instanceof Error ? error.message : String(error)}\n`)
    process.exitCode = 2
  }
}
