// ahawiki-mcp: MCP server for AhaWiki over its REST API: read by default, never overwriting.
process.stderr.write('ahawiki-mcp: not implemented yet\n')
process.exitCode = 1
