// Benchmark server on @wiki/mcp-core (the built package): `stdio`, or `http` with bearer auth on
// (token from MCP_HTTP_TOKEN). HTTP mode prints `listening <url>` on stderr.
import { createServer, defineTool } from '@wiki/mcp-core'
import { echoDescription, echoInput, echoOutput } from './echo-schema.mjs'

const server = createServer({
  name: 'bench-ours',
  version: '0.0.0',
  tools: [
    defineTool({
      name: 'echo',
      description: echoDescription,
      input: echoInput,
      output: echoOutput,
      access: 'read',
      handler: (args) => ({ text: args.text }),
    }),
  ],
})
// Info logs (e.g. the listening line) are not part of the measurement; keep stderr quiet.
const log = { debug() {}, info() {}, warn() {}, error: (m) => process.stderr.write(`${m}\n`) }

if (process.argv[2] === 'http') {
  const { serveHttp } = await import('@wiki/mcp-core/node')
  const handle = await serveHttp(server, {
    host: '127.0.0.1',
    port: 0,
    auth: { tokens: [process.env.MCP_HTTP_TOKEN ?? ''] },
    log,
  })
  process.stderr.write(`listening ${handle.url}\n`)
} else {
  const { serveStdio } = await import('@wiki/mcp-core/stdio')
  serveStdio(server, { log })
}
