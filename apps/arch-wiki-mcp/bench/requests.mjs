#!/usr/bin/env node
// API requests per tool call on the recorded Arch Wiki corpus (offline replay counts each read as
// one request), cold and warm. The list tools, history and diff have no Arch recordings: their
// counts come from the local MediaWiki (test/e2e/request-counts.test.ts). Needs a build.
// Writes <repo>/bench/results/arch-wiki-mcp-requests.json.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createBackend, siteFrom } from '../dist/create-backend.js'
import { createDirectoryStore } from '../dist/directory-store.js'
import { archWikiTools } from '../dist/server.js'
import { requestCounts, requestTable } from './request-counts.mjs'

const here = dirname(fileURLToPath(import.meta.url))
const repo = resolve(here, '../../..')
const dir = resolve(process.env.WIKI_SHARED_DIR ?? join(repo, '../shared'), 'arch-fixtures')
if (!existsSync(dir)) {
  console.log(`skipped: ${dir} is absent (the recorded Arch Wiki corpus is not redistributed)`)
  process.exit(0)
}

const site = siteFrom({
  wikiUrl: 'https://wiki.archlinux.org',
  articlePath: '/title/$1',
  apiPath: '/api.php',
})
const makeTools = (onRequest) => {
  const backend = createBackend({
    site,
    source: { offline: createDirectoryStore(dir), cacheTtl: 60_000, onRequest },
  })
  return Object.fromEntries(archWikiTools(backend).map((t) => [t.name, t]))
}

const evidence = {
  title: 'GRUB',
  source_url: 'https://wiki.archlinux.org/title/GRUB#Installation',
  revid: 858930,
  content_hash: '8b8dfad439a8fb73f328ec9c2da75cf575e7a24ad945d3890ddc626f180b7a44',
}
const rows = await requestCounts(makeTools, [
  { tool: 'search', args: { query: 'GRUB' } },
  { tool: 'page', args: { title_or_url: 'GRUB' } },
  { tool: 'page', label: 'GRUB at revid 858930', args: { title_or_url: 'GRUB', revid: 858930 } },
  { tool: 'sections', args: { title_or_url: 'GRUB' } },
  { tool: 'section', args: { title_or_url: 'GRUB', anchor: 'Installation' } },
  { tool: 'commands', args: { title_or_url: 'GRUB', anchor: 'Installation' } },
  { tool: 'warnings', args: { title_or_url: 'Iwd', anchor: 'Usage' } },
  {
    tool: 'warnings',
    label: 'French guide (aliases)',
    args: { title_or_url: 'Installation guide (Français)' },
  },
  { tool: 'links', args: { title_or_url: 'Installation guide' } },
  {
    tool: 'verify',
    label: 'revid + hash',
    args: { revid: evidence.revid, content_hash: evidence.content_hash },
  },
  {
    tool: 'recheck',
    label: 'GRUB command',
    args: {
      kind: 'commands',
      title_or_url: 'GRUB',
      anchor: 'Installation',
      revid: evidence.revid,
      content_hash: evidence.content_hash,
    },
  },
])
console.log('API requests per call, recorded Arch Wiki corpus (cold: fresh server; warm: again)')
console.log(requestTable(rows))
const out = join(repo, 'bench/results')
mkdirSync(out, { recursive: true })
writeFileSync(
  join(out, 'arch-wiki-mcp-requests.json'),
  `${JSON.stringify({ corpus: 'arch-fixtures', date: new Date().toISOString(), rows }, null, 2)}\n`,
)
