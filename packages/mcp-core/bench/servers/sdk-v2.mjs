// Benchmark server on the official SDK v2 (@modelcontextprotocol/server 2.4.0), serving the same
// echo tool at MCP 2026-07-28: `stdio` through its serveStdio, or `http` through its
// createMcpHandler (a server instance per request, as the SDK builds it) behind bare node:http,
// which turns each request into a Web Request as a fetch-style runtime would. HTTP mode prints
// `listening <url>` on stderr.
import { createServer as createHttpServer } from 'node:http'
import { Readable } from 'node:stream'
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server'
import { serveStdio } from '@modelcontextprotocol/server/stdio'
import { echoDescription, echoInput, echoOutput } from './echo-schema.mjs'

function newServer() {
  const server = new McpServer(
    { name: 'bench-sdk-v2', version: '0.0.0' },
    { capabilities: { tools: {} } },
  )
  server.registerTool(
    'echo',
    {
      description: echoDescription,
      inputSchema: echoInput,
      outputSchema: echoOutput,
      annotations: { readOnlyHint: true },
    },
    (args) => ({
      content: [{ type: 'text', text: JSON.stringify({ text: args.text }) }],
      structuredContent: { text: args.text },
    }),
  )
  return server
}

if (process.argv[2] === 'http') {
  const handler = createMcpHandler(newServer)
  const http = createHttpServer(async (req, res) => {
    const headers = new Headers()
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === 'string') headers.set(name, value)
    }
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD'
    const request = new Request(`http://${req.headers.host ?? '127.0.0.1'}${req.url ?? '/'}`, {
      method: req.method,
      headers,
      ...(hasBody ? { body: Readable.toWeb(req), duplex: 'half' } : {}),
    })
    const response = await handler.fetch(request)
    res.writeHead(response.status, Object.fromEntries(response.headers))
    res.end(Buffer.from(await response.arrayBuffer()))
  })
  http.keepAliveTimeout = 60_000
  http.listen(0, '127.0.0.1', () => {
    const { port } = http.address()
    process.stderr.write(`listening http://127.0.0.1:${port}/mcp\n`)
  })
  process.on('SIGTERM', () => {
    http.close()
    http.closeAllConnections()
    process.exit(0)
  })
} else {
  serveStdio(newServer)
}
