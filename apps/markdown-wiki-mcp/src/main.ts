// markdown-wiki-mcp: settings → markdown-folder source → tools → server → stdio or HTTP, through
// mcp-core's runServerCli.
import { createServer } from '@wiki/mcp-core'
import { readSvgIcon, runServerCli } from '@wiki/mcp-core/node'
import { createMarkdownFolderSource } from '@wiki/wiki-adapters/markdown-folder'
import { OPTIONS, readConfig } from './config.js'
import { buildInstructions } from './instructions.js'
import { servicePages } from './service-pages.js'
import { selectTools } from './server-tools.js'
import { toToolError } from './tools/shared.js'

await runServerCli({
  packageJson: new URL('../package.json', import.meta.url),
  summary: 'MCP server for a Markdown LLM wiki (pages in wiki/, sources in raw/).',
  options: OPTIONS,
  settings: readConfig,
  async serve(config, context) {
    const http = context.transport === 'http'
    const source = await createMarkdownFolderSource({
      wikiPath: config.wikiPath,
      rawPath: config.rawPath,
      schema: config.schema,
      timeZone: config.timeZone,
      language: config.language,
      indexPath: config.indexPath,
    })
    // HTTP serves read tools only (raw ones only when asked); stdio all, or all but the writes.
    const exposure = http
      ? { writes: false, raw: config.exposeRaw }
      : { writes: !config.readOnly, raw: true }
    const services = servicePages(config.wikiPath)
    // an LLM wiki keeps a log (created on first use); a folder of notes only when it has one or asks
    const log = config.schema.fields.length > 0 || services.log || config.log
    const tools = selectTools({ source, schema: config.schema }, { ...exposure, log })
    const names = tools.map((tool) => tool.name)
    const server = createServer({
      name: context.name,
      version: context.version,
      instructions: buildInstructions({
        domain: config.domain,
        schema: config.schema,
        tools: names,
        services,
      }),
      icons: [readSvgIcon(new URL('../icon.svg', import.meta.url))],
      tools,
      readOnly: !exposure.writes,
      onError: toToolError,
    })
    const pages = await source.pageCount()
    const rawNote = exposure.raw
      ? 'raw tools exposed'
      : http && config.exposeRawValue !== undefined
        ? `raw tools hidden (MCP_HTTP_EXPOSE_RAW=${JSON.stringify(config.exposeRawValue)} is not exactly "true")`
        : 'raw tools hidden'
    return {
      server,
      summary: `${!http && config.readOnly ? 'read-only; ' : ''}schema ${config.schemaName}; ${pages} pages indexed in ${source.indexingMs} ms; ${source.mode} mode; tools ${names.join(', ')}; ${rawNote}; schema ${config.schemaName} ${config.schemaReason}`,
      close: () => source.close(),
    }
  },
})
