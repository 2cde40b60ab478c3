// The project's main job on its built-in defaults: start each of the three servers on data that
// ships with the repository, talk to each as an MCP client (the official SDK client over stdio),
// and print a short transcript. No network beyond loopback: arch-wiki-mcp replays our own recorded
// MediaWiki fixtures, markdown-wiki-mcp serves a copy of the example wiki, ahawiki-mcp talks to
// the fake AhaWiki on 127.0.0.1.
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'

const root = new URL('..', import.meta.url).pathname
const out = (line = '') => process.stdout.write(`${line}\n`)
const heading = (text) => out(`\n━━ ${text} ${'━'.repeat(Math.max(0, 72 - text.length))}`)
const short = (hash) => (typeof hash === 'string' ? `${hash.slice(0, 16)}…` : String(hash))
const indent = (text, prefix = '    ') =>
  String(text)
    .split('\n')
    .map((l) => prefix + l)
    .join('\n')

async function connect(app, env) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [join(root, 'apps', app, 'bin.js'), '--stdio'],
    env: { PATH: process.env.PATH ?? '', ...env },
    stderr: 'pipe',
  })
  const client = new Client({ name: 'wiki-mcp-demo', version: '1.0.0' })
  await client.connect(transport)
  return client
}

async function call(client, name, args) {
  const result = await client.callTool({ name, arguments: args })
  const text = result.content?.[0]?.type === 'text' ? result.content[0].text : '{}'
  return { isError: result.isError === true, value: result.structuredContent ?? JSON.parse(text) }
}

// A failed call's text is {"error": message, "code": code, …}.
const errorOf = (value) => `${value.code}: ${value.error}`

async function archWiki() {
  heading('arch-wiki-mcp — a cited command block and the warnings above it (offline)')
  // Our own pages, recorded from a local MediaWiki (fixtures/mediawiki/README.md).
  const client = await connect('arch-wiki-mcp', {
    ARCH_WIKI_OFFLINE: join(root, 'fixtures', 'mediawiki', 'recordings'),
    ARCH_WIKI_URL: 'http://127.0.0.1:8080',
    ARCH_WIKI_ARTICLE_PATH: '/index.php/$1',
  })
  try {
    const { tools } = await client.listTools()
    out(`tools: ${tools.map((t) => t.name).join(', ')}`)
    const where = { title_or_url: 'Example boot loader', anchor: 'Installation' }
    out(`\ncommands and warnings of "${where.title_or_url}" § ${where.anchor}`)
    const warnings = await call(client, 'warnings', where)
    for (const warning of warnings.value.warnings) {
      out(`  ${warning.type}: ${warning.message}`)
      out(`    content_hash ${short(warning.content_hash)}  ${warning.revision_url}`)
    }
    const commands = await call(client, 'commands', where)
    const block = commands.value.commands[0]
    out(
      `\n  ${block.block_type} (${block.source_pattern}), placeholders ${JSON.stringify(block.placeholders)}:`,
    )
    out(indent(block.content))
    out(`    revision_url          ${block.revision_url}`)
    out(`    revision_wikitext_url ${block.revision_wikitext_url}`)
    out(`    content_hash          ${block.content_hash}`)
    out(`    content_hash_cleaned  ${block.content_hash_cleaned}`)
    const verdict = await call(client, 'verify', { evidence: block })
    out(`  verify(evidence) → reproduced: ${verdict.value.reproduced}`)

    const french = await call(client, 'warnings', { title_or_url: "Guide d'exemple" })
    const alias = french.value.warnings.find((w) => w.alias !== null)
    out(`\n  {{${alias.alias}}} on "Guide d'exemple" → ${alias.type} through ${alias.alias_target}`)
    out(`    "${alias.message}"  alias_revid ${alias.alias_revid}  ${alias.alias_revision_url}`)

    const missing = await call(client, 'section', {
      title_or_url: 'Example boot loader',
      anchor: 'Nope',
    })
    out(`\n  section(…, "Nope") → isError, ${errorOf(missing.value)}`)
  } finally {
    await client.close()
  }
}

async function markdownWiki() {
  heading('markdown-wiki-mcp — search, read with checksum, a refused and a successful write')
  const dir = mkdtempSync(join(tmpdir(), 'wiki-mcp-demo-'))
  cpSync(join(root, 'fixtures', 'markdown-wiki'), dir, { recursive: true })
  const client = await connect('markdown-wiki-mcp', { WIKI_PATH: dir })
  try {
    const search = await call(client, 'wikiSearch', { q: 'dns' })
    out(`wikiSearch("dns") → ${search.value.total} pages`)
    for (const hit of search.value.results.slice(0, 3)) out(`  ${hit.path}  "${hit.title}"`)
    const page = await call(client, 'wikiReadPage', { slug: 'dns' })
    out(`wikiReadPage("dns") → ${page.value.path}, sha256 ${page.value.sha256}`)
    const escape = await call(client, 'wikiWritePage', { path: '../escape.md', content: '# no\n' })
    out(`wikiWritePage("../escape.md") → refused, ${errorOf(escape.value)}`)
    const content = [
      '---',
      'tipo: concetto',
      'tags: [demo]',
      'fonti: []',
      'aggiornato: 2026-11-29',
      'stato: bozza',
      '---',
      '',
      '# Demo',
      '',
      'Una pagina scritta dalla demo; rimanda al [[dns]].',
      '',
    ].join('\n')
    const written = await call(client, 'wikiWritePage', {
      path: 'concetti/demo.md',
      content,
      expectedChecksum: '',
    })
    out(
      written.isError
        ? `wikiWritePage("concetti/demo.md") → ${errorOf(written.value)}`
        : `wikiWritePage("concetti/demo.md") → written, sha256 ${short(written.value.sha256)}`,
    )
  } finally {
    await client.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

async function ahaWiki() {
  heading('ahawiki-mcp — read, a concurrent edit, a refused save, a merged save')
  const fakeModule = join(root, 'apps', 'ahawiki-mcp', 'test', 'fake', 'fake-ahawiki.mjs')
  const { startFakeAhaWiki, demoPages, DEMO_KEY } = await import(fakeModule)
  const fake = await startFakeAhaWiki({ pages: demoPages() })
  const client = await connect('ahawiki-mcp', {
    AHAWIKI_BASE_URL: fake.baseUrl ?? fake.url,
    AHAWIKI_API_KEY: DEMO_KEY,
    AHAWIKI_MCP_WRITE: '1',
  })
  try {
    const list = await call(client, 'ahawiki_list_pages', {})
    const name = (list.value.pages ?? list.value.items ?? [])[0]?.name
    const read = await call(client, 'ahawiki_read_page', { name })
    out(`ahawiki_read_page("${name}") → revision ${read.value.revision}`)
    const newer = fake.bumpRevision(name, { comment: 'someone else edited the page on the web' })
    out(`(meanwhile someone saves revision ${newer} on the web)`)
    const stale = await call(client, 'ahawiki_save_page', {
      name,
      text: `${read.value.text}\nAdded by the demo.\n`,
      revision: read.value.revision,
      comment: 'demo: add a line',
    })
    out(`ahawiki_save_page(revision ${read.value.revision}) → refused, ${errorOf(stale.value)}`)
    const fresh = await call(client, 'ahawiki_read_page', { name })
    const saved = await call(client, 'ahawiki_save_page', {
      name,
      text: `${fresh.value.text}\nAdded by the demo.\n`,
      revision: fresh.value.revision,
      comment: 'demo: add a line after re-reading',
    })
    out(
      `re-read at revision ${fresh.value.revision}; ahawiki_save_page → saved as revision ${saved.value.revision}`,
    )
  } finally {
    await client.close()
    await fake.close()
  }
}

out('wiki-mcp demo: three MCP servers, each started over stdio and called by the MCP SDK client.')
let failed = false
for (const part of [archWiki, markdownWiki, ahaWiki]) {
  try {
    await part()
  } catch (error) {
    failed = true
    process.stderr.write(
      `demo: ${part.name} failed: ${error instanceof Error ? error.message : String(error)}\n`,
    )
  }
}
out()
process.exitCode = failed ? 1 : 0
