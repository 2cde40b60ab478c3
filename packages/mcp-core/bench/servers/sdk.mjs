// Benchmark server on the official SDK's McpServer 1.32.2, serving the same echo tool:
// `stdio` with StdioServerTransport, or `http` with the SDK's documented stateless pattern (a new
// McpServer and StreamableHTTPServerTransport per request, JSON responses) behind bare node:http.
// HTTP mode prints `listening <url>` on stderr.
import { createServer as createHttpServer } from 'node:http'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import { echoDescription, echoInput, echoOutput } from './echo-schema.mjs'

function newServer() {
  const server = new McpServer({ name: 'bench-sdk', version: '0.0.0' })
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
  const http = createHttpServer((req, res) => {
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (chunk) => (body += chunk))
    req.on('end', async () => {
      const server = newServer()
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      })
      res.on('close', () => {
        void transport.close()
        void server.close()
      })
      try {
        await server.connect(transport)
        await transport.handleRequest(req, res, JSON.parse(body))
      } catch (error) {
        process.stderr.write(`sdk bench server: ${error}\n`)
        if (!res.headersSent) res.writeHead(500).end()
      }
    })
  })
  http.listen(0, '127.0.0.1', () => {
    const { port } = http.address()
    process.stderr.write(`listening http://127.0.0.1:${port}/mcp\n`)
  })
} else {
  await newServer().connect(new StdioServerTransport())
}
